/**
 * PLACEHOLDER for the Documents attachment service (see /work/briefs/contract.md), written by
 * the Projects branch only so that task attachments can be built and tested before the
 * Documents branch lands. It follows the contract's signatures and errors but keeps file bytes
 * in process memory. The Documents engineer's real implementation replaces this file at merge.
 */
import type { Context } from "hono";
import { uuidv7 } from "uuidv7";
import type { AppEnv } from "../../shared/http/env.ts";
import { problems } from "../../shared/http/problem.ts";
import { recordActivity } from "../../shared/activity/activity.service.ts";

export interface AttachmentOwner {
  module: string;
  entityType: string;
  entityId: string;
}
export interface AttachmentInfo {
  id: string;
  name: string;
  size: number;
  contentType: string;
  sha256: string;
  createdAt: string;
  createdBy: string;
}

const MAX_BYTES = 25 * 1024 * 1024;
const store = new Map<string, { info: AttachmentInfo; bytes: Uint8Array }[]>();
const keyOf = (c: Context<AppEnv>, o: AttachmentOwner) =>
  `${c.var.session.tenantId}/${o.module}/${o.entityType}/${o.entityId}`;

async function audit(c: Context<AppEnv>, o: AttachmentOwner, action: string, f: AttachmentInfo) {
  await c.var.scope((tx) =>
    recordActivity(tx, {
      module: "documents",
      entityType: "attachment",
      entityId: f.id,
      action,
      summary: `${action} ${f.name}`,
      after: { name: f.name, size: f.size, owner: `${o.module}/${o.entityType}/${o.entityId}` },
    })
  );
}

export const attachments = {
  async storeFromRequest(c: Context<AppEnv>, owner: AttachmentOwner): Promise<AttachmentInfo[]> {
    const type = c.req.header("content-type") ?? "";
    if (!type.startsWith("multipart/form-data")) throw problems.badRequest("Not multipart.");
    const length = Number(c.req.header("content-length") ?? "0");
    if (length > MAX_BYTES) throw problems.tooLarge();
    let form: FormData;
    try {
      form = await c.req.raw.formData();
    } catch {
      throw problems.badRequest("The upload could not be read.");
    }
    const files = form.getAll("file").filter((f): f is File => f instanceof File);
    if (!files.length) throw problems.badRequest("No file part.");
    const stored: AttachmentInfo[] = [];
    for (const file of files) {
      if (file.size > MAX_BYTES) throw problems.tooLarge();
      const bytes = new Uint8Array(await file.arrayBuffer());
      const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
      const info: AttachmentInfo = {
        id: uuidv7(),
        name: file.name || "file",
        size: bytes.length,
        contentType: file.type || "application/octet-stream",
        sha256: [...digest].map((b) => b.toString(16).padStart(2, "0")).join(""),
        createdAt: new Date().toISOString(),
        createdBy: c.var.session.userId,
      };
      stored.push(info);
      store.set(keyOf(c, owner), [...(store.get(keyOf(c, owner)) ?? []), { info, bytes }]);
      await audit(c, owner, "upload", info);
    }
    return stored;
  },
  list(c: Context<AppEnv>, owner: AttachmentOwner): Promise<AttachmentInfo[]> {
    return Promise.resolve((store.get(keyOf(c, owner)) ?? []).map((f) => f.info));
  },
  async download(c: Context<AppEnv>, owner: AttachmentOwner, id: string): Promise<Response> {
    const f = (store.get(keyOf(c, owner)) ?? []).find((x) => x.info.id === id);
    if (!f) throw problems.notFound("No such file.");
    await audit(c, owner, "download", f.info);
    return new Response(f.bytes.slice(), {
      headers: {
        "Content-Type": f.info.contentType,
        "Content-Length": String(f.info.size),
        "Content-Disposition": `attachment; filename*=UTF-8''${encodeURIComponent(f.info.name)}`,
        "ETag": `"${f.info.sha256}"`,
        "X-Content-Type-Options": "nosniff",
      },
    });
  },
  remove(c: Context<AppEnv>, owner: AttachmentOwner, id: string): Promise<void> {
    const files = store.get(keyOf(c, owner)) ?? [];
    if (!files.some((x) => x.info.id === id)) throw problems.notFound("No such file.");
    store.set(keyOf(c, owner), files.filter((x) => x.info.id !== id));
    return Promise.resolve();
  },
  removeAll(c: Context<AppEnv>, owner: AttachmentOwner): Promise<void> {
    store.delete(keyOf(c, owner));
    return Promise.resolve();
  },
};

import type { Context } from "hono";
import { downloadZip } from "client-zip";
import type { AppEnv } from "../../../shared/http/env.ts";
import { Problem, problems } from "../../../shared/http/problem.ts";
import { storage } from "../storage/storage.lib.ts";
import { loadAccess } from "../access/access.service.ts";
import { audit } from "../audit/audit.service.ts";
import { restore } from "../trash/trash.service.ts";
import { deleteFile, patchFile, visibleFile } from "./files.service.ts";

export interface BulkInput {
  action: "move" | "delete" | "restore" | "download";
  ids: string[];
  folderId?: string | null;
}

/**
 * Bulk operations, each file in its own short transaction (a failure does not stop the
 * others); download answers a zip streamed as it is built.
 */
export async function runBulk(
  c: Context<AppEnv>,
  { action, ids, folderId }: BulkInput,
): Promise<
  { response: Response } | {
    result: {
      action: string;
      done: string[];
      failed: { id: string; status: number; detail: string }[];
    };
  }
> {
  const who = c.var.session;
  if (action === "download") return { response: await zip(c, ids) };
  const done: string[] = [];
  const failed: { id: string; status: number; detail: string }[] = [];
  for (const id of [...new Set(ids)]) {
    try {
      await c.var.scope(async (tx) => {
        if (action === "move") {
          if (folderId === undefined) {
            throw problems.validation([{ path: "body.folderId", message: "Required for move" }]);
          }
          await patchFile(tx, who, id, { folderId });
        } else if (action === "delete") await deleteFile(tx, who, id);
        else await restore(tx, who, id);
      });
      done.push(id);
    } catch (err) {
      if (!(err instanceof Problem)) throw err;
      failed.push({ id, status: err.status, detail: err.detail ?? err.title });
    }
  }
  return { result: { action, done, failed } };
}

/** A zip of the files (names made unique inside the archive). */
async function zip(c: Context<AppEnv>, ids: string[]) {
  const files = await c.var.scope(async (tx) => {
    const access = await loadAccess(tx, c.var.session);
    const out = [];
    for (const id of [...new Set(ids)]) {
      const f = await visibleFile(tx, access, id);
      await audit(tx, "file", id, "downloaded", `Downloaded ${f.name} (zip)`);
      out.push(f);
    }
    return out;
  });
  const used = new Set<string>();
  const entries = files.map((f) => {
    let name = f.name;
    for (let i = 2; used.has(name.toLowerCase()); i++) {
      name = f.name.replace(/(\.[^.]*)?$/, ` (${i})$1`);
    }
    used.add(name.toLowerCase());
    return { name, size: f.size, lastModified: new Date(f.updatedAt), key: f.storageKey };
  });
  async function* inputs() {
    for (const e of entries) {
      yield {
        name: e.name,
        size: e.size,
        lastModified: e.lastModified,
        input: await storage().get(e.key),
      };
    }
  }
  const res = downloadZip(inputs(), {
    metadata: entries.map((e) => ({ name: e.name, size: e.size })),
  });
  const headers = new Headers(res.headers);
  headers.set("Content-Type", "application/zip");
  headers.set("Content-Disposition", `attachment; filename="documents.zip"`);
  headers.set("X-Content-Type-Options", "nosniff");
  return new Response(res.body, { status: 200, headers });
}

import type { RouteHandler } from "@hono/zod-openapi";
import { downloadZip } from "client-zip";
import type { AppEnv } from "../../../shared/http/env.ts";
import { Problem, problems } from "../../../shared/http/problem.ts";
import { listActivity } from "../../../shared/activity/activity.service.ts";
import { storage } from "../storage/storage.ts";
import { loadAccess } from "../access.ts";
import { audit } from "../audit.ts";
import { restore } from "../trash/trash.service.ts";
import { fileResponse, PDF_CSP } from "./download.ts";
import { previewKind } from "./content-types.ts";
import {
  deleteFile,
  getFile,
  listFolder,
  openForRead,
  patchFile,
  restoreVersion,
  uploadFiles,
  uploadVersion,
  versions,
  visibleFile,
} from "./files.service.ts";
import type * as R from "./files.routes.ts";

type H<T> = T extends import("@hono/zod-openapi").RouteConfig ? RouteHandler<T, AppEnv> : never;

export const upload: H<typeof R.uploadRoute> = async (c) => {
  const { folderId } = c.req.valid("query");
  return c.json(await uploadFiles(c, folderId ?? null), 201);
};

export const list: H<typeof R.listFilesRoute> = async (c) =>
  c.json(await c.var.scope((tx) => listFolder(tx, c.var.session, c.req.valid("query"))), 200);

export const get: H<typeof R.getFileRoute> = async (c) =>
  c.json(await c.var.scope((tx) => getFile(tx, c.var.session, c.req.valid("param").id)), 200);

export const patch: H<typeof R.patchFileRoute> = async (c) => {
  const { id } = c.req.valid("param");
  const body = c.req.valid("json");
  return c.json(await c.var.scope((tx) => patchFile(tx, c.var.session, id, body)), 200);
};

export const remove: H<typeof R.deleteFileRoute> = async (c) => {
  await c.var.scope((tx) => deleteFile(tx, c.var.session, c.req.valid("param").id));
  return c.body(null, 204);
};

export const download: H<typeof R.downloadRoute> = async (c) => {
  const { id } = c.req.valid("param");
  const { versionId } = c.req.valid("query");
  const f = await c.var.scope((tx) => openForRead(tx, c.var.session, id, "downloaded", versionId));
  // deno-lint-ignore no-explicit-any
  return await fileResponse(c.req.raw, f) as any;
};

export const preview: H<typeof R.previewRoute> = async (c) => {
  const { id } = c.req.valid("param");
  const f = await c.var.scope((tx) => openForRead(tx, c.var.session, id, "previewed"));
  const kind = previewKind(f.contentType);
  if (!kind) {
    throw new Problem(415, "no-preview", "Unsupported Media Type", "Download this file instead.");
  }
  const res = await fileResponse(c.req.raw, f, {
    disposition: "inline",
    contentType: kind === "text" ? "text/plain; charset=utf-8" : undefined,
    csp: kind === "pdf" ? PDF_CSP : undefined,
  });
  // deno-lint-ignore no-explicit-any
  return res as any;
};

export const listVersions: H<typeof R.listVersionsRoute> = async (c) =>
  c.json(await c.var.scope((tx) => versions(tx, c.var.session, c.req.valid("param").id)), 200);

export const newVersion: H<typeof R.uploadVersionRoute> = async (c) =>
  c.json(await uploadVersion(c, c.req.valid("param").id), 201);

export const revertVersion: H<typeof R.restoreVersionRoute> = async (c) => {
  const { id, versionId } = c.req.valid("param");
  return c.json(
    await c.var.scope((tx) => restoreVersion(tx, c.var.session, id, versionId)),
    200,
  );
};

export const history: H<typeof R.fileHistoryRoute> = async (c) => {
  const { id } = c.req.valid("param");
  const { limit, cursor } = c.req.valid("query");
  const page = await c.var.scope(async (tx) => {
    await visibleFile(tx, await loadAccess(tx, c.var.session), id);
    return await listActivity(tx, {
      module: "documents",
      entityType: "file",
      entityId: id,
      limit,
      cursor,
    });
  });
  return c.json(page as never, 200);
};

/** Bulk operations: each file on its own (a failure does not stop the others). */
export const bulk: H<typeof R.bulkRoute> = async (c) => {
  const { action, ids, folderId } = c.req.valid("json");
  const who = c.var.session;
  if (action === "download") return await zip(c, ids) as never;
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
  return c.json({ action, done, failed }, 200);
};

/** A zip of the files, streamed as it is built (names made unique inside the archive). */
async function zip(c: Parameters<H<typeof R.bulkRoute>>[0], ids: string[]) {
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

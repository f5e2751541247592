import { fieldsOf } from "../../../shared/http/fields.ts";
import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import { actorOf } from "../../../shared/http/actor.ts";
import type { Upload } from "./upload.lib.ts";
import type { Context } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { Problem } from "../../../shared/http/problem.ts";
import { listActivity } from "../../../platform/activity/public.ts";
import { loadAccess } from "../access/access.service.ts";
import { runBulk } from "./bulk.service.ts";
import { fileResponse, PDF_CSP } from "./download.lib.ts";
import { previewKind } from "./content-types.lib.ts";
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
import * as R from "./files.routes.ts";

type H<T> = T extends import("@hono/zod-openapi").RouteConfig ? RouteHandler<T, AppEnv> : never;

export const upload: H<typeof R.uploadRoute> = async (c) => {
  const { folderId } = c.req.valid("query");
  return c.json(
    await uploadFiles(actorOf(c), { upload: uploadOf(c), folderId: folderId ?? null }),
    201,
  );
};

export const list: H<typeof R.listFilesRoute> = async (c) =>
  c.json(
    await c.var.scope((tx) => listFolder(actorOf(c, tx), c.req.valid("query"), fieldsOf(c))),
    200,
  );

export const get: H<typeof R.getFileRoute> = async (c) =>
  c.json(await c.var.scope((tx) => getFile(actorOf(c, tx), c.req.valid("param").id)), 200);

export const patch: H<typeof R.patchFileRoute> = async (c) => {
  const { id } = c.req.valid("param");
  const body = c.req.valid("json");
  return c.json(await c.var.scope((tx) => patchFile(actorOf(c, tx), { id, patch: body })), 200);
};

export const remove: H<typeof R.deleteFileRoute> = async (c) => {
  await c.var.scope((tx) => deleteFile(actorOf(c, tx), c.req.valid("param").id));
  return c.body(null, 204);
};

export const download: H<typeof R.downloadRoute> = async (c) => {
  const { id } = c.req.valid("param");
  const { versionId } = c.req.valid("query");
  const f = await c.var.scope((tx) =>
    openForRead(actorOf(c, tx), { id, action: "downloaded", versionId })
  );
  // deno-lint-ignore no-explicit-any
  return await fileResponse(c.req.raw, f) as any;
};

export const preview: H<typeof R.previewRoute> = async (c) => {
  const { id } = c.req.valid("param");
  const f = await c.var.scope((tx) => openForRead(actorOf(c, tx), { id, action: "previewed" }));
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
  c.json(await c.var.scope((tx) => versions(actorOf(c, tx), c.req.valid("param").id)), 200);

export const newVersion: H<typeof R.uploadVersionRoute> = async (c) =>
  c.json(
    await uploadVersion(actorOf(c), { upload: uploadOf(c), id: c.req.valid("param").id }),
    201,
  );

export const revertVersion: H<typeof R.restoreVersionRoute> = async (c) => {
  const { id, versionId } = c.req.valid("param");
  return c.json(
    await c.var.scope((tx) => restoreVersion(actorOf(c, tx), { id, versionId })),
    200,
  );
};

export const history: H<typeof R.fileHistoryRoute> = async (c) => {
  const { id } = c.req.valid("param");
  const { limit, cursor } = c.req.valid("query");
  const page = await c.var.scope(async (tx) => {
    await visibleFile({ sql: tx }, {
      access: await loadAccess({ sql: tx, session: c.var.session }),
      id: id,
    });
    return await listActivity({ sql: tx }, {
      module: "documents",
      entityType: "file",
      entityId: id,
      limit,
      cursor,
    });
  });
  return c.json(page as never, 200);
};

export const bulk: H<typeof R.bulkRoute> = async (c) => {
  const out = await runBulk(actorOf(c), { ...c.req.valid("json"), scope: c.var.scope });
  return ("response" in out ? out.response : c.json(out.result, 200)) as never;
};

/** Mounts the files: upload, list, read, change, versions, history and bulk actions. */
export const mountFiles = (app: OpenAPIHono<AppEnv>) => {
  app
    .openapi(R.uploadRoute, upload)
    .openapi(R.bulkRoute, bulk)
    .openapi(R.listFilesRoute, list)
    .openapi(R.getFileRoute, get)
    .openapi(R.patchFileRoute, patch)
    .openapi(R.deleteFileRoute, remove)
    .openapi(R.downloadRoute, download)
    .openapi(R.previewRoute, preview)
    .openapi(R.listVersionsRoute, listVersions)
    .openapi(R.uploadVersionRoute, newVersion)
    .openapi(R.restoreVersionRoute, revertVersion)
    .openapi(R.fileHistoryRoute, history);
};

/** The streaming request's body, and the short transactions the upload opens around it. */
function uploadOf(c: Context<AppEnv>): Upload {
  return { request: c.req.raw, scope: c.var.scope, config: c.var.platform.config };
}

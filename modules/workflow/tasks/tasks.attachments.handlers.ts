/** The task attachment routes' handlers (streamed: the upload body is read by Documents). */
import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import type { C } from "../../../shared/http/pages.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { isUuid } from "../../../shared/http/ids.ts";
import { problems } from "../../../shared/http/problem.ts";
import {
  deleteAttachmentRoute,
  downloadAttachmentRoute,
  listAttachmentsRoute,
  uploadAttachmentsRoute,
} from "./tasks.attachments.routes.ts";
import {
  downloadTaskFile,
  listTaskFiles,
  removeTaskFile,
  uploadTaskFiles,
} from "./tasks.attachments.service.ts";
import { uploadOf } from "./tasks.attachments.lib.ts";

const list: RouteHandler<typeof listAttachmentsRoute, AppEnv> = async (c) =>
  c.json({
    items: await listTaskFiles(actorOf(c), {
      id: c.req.valid("param").id,
      upload: uploadOf(c),
    }),
  }, 200);

async function upload(c: C) {
  const id = c.req.param("id") ?? "";
  if (!isUuid(id)) throw problems.notFound("No such task.");
  return c.json({ items: await uploadTaskFiles(actorOf(c), { id, upload: uploadOf(c) }) }, 201);
}

const download: RouteHandler<typeof downloadAttachmentRoute, AppEnv> = async (c) => {
  const { id, fileId } = c.req.valid("param");
  return await downloadTaskFile(actorOf(c), { id, fileId, upload: uploadOf(c) }) as never;
};

const remove: RouteHandler<typeof deleteAttachmentRoute, AppEnv> = async (c) => {
  const { id, fileId } = c.req.valid("param");
  await removeTaskFile(actorOf(c), { id, fileId, upload: uploadOf(c) });
  return c.body(null, 204);
};

export function mountTaskAttachments(app: OpenAPIHono<AppEnv>) {
  app.openapi(listAttachmentsRoute, list);
  app.openapi(downloadAttachmentRoute, download);
  app.openapi(deleteAttachmentRoute, remove);
  // The body is a stream Documents reads itself, so zod must not parse it.
  app.openAPIRegistry.registerPath(uploadAttachmentsRoute);
  app.post("/tasks/:id/attachments", ...uploadAttachmentsRoute.middleware, upload);
}

import { actorOf } from "../../../shared/http/actor.ts";
import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import type { C } from "../../../shared/http/pages.ts";
import { attachments } from "../../documents/public.ts";
import { taskOwner, uploadOf } from "./attachments.lib.ts";
import { attachToTask, detachFromTask, taskForFiles } from "./attachments.service.ts";
import {
  deleteAttachmentRoute,
  downloadAttachmentRoute,
  listAttachmentsRoute,
  uploadAttachmentsRoute,
} from "./attachments.routes.ts";

export const listAttachmentsHandler: RouteHandler<typeof listAttachmentsRoute, AppEnv> = async (
  c,
) => {
  const task = await taskForFiles(actorOf(c), {
    upload: uploadOf(c),
    taskId: c.req.valid("param").id,
    write: false,
  });
  return c.json({
    items: await attachments.list(actorOf(c), { owner: taskOwner(task.id), upload: uploadOf(c) }),
  }, 200);
};

/** Mounted as a plain route: the body is a stream the Documents service reads itself. */
export async function uploadAttachmentsHandler(c: C) {
  const task = await taskForFiles(actorOf(c), {
    upload: uploadOf(c),
    taskId: c.req.param("id") ?? "",
    write: true,
  });
  return c.json({ items: await attachToTask(actorOf(c), { upload: uploadOf(c), task }) }, 201);
}

export const downloadAttachmentHandler: RouteHandler<typeof downloadAttachmentRoute, AppEnv> =
  async (c) => {
    const { id, fileId } = c.req.valid("param");
    const task = await taskForFiles(actorOf(c), { upload: uploadOf(c), taskId: id, write: false });
    return await attachments.download(actorOf(c), {
      owner: taskOwner(task.id),
      upload: uploadOf(c),
      id: fileId,
    }) as never;
  };

export const deleteAttachmentHandler: RouteHandler<typeof deleteAttachmentRoute, AppEnv> = async (
  c,
) => {
  const { id, fileId } = c.req.valid("param");
  const task = await taskForFiles(actorOf(c), { upload: uploadOf(c), taskId: id, write: true });
  await detachFromTask(actorOf(c), { upload: uploadOf(c), task, fileId: fileId });
  return c.body(null, 204);
};

/** The attachments routes of /api/projects. */
export function mountAttachments(app: OpenAPIHono<AppEnv>) {
  app.openapi(listAttachmentsRoute, listAttachmentsHandler);
  app.openapi(downloadAttachmentRoute, downloadAttachmentHandler);
  app.openapi(deleteAttachmentRoute, deleteAttachmentHandler);
  // The upload body is a stream read by the Documents service, so zod must not parse it: the
  // route is documented from its createRoute object and served by a plain handler.
  app.openAPIRegistry.registerPath(uploadAttachmentsRoute);
  app.post(
    "/tasks/:id/attachments",
    ...uploadAttachmentsRoute.middleware,
    uploadAttachmentsHandler,
  );
}

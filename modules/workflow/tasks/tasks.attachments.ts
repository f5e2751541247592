/**
 * Files attached to a task live in Documents (same storage, quota and audit), owned by
 * workflow/task/<id>; workflow_task_attachments links them to the task. The handlers use
 * `c.var.scope`, so they work both inside the request's transaction and on streaming paths.
 */
import { createRoute, type OpenAPIHono, type RouteHandler, z } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import type { C } from "../../../shared/http/pages.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonResponse } from "../../../shared/http/route-helpers.ts";
import { isUuid } from "../../../shared/http/ids.ts";
import { problems } from "../../../shared/http/problem.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { attachments } from "../../documents/public.ts";
import { attachTask, detachTask, loadTask, mustBeOpen } from "./tasks.service.ts";

const tags = ["workflow"];
export const taskFiles = (taskId: string) => ({
  module: "workflow",
  entityType: "task",
  entityId: taskId,
});

export const AttachmentSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  sha256: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
}).openapi("WorkflowTaskAttachment");
const List = z.object({ items: z.array(AttachmentSchema) }).openapi("WorkflowTaskAttachments");
const TaskParam = z.object({ id: z.uuid().openapi({ param: { name: "id", in: "path" } }) });
const FileParams = TaskParam.extend({
  fileId: z.uuid().openapi({ param: { name: "fileId", in: "path" } }),
});

/** Paths that may stream (the lead can add them to the manifest's streamingPaths). */
export const TASK_FILE_PATHS = [/^\/api\/workflow\/tasks\/[^/]+\/attachments(\/[^/]+)?$/];

export const listAttachmentsRoute = createRoute({
  operationId: "listWorkflowTaskAttachments",
  method: "get",
  path: "/tasks/{id}/attachments",
  tags,
  summary: "A task's files (names, sizes), oldest first",
  middleware: [requirePermission("workflow.task.read")] as const,
  request: { params: TaskParam },
  responses: { 200: jsonResponse(List, "Files"), ...errorResponses(400, 401, 403, 404) },
});

export const uploadAttachmentsRoute = createRoute({
  operationId: "uploadWorkflowTaskAttachments",
  method: "post",
  path: "/tasks/{id}/attachments",
  tags,
  summary: "Attach files to a task (multipart/form-data, every part named file)",
  middleware: [requirePermission("workflow.task.write")] as const,
  request: {
    params: TaskParam,
    body: {
      required: true,
      content: {
        "multipart/form-data": {
          schema: z.object({ file: z.string().openapi({ format: "binary" }) }),
        },
      },
    },
  },
  responses: {
    201: jsonResponse(List, "Stored"),
    ...errorResponses(400, 401, 403, 404, 409, 413, 422),
  },
});

export const downloadAttachmentRoute = createRoute({
  operationId: "downloadWorkflowTaskAttachment",
  method: "get",
  path: "/tasks/{id}/attachments/{fileId}",
  tags,
  summary: "Download a task's file",
  middleware: [requirePermission("workflow.task.read")] as const,
  request: { params: FileParams },
  responses: {
    200: {
      description: "The file",
      content: { "application/octet-stream": { schema: z.string().openapi({ format: "binary" }) } },
    },
    ...errorResponses(400, 401, 403, 404),
  },
});

export const deleteAttachmentRoute = createRoute({
  operationId: "deleteWorkflowTaskAttachment",
  method: "delete",
  path: "/tasks/{id}/attachments/{fileId}",
  tags,
  summary: "Remove a file from an open task",
  middleware: [requirePermission("workflow.task.write")] as const,
  request: { params: FileParams },
  responses: { 204: { description: "Removed" }, ...errorResponses(400, 401, 403, 404, 409) },
});

/** The task (visible to the caller, and open when `open`), checked in a short scope. */
export const taskFor = (c: C, id: string, open: boolean) =>
  c.var.scope(async (tx) => {
    const row = await loadTask(actorOf(c, tx), id);
    if (open) mustBeOpen(row);
    return row;
  });

export async function listTaskFiles(c: C, id: string) {
  await taskFor(c, id, false);
  return await attachments.list(c, taskFiles(id));
}

/** Stores the request's files and links them to the task. */
export async function uploadTaskFiles(c: C, id: string) {
  await taskFor(c, id, true);
  const stored = await attachments.storeFromRequest(c, taskFiles(id));
  await c.var.scope((tx) => attachTask(actorOf(c, tx), id, stored.map((f) => f.id)));
  return stored;
}

const list: RouteHandler<typeof listAttachmentsRoute, AppEnv> = async (c) =>
  c.json({ items: await listTaskFiles(c, c.req.valid("param").id) }, 200);

async function upload(c: C) {
  const id = c.req.param("id") ?? "";
  if (!isUuid(id)) throw problems.notFound("No such task.");
  return c.json({ items: await uploadTaskFiles(c, id) }, 201);
}

const download: RouteHandler<typeof downloadAttachmentRoute, AppEnv> = async (c) => {
  const { id, fileId } = c.req.valid("param");
  await taskFor(c, id, false);
  return await attachments.download(c, taskFiles(id), fileId) as never;
};

const remove: RouteHandler<typeof deleteAttachmentRoute, AppEnv> = async (c) => {
  const { id, fileId } = c.req.valid("param");
  await taskFor(c, id, true);
  await attachments.remove(c, taskFiles(id), fileId);
  await c.var.scope((tx) => detachTask(actorOf(c, tx), id, fileId));
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

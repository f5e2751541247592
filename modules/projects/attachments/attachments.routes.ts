import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";

const tags = ["projects"];
export const AttachmentSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  sha256: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
}).openapi("TaskAttachment");
const List = z.object({ items: z.array(AttachmentSchema) }).openapi("TaskAttachmentList");
const Params = z.object({
  id: z.uuid().openapi({ param: { name: "id", in: "path" } }),
  fileId: z.uuid().openapi({ param: { name: "fileId", in: "path" } }),
});
const TaskParam = z.object({ id: z.uuid().openapi({ param: { name: "id", in: "path" } }) });

/** Upload and download stream outside the request transaction (manifest streamingPaths). */
export const UPLOAD_PATH = /^\/api\/projects\/tasks\/[^/]+\/attachments$/;
export const DOWNLOAD_PATH = /^\/api\/projects\/tasks\/[^/]+\/attachments\/[^/]+$/;

export const listAttachmentsRoute = createRoute({
  method: "get",
  path: "/tasks/{id}/attachments",
  tags,
  summary: "A task's files, oldest first",
  middleware: [requirePermission("projects.task.read")] as const,
  request: { params: TaskParam },
  responses: { 200: jsonResponse(List, "Files"), ...errorResponses(400, 401, 403, 404) },
});

export const uploadAttachmentsRoute = createRoute({
  method: "post",
  path: "/tasks/{id}/attachments",
  tags,
  summary: "Attach files to a task (multipart/form-data, every part named file)",
  middleware: [requirePermission("projects.task.write")] as const,
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
    ...errorResponses(400, 401, 403, 404, 413, 422),
  },
});

export const downloadAttachmentRoute = createRoute({
  method: "get",
  path: "/tasks/{id}/attachments/{fileId}",
  tags,
  summary: "Download a task's file (Range supported)",
  middleware: [requirePermission("projects.task.read")] as const,
  request: { params: Params },
  responses: {
    200: {
      description: "The file",
      content: { "application/octet-stream": { schema: z.string().openapi({ format: "binary" }) } },
    },
    ...errorResponses(400, 401, 403, 404),
  },
});

export const deleteAttachmentRoute = createRoute({
  method: "delete",
  path: "/tasks/{id}/attachments/{fileId}",
  tags,
  summary: "Remove a file from a task",
  middleware: [requirePermission("projects.task.write")] as const,
  request: { params: Params },
  responses: { 204: { description: "Removed" }, ...errorResponses(400, 401, 403, 404, 422) },
});

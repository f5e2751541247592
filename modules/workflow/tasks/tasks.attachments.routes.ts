/** The task attachment routes: the contract (the handlers are in tasks.attachments.handlers.ts). */
import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { FileParams, List, TaskParam } from "./tasks.attachments.schemas.ts";

const tags = ["workflow"];

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

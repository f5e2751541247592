import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { TicketAttachmentList, TicketFileParams, TicketParam } from "./attachments.schemas.ts";

const tags = ["support"];

/**
 * Every attachment route streams or opens its own short transactions (manifest
 * streamingPaths): the API's, and the ticket page's upload and delete forms.
 */
export const ATTACHMENT_PATHS = [
  /^\/api\/support\/support-ticket\/[^/]+\/attachments(\/[^/]+(\/preview)?)?$/,
  /^\/support\/tickets\/[^/]+\/attachments(\/[^/]+\/delete)?$/,
];

const binary = (description: string) => ({
  description,
  content: { "application/octet-stream": { schema: z.string().openapi({ format: "binary" }) } },
});

export const listTicketAttachmentsRoute = createRoute({
  operationId: "listSupportTicketAttachments",
  method: "get",
  path: "/support-ticket/{id}/attachments",
  tags,
  summary: "A ticket's files and its comments' files (commentId says which), oldest first",
  middleware: [requirePermission("support.ticket.read")] as const,
  request: { params: TicketParam },
  responses: {
    200: jsonResponse(TicketAttachmentList, "Files"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const uploadTicketAttachmentsRoute = createRoute({
  operationId: "uploadSupportTicketAttachments",
  method: "post",
  path: "/support-ticket/{id}/attachments",
  tags,
  summary:
    "Attach files to a ticket (multipart/form-data, every part named file); pass their ids as a comment's attachmentIds to send them with a reply",
  middleware: [requirePermission("support.ticket.write")] as const,
  request: {
    params: TicketParam,
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
    201: jsonResponse(TicketAttachmentList, "Stored"),
    ...errorResponses(400, 401, 403, 404, 413, 422),
  },
});

export const downloadTicketAttachmentRoute = createRoute({
  operationId: "downloadSupportTicketAttachment",
  method: "get",
  path: "/support-ticket/{id}/attachments/{fileId}",
  tags,
  summary: "Download a file of a ticket or of one of its comments (Range supported)",
  middleware: [requirePermission("support.ticket.read")] as const,
  request: { params: TicketFileParams },
  responses: { 200: binary("The file"), ...errorResponses(400, 401, 403, 404) },
});

export const previewTicketAttachmentRoute = createRoute({
  operationId: "previewSupportTicketAttachment",
  method: "get",
  path: "/support-ticket/{id}/attachments/{fileId}/preview",
  tags,
  summary: "Show a ticket's image, PDF or text file inline (sandboxed); 415 for other types",
  middleware: [requirePermission("support.ticket.read")] as const,
  request: { params: TicketFileParams },
  responses: {
    200: binary("The file, inline"),
    415: { description: "No inline preview for this type; download it instead" },
    ...errorResponses(400, 401, 403, 404),
  },
});

export const deleteTicketAttachmentRoute = createRoute({
  operationId: "deleteSupportTicketAttachment",
  method: "delete",
  path: "/support-ticket/{id}/attachments/{fileId}",
  tags,
  summary: "Remove a file from a ticket or one of its comments",
  middleware: [requirePermission("support.ticket.write")] as const,
  request: { params: TicketFileParams },
  responses: { 204: { description: "Removed" }, ...errorResponses(400, 401, 403, 404) },
});

import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { pageSchema } from "../../../shared/http/paging.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { IdParam } from "../../../platform/identity/public.ts";
import { ActivityPage } from "../audit/audit.schemas.ts";
import {
  BulkBody,
  BulkResult,
  DownloadQuery,
  FileDetailSchema,
  FileSchema,
  FileVersionParams,
  FolderQuery,
  PatchFileBody,
  UploadBody,
  UploadQuery,
  VersionSchema,
} from "./files.schemas.ts";

const tags = ["documents"];
const read = requirePermission("documents.file.read");
const write = requirePermission("documents.file.write");
const bytes = (description: string) => ({
  description,
  content: { "application/octet-stream": { schema: z.string().openapi({ format: "binary" }) } },
});
const multipart = {
  required: true as const,
  content: { "multipart/form-data": { schema: UploadBody } },
};

export const uploadRoute = createRoute({
  method: "post",
  path: "/files/upload",
  tags,
  summary: "Upload files (multipart/form-data, parts named file) into a folder, streamed",
  middleware: [write] as const,
  request: { query: UploadQuery, body: multipart },
  responses: {
    201: jsonResponse(z.object({ items: z.array(FileSchema) }), "Stored"),
    ...errorResponses(400, 401, 403, 404, 409, 413, 422),
  },
});

export const listFilesRoute = createRoute({
  method: "get",
  path: "/files",
  tags,
  summary: "The files of a folder (or the root), by name",
  middleware: [read] as const,
  request: { query: FolderQuery },
  responses: {
    200: jsonResponse(pageSchema(FileSchema, "DocumentFilePage"), "Files"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const getFileRoute = createRoute({
  method: "get",
  path: "/files/{id}",
  tags,
  summary: "A file's metadata and folder path",
  middleware: [read] as const,
  request: { params: IdParam },
  responses: {
    200: jsonResponse(FileDetailSchema, "The file"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const patchFileRoute = createRoute({
  method: "patch",
  path: "/files/{id}",
  tags,
  summary: "Rename or move a file",
  middleware: [write] as const,
  request: { params: IdParam, body: jsonBody(PatchFileBody) },
  responses: {
    200: jsonResponse(FileSchema, "Updated"),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

export const deleteFileRoute = createRoute({
  method: "delete",
  path: "/files/{id}",
  tags,
  summary: "Move a file to the trash",
  middleware: [write] as const,
  request: { params: IdParam },
  responses: { 204: { description: "In the trash" }, ...errorResponses(400, 401, 403, 404) },
});

export const downloadRoute = createRoute({
  method: "get",
  path: "/files/{id}/download",
  tags,
  summary: "Download a file (or one of its versions), streamed; Range supported",
  middleware: [read] as const,
  request: { params: IdParam, query: DownloadQuery },
  responses: {
    200: bytes("The bytes"),
    206: bytes("A range of the bytes"),
    304: { description: "Not modified (ETag)" },
    416: { description: "Range not satisfiable" },
    ...errorResponses(400, 401, 403, 404),
  },
});

export const previewRoute = createRoute({
  method: "get",
  path: "/files/{id}/preview",
  tags,
  summary: "Inline preview of images, PDF, text, audio and video (sandboxed); 415 otherwise",
  middleware: [read] as const,
  request: { params: IdParam },
  responses: {
    200: bytes("The bytes, inline"),
    206: bytes("A range of the bytes"),
    415: { description: "No inline preview for this type; download it instead" },
    ...errorResponses(400, 401, 403, 404),
  },
});

export const listVersionsRoute = createRoute({
  method: "get",
  path: "/files/{id}/versions",
  tags,
  summary: "A file's versions, the current one first",
  middleware: [read] as const,
  request: { params: IdParam },
  responses: {
    200: jsonResponse(z.object({ items: z.array(VersionSchema) }), "Versions"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const uploadVersionRoute = createRoute({
  method: "post",
  path: "/files/{id}/versions",
  tags,
  summary: "Upload a new version of a file (one part named file), streamed",
  middleware: [write] as const,
  request: { params: IdParam, body: multipart },
  responses: {
    201: jsonResponse(FileSchema, "The file at its new version"),
    ...errorResponses(400, 401, 403, 404, 413, 422),
  },
});

export const restoreVersionRoute = createRoute({
  method: "post",
  path: "/files/{id}/versions/{versionId}/restore",
  tags,
  summary: "Make an earlier version current again (as a new version)",
  middleware: [write] as const,
  request: { params: FileVersionParams },
  responses: {
    200: jsonResponse(FileSchema, "The file"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const fileHistoryRoute = createRoute({
  method: "get",
  path: "/files/{id}/history",
  tags,
  summary: "A file's audit trail: uploads, downloads, previews, shares and public access",
  middleware: [read] as const,
  request: { params: IdParam, query: FolderQuery.pick({ limit: true, cursor: true }) },
  responses: {
    200: jsonResponse(ActivityPage, "History"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const bulkRoute = createRoute({
  method: "post",
  path: "/files/bulk",
  tags,
  summary: "Move, delete (to trash), restore or download (zip, streamed) several files",
  middleware: [read] as const,
  request: { body: jsonBody(BulkBody) },
  responses: {
    200: {
      description: "The result per file, or the zip for download",
      content: {
        "application/json": { schema: BulkResult },
        "application/zip": { schema: z.string().openapi({ format: "binary" }) },
      },
    },
    ...errorResponses(400, 401, 403, 404),
  },
});

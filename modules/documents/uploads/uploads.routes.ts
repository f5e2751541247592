import { createRoute } from "@hono/zod-openapi";
import { errorResponses, ProblemSchema } from "../../../shared/http/problem.ts";
import { jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { IdParam } from "../../../platform/identity/public.ts";
import {
  CreateUploadHeaders,
  offsetStream,
  PatchUploadHeaders,
  TusHeaders,
  UploadSchema,
} from "./uploads.schemas.ts";

const tags = ["documents"];
const write = requirePermission("documents.file.write");
const problem = (description: string) => ({
  description,
  content: { "application/problem+json": { schema: ProblemSchema } },
});
const tus = {
  410: problem("The upload has expired"),
  412: problem("Tus-Resumable is missing or not 1.0.0"),
};

export const uploadOptionsRoute = createRoute({
  method: "options",
  path: "/uploads",
  operationId: "documentUploadOptions",
  tags,
  summary: "tus: the protocol versions, extensions and largest size the server takes",
  middleware: [write] as const,
  responses: {
    204: { description: "Tus-Version, Tus-Extension, Tus-Max-Size, Tus-Checksum-Algorithm" },
    ...errorResponses(401, 403),
  },
});

export const createUploadRoute = createRoute({
  method: "post",
  path: "/uploads",
  operationId: "createDocumentUpload",
  tags,
  summary: "tus: start a resumable upload (Upload-Length, Upload-Metadata); a body of " +
    "application/offset+octet-stream is its first bytes",
  middleware: [write] as const,
  request: { headers: CreateUploadHeaders, body: { required: false, ...offsetStream } },
  responses: {
    201: { description: "Created: Location is the upload's address, Upload-Offset its bytes" },
    ...errorResponses(400, 401, 403, 404, 409, 413, 422),
    ...tus,
    423: problem("A file of that name is locked by someone else"),
  },
});

export const getUploadRoute = createRoute({
  method: "get",
  path: "/uploads/{id}",
  operationId: "getDocumentUpload",
  tags,
  summary: "tus HEAD (same headers, no body) or GET: the upload's offset, length, expiry and, " +
    "once finished, its file (Upload-File-Id)",
  middleware: [write] as const,
  request: { params: IdParam, headers: TusHeaders },
  responses: {
    200: jsonResponse(UploadSchema, "Upload-Offset, Upload-Length, Upload-Expires"),
    ...errorResponses(400, 401, 403, 404, 409, 422),
    ...tus,
    423: problem("Being finished; ask again shortly"),
  },
});

export const patchUploadRoute = createRoute({
  method: "patch",
  path: "/uploads/{id}",
  operationId: "patchDocumentUpload",
  tags,
  summary: "tus: append bytes at Upload-Offset (streamed); the last byte makes the file",
  middleware: [write] as const,
  request: {
    params: IdParam,
    headers: PatchUploadHeaders,
    body: { required: true, ...offsetStream },
  },
  responses: {
    204: { description: "Stored: Upload-Offset is the new offset; Upload-File-Id once finished" },
    ...errorResponses(400, 401, 403, 404, 409, 413, 422),
    ...tus,
    415: problem("The body is not application/offset+octet-stream"),
    423: problem("Being finished, or the file is locked"),
    460: problem("Upload-Checksum does not match the bytes"),
  },
});

export const deleteUploadRoute = createRoute({
  method: "delete",
  path: "/uploads/{id}",
  operationId: "deleteDocumentUpload",
  tags,
  summary: "tus termination: cancel an upload and delete the bytes it holds",
  middleware: [write] as const,
  request: { params: IdParam, headers: TusHeaders },
  responses: {
    204: { description: "Deleted" },
    ...errorResponses(400, 401, 403, 404),
    ...tus,
    423: problem("Being finished"),
  },
});

import { z } from "@hono/zod-openapi";

/**
 * The tus request headers (checked by the service; here for the OpenAPI document), named as
 * their keys (lower case, as Hono reads headers): another spelling conflicts with the key.
 */
const tusResumable = () =>
  z.string().optional().openapi({
    param: { name: "tus-resumable", in: "header" },
    description: "The protocol version, 1.0.0 (412 otherwise)",
    example: "1.0.0",
  });

export const CreateUploadHeaders = z.object({
  "tus-resumable": tusResumable(),
  "upload-length": z.string().optional().openapi({
    param: { name: "upload-length", in: "header" },
    description: "The file's size in bytes",
    example: "1073741824",
  }),
  "upload-metadata": z.string().optional().openapi({
    param: { name: "upload-metadata", in: "header" },
    description: "Comma-separated `key base64(value)` pairs: filename (required), folderId, " +
      "contentType (or filetype)",
    example: "filename cmVwb3J0LnBkZg==,filetype YXBwbGljYXRpb24vcGRm",
  }),
});

export const PatchUploadHeaders = z.object({
  "tus-resumable": tusResumable(),
  "upload-offset": z.string().optional().openapi({
    param: { name: "upload-offset", in: "header" },
    description: "Where these bytes start; must equal the upload's offset (409 otherwise)",
    example: "0",
  }),
  "upload-checksum": z.string().optional().openapi({
    param: { name: "upload-checksum", in: "header" },
    description: "Optional `sha256 <base64 digest>` of this request's bytes (460 on mismatch)",
  }),
});

export const TusHeaders = z.object({ "tus-resumable": tusResumable() });

export const UploadSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  folderId: z.uuid().nullable(),
  contentType: z.string(),
  length: z.number().int(),
  offset: z.number().int(),
  finished: z.boolean(),
  fileId: z.uuid().nullable().openapi({ description: "The file it became, once finished" }),
  expiresAt: z.string(),
  createdAt: z.string(),
}).openapi("DocumentUpload");

export const offsetStream = {
  content: {
    "application/offset+octet-stream": { schema: z.string().openapi({ format: "binary" }) },
  },
};

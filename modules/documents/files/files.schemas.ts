import { z } from "@hono/zod-openapi";
import { PageQuery } from "../../../shared/http/paging.ts";
import { ThumbnailStateSchema } from "../thumbnails/thumbnails.schemas.ts";

export const LevelSchema = z.enum(["none", "view", "edit", "manage"]);

export const FileSchema = z.object({
  id: z.uuid(),
  folderId: z.uuid().nullable(),
  name: z.string(),
  contentType: z.string(),
  size: z.number(),
  sha256: z.string(),
  version: z.number().int(),
  createdBy: z.uuid().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.string().nullable(),
  deletedBy: z.uuid().nullable(),
  access: LevelSchema.optional(),
  /** In folder listings: the file's thumbnail state and image URLs. */
  thumbnail: ThumbnailStateSchema.optional(),
}).openapi("DocumentFile");

export const FileDetailSchema = FileSchema.extend({
  path: z.array(z.object({ id: z.uuid(), name: z.string() })),
}).openapi("DocumentFileDetail");

export const VersionSchema = z.object({
  id: z.uuid(),
  fileId: z.uuid(),
  version: z.number().int(),
  contentType: z.string(),
  size: z.number(),
  sha256: z.string(),
  createdBy: z.uuid().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  current: z.boolean(),
}).openapi("DocumentVersion");

export const FolderQuery = PageQuery.extend({
  folderId: z.uuid().optional().openapi({
    param: { name: "folderId", in: "query" },
    description: "The folder; omit for the root",
  }),
});

export const UploadQuery = z.object({
  folderId: z.uuid().optional().openapi({ param: { name: "folderId", in: "query" } }),
});

/**
 * The multipart body, described for OpenAPI only: a plain schema (not zod) so the router does
 * not parse (and buffer) the body; the handler streams it.
 */
export const UploadBody = {
  type: "object" as const,
  required: ["file"],
  properties: {
    file: {
      type: "array" as const,
      items: { type: "string" as const, format: "binary" },
      description: "One or more parts named file",
    },
  },
};

export const PatchFileBody = z.object({
  name: z.string().min(1).max(255).optional(),
  folderId: z.uuid().nullable().optional().openapi({ description: "null: the root" }),
}).refine((b) => b.name !== undefined || b.folderId !== undefined, "Nothing to change")
  .openapi("PatchDocumentFile");

export const FileVersionParams = z.object({
  id: z.uuid().openapi({ param: { name: "id", in: "path" } }),
  versionId: z.uuid().openapi({ param: { name: "versionId", in: "path" } }),
});

export const DownloadQuery = z.object({
  versionId: z.uuid().optional().openapi({ param: { name: "versionId", in: "query" } }),
});

export const BulkBody = z.object({
  action: z.enum(["move", "delete", "restore", "download"]),
  ids: z.array(z.uuid()).min(1).max(500),
  folderId: z.uuid().nullable().optional().openapi({ description: "Target folder of a move" }),
}).openapi("DocumentBulkRequest");

export const BulkResult = z.object({
  action: z.string(),
  done: z.array(z.uuid()),
  failed: z.array(z.object({ id: z.uuid(), status: z.number().int(), detail: z.string() })),
}).openapi("DocumentBulkResult");

import { z } from "@hono/zod-openapi";

export const ShareSchema = z.object({
  id: z.uuid(),
  targetType: z.enum(["file", "folder"]),
  targetId: z.uuid(),
  targetName: z.string().nullable(),
  kind: z.enum(["user", "group", "public"]),
  principalId: z.string().nullable(),
  principalName: z.string().nullable(),
  level: z.enum(["view", "edit"]),
  hasPassword: z.boolean(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  createdBy: z.uuid().nullable(),
  createdAt: z.string(),
  accessCount: z.number().int(),
  lastAccessedAt: z.string().nullable(),
  state: z.enum(["active", "expired", "revoked"]),
}).openapi("DocumentShare");

export const CreatedShareSchema = ShareSchema.extend({
  token: z.string().nullable().openapi({ description: "Public links only; shown once" }),
  url: z.string().nullable(),
}).openapi("DocumentCreatedShare");

export const NewShareBody = z.object({
  targetType: z.enum(["file", "folder"]),
  targetId: z.uuid(),
  kind: z.enum(["user", "group", "public"]),
  principalId: z.string().min(1).max(100).optional().openapi({
    description: "A user id (kind user) or a role key (kind group)",
  }),
  level: z.enum(["view", "edit"]).optional(),
  expiresAt: z.iso.datetime({ offset: true }).optional(),
  password: z.string().min(4).max(200).optional(),
}).openapi("NewDocumentShare");

export const ShareListQuery = z.object({
  targetType: z.enum(["file", "folder"]).openapi({ param: { name: "targetType", in: "query" } }),
  targetId: z.uuid().openapi({ param: { name: "targetId", in: "query" } }),
});

export const TokenParam = z.object({
  token: z.string().max(100).openapi({ param: { name: "token", in: "path" } }),
});

export const PublicQuery = z.object({
  download: z.enum(["1", "true"]).optional().openapi({ param: { name: "download", in: "query" } }),
  inline: z.enum(["1", "true"]).optional().openapi({ param: { name: "inline", in: "query" } }),
  fileId: z.uuid().optional().openapi({
    param: { name: "fileId", in: "query" },
    description: "A file inside a shared folder",
  }),
  folderId: z.uuid().optional().openapi({
    param: { name: "folderId", in: "query" },
    description: "A subfolder of a shared folder",
  }),
});

export const PublicShareSchema = z.object({
  kind: z.enum(["file", "folder"]),
  name: z.string(),
  expiresAt: z.string().nullable(),
  file: z.object({ id: z.uuid(), name: z.string(), size: z.number(), contentType: z.string() })
    .nullable(),
  folders: z.array(z.object({ id: z.uuid(), name: z.string() })),
  files: z.array(z.object({
    id: z.uuid(),
    name: z.string(),
    size: z.number(),
    contentType: z.string(),
  })),
}).openapi("PublicShare");

/** A file or folder shared with the caller (the shared-with-me list). */
export interface SharedWithMe {
  shareId: string;
  targetType: "file" | "folder";
  targetId: string;
  name: string;
  size: number | null;
  contentType: string | null;
  level: "view" | "edit";
  sharedByName: string | null;
  sharedAt: string;
  expiresAt: string | null;
}

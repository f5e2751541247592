import { z } from "@hono/zod-openapi";
import { LevelSchema } from "../files/files.schemas.ts";

export const FolderSchema = z.object({
  id: z.uuid(),
  parentId: z.uuid().nullable(),
  name: z.string(),
  inherit: z.boolean(),
  createdBy: z.uuid().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  access: LevelSchema,
}).openapi("DocumentFolder");

export const NewFolderBody = z.object({
  name: z.string().min(1).max(255),
  parentId: z.uuid().nullable().optional(),
}).openapi("NewDocumentFolder");

export const PatchFolderBody = z.object({
  name: z.string().min(1).max(255).optional(),
  parentId: z.uuid().nullable().optional().openapi({ description: "null: the root" }),
}).refine((b) => b.name !== undefined || b.parentId !== undefined, "Nothing to change")
  .openapi("PatchDocumentFolder");

export const AclEntrySchema = z.object({
  principalType: z.enum(["user", "role"]).openapi({ description: "role: a group of members" }),
  principalId: z.string().min(1).max(100),
  level: z.enum(["view", "edit", "manage"]),
});

export const PermissionsSchema = z.object({
  folderId: z.uuid(),
  inherit: z.boolean(),
  entries: z.array(AclEntrySchema),
}).openapi("DocumentFolderPermissions");

export const PermissionsBody = z.object({
  inherit: z.boolean().default(true),
  entries: z.array(AclEntrySchema).max(200),
}).openapi("DocumentFolderPermissionsRequest");

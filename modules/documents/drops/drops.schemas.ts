import { z } from "@hono/zod-openapi";

export const DropSchema = z.object({
  id: z.uuid(),
  folderId: z.uuid(),
  folderName: z.string().nullable(),
  label: z.string(),
  message: z.string(),
  hasPassword: z.boolean(),
  maxFileBytes: z.number().int(),
  maxTotalBytes: z.number().int().nullable(),
  usedBytes: z.number().int(),
  uploadCount: z.number().int(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  createdBy: z.uuid().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  state: z.enum(["active", "expired", "revoked"]),
}).openapi("DocumentDrop");

export const CreatedDropSchema = DropSchema.extend({
  token: z.string().openapi({ description: "Shown once; only its hash is stored" }),
  url: z.string(),
}).openapi("DocumentCreatedDrop");

export const NewDropBody = z.object({
  expiresAt: z.iso.datetime({ offset: true }).optional(),
  password: z.string().min(4).max(200).optional(),
  maxFileBytes: z.number().int().min(1).max(1024 ** 5).optional().openapi({
    description: "Largest file a visitor may upload (default 100 MiB; the tenant's limit too)",
  }),
  maxTotalBytes: z.number().int().min(1).max(1024 ** 5).optional().openapi({
    description: "All uploads through the link together",
  }),
  label: z.string().max(200).optional(),
  message: z.string().max(2000).optional().openapi({ description: "Shown to the uploader" }),
}).openapi("NewDocumentDrop");

export type NewDrop = z.infer<typeof NewDropBody>;

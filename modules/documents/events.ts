/**
 * The domain events Documents publishes (notification rules and subscribers read them). Each is
 * published in the transaction that records the change; payloads carry ids and names, never file
 * bytes.
 */
import { z } from "@hono/zod-openapi";
import type { EventCatalog } from "../../shared/modules.ts";

export const documentsEvents = {
  /** A file was uploaded (a new file, not a new version of one). */
  "documents.file.uploaded": z.object({
    fileId: z.string(),
    name: z.string(),
    folderId: z.string().nullable(),
    size: z.number(),
    contentType: z.string(),
    actorId: z.string(),
  }),
  /** A file was moved to the trash. */
  "documents.file.deleted": z.object({
    fileId: z.string(),
    name: z.string(),
    folderId: z.string().nullable(),
    actorId: z.string(),
  }),
  /** A file or folder was shared with a user, a role or by public link. */
  "documents.share.created": z.object({
    shareId: z.string(),
    targetType: z.enum(["file", "folder"]),
    targetId: z.string(),
    targetName: z.string(),
    kind: z.enum(["user", "group", "public"]),
    principalId: z.string().nullable(),
    expiresAt: z.string().nullable(),
    actorId: z.string(),
  }),
  /** A folder was created. */
  "documents.folder.created": z.object({
    folderId: z.string(),
    name: z.string(),
    parentId: z.string().nullable(),
    actorId: z.string(),
  }),
} satisfies EventCatalog;

export type DocumentsEvents = typeof documentsEvents;

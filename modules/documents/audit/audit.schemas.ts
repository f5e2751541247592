import { z } from "@hono/zod-openapi";
import { PageQuery, pageSchema } from "../../../shared/http/paging.ts";

export const ActivitySchema = z.object({
  id: z.uuid(),
  occurredAt: z.string(),
  actorId: z.uuid().nullable(),
  actorName: z.string().nullable(),
  actorEmail: z.string().nullable(),
  module: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  action: z.string(),
  summary: z.string(),
  changes: z.record(z.string(), z.unknown()),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  requestId: z.string().nullable(),
}).openapi("DocumentActivity");

export const ActivityPage = pageSchema(ActivitySchema, "DocumentActivityPage");

const q = (name: string) => ({ param: { name, in: "query" as const } });
const date = z.string().max(40);

export const AuditQuery = PageQuery.extend({
  user: z.uuid().optional().openapi(q("user")),
  file: z.uuid().optional().openapi(q("file")),
  action: z.string().max(100).optional().openapi(q("action")),
  from: date.optional().openapi(q("from")),
  to: date.optional().openapi(q("to")),
});

export const UserActivityQuery = z.object({
  user: z.uuid().openapi(q("user")),
  from: date.optional().openapi(q("from")),
  to: date.optional().openapi(q("to")),
});

export const UserActivitySchema = z.object({
  userId: z.uuid(),
  counts: z.array(z.object({ action: z.string(), count: z.number().int() })),
  recent: z.array(ActivitySchema),
}).openapi("DocumentUserActivity");

export const StatsSchema = z.object({
  usedBytes: z.number(),
  quotaBytes: z.number(),
  files: z.number().int(),
  trashed: z.number().int(),
  attachments: z.number().int(),
  folders: z.number().int(),
  versions: z.number().int(),
  perUser: z.array(z.object({
    userId: z.uuid().nullable(),
    name: z.string(),
    bytes: z.number(),
    files: z.number().int(),
  })),
  byType: z.array(z.object({ type: z.string(), files: z.number().int(), bytes: z.number() })),
  largest: z.array(z.object({
    id: z.uuid(),
    name: z.string(),
    size: z.number(),
    contentType: z.string(),
    folderId: z.uuid().nullable(),
    createdAt: z.string(),
  })),
  recentActivity: z.array(ActivitySchema),
}).openapi("DocumentStats");

export const SettingsSchema = z.object({
  quotaBytes: z.number().int().min(0),
  maxFileBytes: z.number().int().min(1),
  versionLimit: z.number().int().min(1).max(1000),
  retentionDays: z.number().int().min(1).max(3650),
  notifyOnAccess: z.boolean(),
}).openapi("DocumentSettings");

import { z } from "@hono/zod-openapi";

const Json = z.unknown();

export const ActivitySchema = z.object({
  id: z.uuid(),
  occurredAt: z.string(),
  actorId: z.uuid().nullable(),
  actorName: z.string().nullable(),
  entityType: z.string(),
  entityId: z.string(),
  projectId: z.uuid().nullable(),
  action: z.string(),
  summary: z.string(),
  changes: z.record(z.string(), z.object({ from: Json, to: Json })),
  subject: z.string().nullable().openapi({
    description: "What the line is about: the task's title or the project's name",
  }),
  subjectExists: z.boolean().openapi({ description: "Whether that task or project still exists" }),
}).openapi("ProjectActivity");

export const FeedQuery = z.object({
  projectId: z.uuid().optional(),
  entityType: z.enum(["project", "task"]).optional(),
});

export const NoticeQuery = z.object({
  unread: z.enum(["true", "false"]).optional(),
});

export const NoticeSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
}).openapi("ProjectNotification");

export const MailPreferencesSchema = z.object({
  assignment: z.boolean(),
  comment: z.boolean(),
  mention: z.boolean(),
  due: z.boolean(),
}).openapi("ProjectMailPreferences");

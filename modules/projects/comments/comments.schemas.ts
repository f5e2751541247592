import { z } from "@hono/zod-openapi";

export const CommentSchema = z.object({
  id: z.uuid(),
  taskId: z.uuid(),
  authorId: z.uuid().nullable(),
  authorName: z.string().nullable(),
  body: z.string().openapi({ description: "Markdown as written" }),
  bodyHtml: z.string().openapi({ description: "Sanitized HTML" }),
  mentions: z.array(z.uuid()),
  createdAt: z.string(),
  updatedAt: z.string(),
}).openapi("TaskComment");

export const CommentQuery = z.object({
  taskId: z.uuid(),
});

export const CreateCommentBody = z.object({
  taskId: z.uuid(),
  body: z.string().trim().min(1).max(20000),
}).openapi("CreateTaskComment");

export const UpdateCommentBody = z.object({
  body: z.string().trim().min(1).max(20000),
}).openapi("UpdateTaskComment");

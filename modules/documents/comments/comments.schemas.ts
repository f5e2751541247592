import { z } from "@hono/zod-openapi";
import { ObjectType } from "../tags/tags.schemas.ts";

export const DocumentCommentSchema = z.object({
  id: z.uuid(),
  objectType: ObjectType,
  objectId: z.uuid(),
  authorId: z.uuid().nullable(),
  authorName: z.string().nullable(),
  body: z.string().openapi({ description: "Markdown as written" }),
  bodyHtml: z.string().openapi({ description: "Sanitised HTML" }),
  mentions: z.array(z.uuid()).openapi({ description: "Members the comment mentions" }),
  edited: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
}).openapi("DocumentComment");

export const CommentBody = z.object({
  body: z.string().trim().min(1).max(20000).openapi({
    description: "Markdown; @name (the part of an e-mail before @) or @full@address mentions",
  }),
}).openapi("DocumentCommentBody");

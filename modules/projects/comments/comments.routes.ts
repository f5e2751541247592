import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { PageQuery, pageSchema } from "../../../shared/http/paging.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { IdParam } from "../projects/projects.schemas.ts";
import {
  CommentQuery,
  CommentSchema,
  CreateCommentBody,
  UpdateCommentBody,
} from "./comments.schemas.ts";

const tags = ["projects"];
const WRITE = requirePermission("projects.comment.write");

export const listCommentsRoute = createRoute({
  method: "get",
  path: "/comments",
  tags,
  summary: "A task's comments, oldest first",
  middleware: [requirePermission("projects.comment.read")] as const,
  request: { query: PageQuery.extend(CommentQuery.shape) },
  responses: {
    200: jsonResponse(pageSchema(CommentSchema, "TaskCommentPage"), "Comments"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const createCommentRoute = createRoute({
  method: "post",
  path: "/comments",
  tags,
  summary: "Comment on a task (Markdown; @name mentions notify project members)",
  middleware: [WRITE] as const,
  request: { body: jsonBody(CreateCommentBody) },
  responses: {
    201: jsonResponse(CommentSchema, "Created"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

export const updateCommentRoute = createRoute({
  method: "patch",
  path: "/comments/{id}",
  tags,
  summary: "Edit one's own comment",
  middleware: [WRITE] as const,
  request: { params: IdParam, body: jsonBody(UpdateCommentBody) },
  responses: {
    200: jsonResponse(CommentSchema, "Updated"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

export const deleteCommentRoute = createRoute({
  method: "delete",
  path: "/comments/{id}",
  tags,
  summary: "Delete one's own comment",
  middleware: [WRITE] as const,
  request: { params: IdParam },
  responses: {
    204: { description: "Deleted" },
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

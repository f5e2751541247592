import type { RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { addComment, editComment, listComments, removeComment } from "./comments.service.ts";
import type {
  createCommentRoute,
  deleteCommentRoute,
  listCommentsRoute,
  updateCommentRoute,
} from "./comments.routes.ts";

export const listCommentsHandler: RouteHandler<typeof listCommentsRoute, AppEnv> = async (c) =>
  c.json(await listComments(c.var.sql, c.var.session, c.req.valid("query")), 200);

export const createCommentHandler: RouteHandler<typeof createCommentRoute, AppEnv> = async (c) => {
  const { taskId, body } = c.req.valid("json");
  return c.json(await addComment(c.var.sql, c.var.platform.bus, c.var.session, taskId, body), 201);
};

export const updateCommentHandler: RouteHandler<typeof updateCommentRoute, AppEnv> = async (c) =>
  c.json(
    await editComment(
      c.var.sql,
      c.var.platform.bus,
      c.var.session,
      c.req.valid("param").id,
      c.req.valid("json").body,
    ),
    200,
  );

export const deleteCommentHandler: RouteHandler<typeof deleteCommentRoute, AppEnv> = async (c) => {
  await removeComment(c.var.sql, c.var.session, c.req.valid("param").id);
  return c.body(null, 204);
};

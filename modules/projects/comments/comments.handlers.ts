import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { addComment, editComment, listComments, removeComment } from "./comments.service.ts";
import {
  createCommentRoute,
  deleteCommentRoute,
  listCommentsRoute,
  updateCommentRoute,
} from "./comments.routes.ts";

export const listCommentsHandler: RouteHandler<typeof listCommentsRoute, AppEnv> = async (c) =>
  c.json(await listComments(actorOf(c), c.req.valid("query")), 200);

export const createCommentHandler: RouteHandler<typeof createCommentRoute, AppEnv> = async (c) => {
  const { taskId, body } = c.req.valid("json");
  return c.json(await addComment(actorOf(c), { taskId: taskId, body: body }), 201);
};

export const updateCommentHandler: RouteHandler<typeof updateCommentRoute, AppEnv> = async (c) =>
  c.json(
    await editComment(actorOf(c), { id: c.req.valid("param").id, body: c.req.valid("json").body }),
    200,
  );

export const deleteCommentHandler: RouteHandler<typeof deleteCommentRoute, AppEnv> = async (c) => {
  await removeComment(actorOf(c), c.req.valid("param").id);
  return c.body(null, 204);
};

/** The comments routes of /api/projects. */
export function mountComments(app: OpenAPIHono<AppEnv>) {
  app.openapi(listCommentsRoute, listCommentsHandler);
  app.openapi(createCommentRoute, createCommentHandler);
  app.openapi(updateCommentRoute, updateCommentHandler);
  app.openapi(deleteCommentRoute, deleteCommentHandler);
}

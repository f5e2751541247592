import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import { actorOf } from "../../../shared/http/actor.ts";
import type { AppEnv } from "../../../shared/http/env.ts";
import { addComment, editComment, listComments, removeComment } from "./comments.service.ts";
import * as R from "./comments.routes.ts";

type H<T> = T extends import("@hono/zod-openapi").RouteConfig ? RouteHandler<T, AppEnv> : never;

export const fileComments: H<typeof R.fileCommentRoutes.list> = async (c) =>
  c.json(
    await listComments(actorOf(c), {
      type: "file",
      id: c.req.valid("param").id,
      ...c.req.valid("query"),
    }),
    200,
  );

export const commentFile: H<typeof R.fileCommentRoutes.add> = async (c) =>
  c.json(
    await addComment(actorOf(c), {
      type: "file",
      id: c.req.valid("param").id,
      body: c.req.valid("json").body,
    }),
    201,
  );

export const folderComments: H<typeof R.folderCommentRoutes.list> = async (c) =>
  c.json(
    await listComments(actorOf(c), {
      type: "folder",
      id: c.req.valid("param").id,
      ...c.req.valid("query"),
    }),
    200,
  );

export const commentFolder: H<typeof R.folderCommentRoutes.add> = async (c) =>
  c.json(
    await addComment(actorOf(c), {
      type: "folder",
      id: c.req.valid("param").id,
      body: c.req.valid("json").body,
    }),
    201,
  );

export const edit: H<typeof R.editCommentRoute> = async (c) =>
  c.json(
    await editComment(actorOf(c), { id: c.req.valid("param").id, body: c.req.valid("json").body }),
    200,
  );

export const remove: H<typeof R.deleteCommentRoute> = async (c) => {
  await removeComment(actorOf(c), c.req.valid("param").id);
  return c.body(null, 204);
};

/** Mounts the comments on files and folders. */
export const mountComments = (app: OpenAPIHono<AppEnv>) => {
  app
    .openapi(R.fileCommentRoutes.list, fileComments)
    .openapi(R.fileCommentRoutes.add, commentFile)
    .openapi(R.folderCommentRoutes.list, folderComments)
    .openapi(R.folderCommentRoutes.add, commentFolder)
    .openapi(R.editCommentRoute, edit)
    .openapi(R.deleteCommentRoute, remove);
};

import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import { actorOf } from "../../../shared/http/actor.ts";
import type { AppEnv } from "../../../shared/http/env.ts";
import { createTag, listTagged, listTags, objectTags, putObjectTags } from "./tags.service.ts";
import * as R from "./tags.routes.ts";

type H<T> = T extends import("@hono/zod-openapi").RouteConfig ? RouteHandler<T, AppEnv> : never;

export const list: H<typeof R.listTagsRoute> = async (c) => c.json(await listTags(actorOf(c)), 200);

export const create: H<typeof R.createTagRoute> = async (c) =>
  c.json(await createTag(actorOf(c), c.req.valid("json")), 201);

export const tagged: H<typeof R.taggedRoute> = async (c) =>
  c.json(await listTagged(actorOf(c), c.req.valid("param").id), 200);

export const fileTags: H<typeof R.fileTagsRoutes.get> = async (c) =>
  c.json(await objectTags(actorOf(c), "file", c.req.valid("param").id), 200);

export const setFileTags: H<typeof R.fileTagsRoutes.put> = async (c) =>
  c.json(
    await putObjectTags(actorOf(c), {
      type: "file",
      id: c.req.valid("param").id,
      tagIds: c.req.valid("json").tagIds,
    }),
    200,
  );

export const folderTags: H<typeof R.folderTagsRoutes.get> = async (c) =>
  c.json(await objectTags(actorOf(c), "folder", c.req.valid("param").id), 200);

export const setFolderTags: H<typeof R.folderTagsRoutes.put> = async (c) =>
  c.json(
    await putObjectTags(actorOf(c), {
      type: "folder",
      id: c.req.valid("param").id,
      tagIds: c.req.valid("json").tagIds,
    }),
    200,
  );

/** Mounts the tag vocabulary and the tags of files and folders. */
export const mountTags = (app: OpenAPIHono<AppEnv>) => {
  app
    .openapi(R.listTagsRoute, list)
    .openapi(R.createTagRoute, create)
    .openapi(R.taggedRoute, tagged)
    .openapi(R.fileTagsRoutes.get, fileTags)
    .openapi(R.fileTagsRoutes.put, setFileTags)
    .openapi(R.folderTagsRoutes.get, folderTags)
    .openapi(R.folderTagsRoutes.put, setFolderTags);
};

import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import { actorOf } from "../../../shared/http/actor.ts";
import type { AppEnv } from "../../../shared/http/env.ts";
import { listFavourites, setFavourite } from "./favourites.service.ts";
import * as R from "./favourites.routes.ts";

type H<T> = T extends import("@hono/zod-openapi").RouteConfig ? RouteHandler<T, AppEnv> : never;

export const list: H<typeof R.listFavouritesRoute> = async (c) =>
  c.json(await listFavourites(actorOf(c)), 200);

export const addFile: H<typeof R.fileFavouriteRoutes.put> = async (c) =>
  c.json(
    await setFavourite(actorOf(c), { type: "file", id: c.req.valid("param").id, on: true }),
    200,
  );

export const removeFile: H<typeof R.fileFavouriteRoutes.delete> = async (c) =>
  c.json(
    await setFavourite(actorOf(c), { type: "file", id: c.req.valid("param").id, on: false }),
    200,
  );

export const addFolder: H<typeof R.folderFavouriteRoutes.put> = async (c) =>
  c.json(
    await setFavourite(actorOf(c), { type: "folder", id: c.req.valid("param").id, on: true }),
    200,
  );

export const removeFolder: H<typeof R.folderFavouriteRoutes.delete> = async (c) =>
  c.json(
    await setFavourite(actorOf(c), { type: "folder", id: c.req.valid("param").id, on: false }),
    200,
  );

/** Mounts the caller's favourites. */
export const mountFavourites = (app: OpenAPIHono<AppEnv>) => {
  app
    .openapi(R.listFavouritesRoute, list)
    .openapi(R.fileFavouriteRoutes.put, addFile)
    .openapi(R.fileFavouriteRoutes.delete, removeFile)
    .openapi(R.folderFavouriteRoutes.put, addFolder)
    .openapi(R.folderFavouriteRoutes.delete, removeFolder);
};

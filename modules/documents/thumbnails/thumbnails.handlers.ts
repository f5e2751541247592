import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import { actorOf } from "../../../shared/http/actor.ts";
import type { AppEnv } from "../../../shared/http/env.ts";
import { thumbnailResponse } from "./thumbnails.lib.ts";
import { thumbnailImage } from "./thumbnails.image.service.ts";
import { thumbnailRoute } from "./thumbnails.routes.ts";

export const thumbnail: RouteHandler<typeof thumbnailRoute, AppEnv> = async (c) => {
  const { size, v } = c.req.valid("query");
  const id = c.req.valid("param").id;
  const image = await c.var.scope((tx) => thumbnailImage(actorOf(c, tx), { id, size }));
  return await thumbnailResponse(c.req.raw, image, v) as never;
};

/** Mounts the thumbnail route (the images a background job made). */
export const mountThumbnails = (app: OpenAPIHono<AppEnv>) => {
  app.openapi(thumbnailRoute, thumbnail);
};

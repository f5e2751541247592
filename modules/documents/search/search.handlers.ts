import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import { actorOf } from "../../../shared/http/actor.ts";
import type { AppEnv } from "../../../shared/http/env.ts";
import { search } from "./search.service.ts";
import { searchRoute } from "./search.routes.ts";

export const searchHandler: RouteHandler<typeof searchRoute, AppEnv> = async (c) =>
  c.json(await c.var.scope((tx) => search(actorOf(c, tx), c.req.valid("query"))), 200);

/** Mounts the search over files and folders. */
export const mountSearch = (app: OpenAPIHono<AppEnv>) => {
  app.openapi(searchRoute, searchHandler);
};

import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import { actorOf } from "../../../shared/http/actor.ts";
import type { AppEnv } from "../../../shared/http/env.ts";
import { textIndex } from "./fulltext.state.service.ts";
import { textIndexRoute } from "./fulltext.routes.ts";

export const textIndexHandler: RouteHandler<typeof textIndexRoute, AppEnv> = async (c) =>
  c.json(await c.var.scope((tx) => textIndex(actorOf(c, tx), c.req.valid("param").id)), 200);

/** Mounts the full-text routes (the search itself is the documents search). */
export const mountFulltext = (app: OpenAPIHono<AppEnv>) => {
  app.openapi(textIndexRoute, textIndexHandler);
};

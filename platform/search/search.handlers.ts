import type { RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../shared/http/env.ts";
import { actorOf } from "../../shared/http/actor.ts";
import { createRouter } from "../../shared/http/router.ts";
import { searchEverything } from "./search.service.ts";
import { searchRoute } from "./search.routes.ts";

export const searchHandler: RouteHandler<typeof searchRoute, AppEnv> = async (c) =>
  c.json(
    await searchEverything(
      actorOf(c),
      c.var.platform.modules,
      c.req.valid("query"),
      c.var.locale,
    ),
    200,
  );

/** /api/search: the global search over every module. */
export const searchApi = createRouter().openapi(searchRoute, searchHandler);

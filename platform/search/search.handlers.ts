import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../shared/http/env.ts";
import { actorOf } from "../../shared/http/actor.ts";
import { apiRouter } from "../../shared/http/router.ts";
import { searchEverything } from "./search.service.ts";
import { searchRoute } from "./search.routes.ts";

export const searchHandler: RouteHandler<typeof searchRoute, AppEnv> = async (c) =>
  c.json(
    await searchEverything(actorOf(c), {
      modules: c.var.platform.modules,
      input: c.req.valid("query"),
      locale: c.var.locale,
    }),
    200,
  );

/** /api/search: the global search over every module. */
/** GET /api/search: the global search. */
export function mountSearch(api: OpenAPIHono<AppEnv>) {
  api.openapi(searchRoute, searchHandler);
}

/** The search API alone (mounted at /api/search by the manifest). */
export const searchApi = apiRouter([mountSearch]);

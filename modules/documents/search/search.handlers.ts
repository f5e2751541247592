import type { RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { search } from "./search.service.ts";
import type { searchRoute } from "./search.routes.ts";

export const searchHandler: RouteHandler<typeof searchRoute, AppEnv> = async (c) =>
  c.json(await c.var.scope((tx) => search(tx, c.var.session, c.req.valid("query"))), 200);

import type { RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { getFlow, putFlow } from "./statuses.service.ts";
import type { getFlowRoute, putFlowRoute, statusRoute } from "./statuses.routes.ts";

export const statusHandler: RouteHandler<typeof statusRoute, AppEnv> = async (c) =>
  c.json(await getFlow(c.var.sql, c.var.session, c.req.valid("query").projectId), 200);

export const getFlowHandler: RouteHandler<typeof getFlowRoute, AppEnv> = async (c) =>
  c.json(await getFlow(c.var.sql, c.var.session, c.req.valid("param").id), 200);

export const putFlowHandler: RouteHandler<typeof putFlowRoute, AppEnv> = async (c) =>
  c.json(
    await putFlow(c.var.sql, c.var.session, c.req.valid("param").id, c.req.valid("json")),
    200,
  );

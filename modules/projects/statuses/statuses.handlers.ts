import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { getFlow, putFlow } from "./statuses.service.ts";
import { getFlowRoute, putFlowRoute, statusRoute } from "./statuses.routes.ts";

export const statusHandler: RouteHandler<typeof statusRoute, AppEnv> = async (c) =>
  c.json(await getFlow(actorOf(c), c.req.valid("query").projectId), 200);

export const getFlowHandler: RouteHandler<typeof getFlowRoute, AppEnv> = async (c) =>
  c.json(await getFlow(actorOf(c), c.req.valid("param").id), 200);

export const putFlowHandler: RouteHandler<typeof putFlowRoute, AppEnv> = async (c) =>
  c.json(
    await putFlow(actorOf(c), { projectId: c.req.valid("param").id, body: c.req.valid("json") }),
    200,
  );

/** The statuses routes of /api/projects. */
export function mountStatuses(app: OpenAPIHono<AppEnv>) {
  app.openapi(statusRoute, statusHandler);
  app.openapi(getFlowRoute, getFlowHandler);
  app.openapi(putFlowRoute, putFlowHandler);
}

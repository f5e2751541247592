import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import {
  createStandingRoute,
  handOverRoute,
  listHandoversRoute,
  listStandingRoute,
  revokeStandingRoute,
} from "./delegations.routes.ts";
import {
  createStanding,
  handOver,
  listHandovers,
  listStanding,
  revokeStanding,
} from "./delegations.service.ts";

const put: RouteHandler<typeof handOverRoute, AppEnv> = async (c) =>
  c.json(await handOver(actorOf(c), c.req.valid("json")), 200);
const list: RouteHandler<typeof listHandoversRoute, AppEnv> = async (c) =>
  c.json(await listHandovers(actorOf(c), c.req.valid("query")), 200);
const standing: RouteHandler<typeof listStandingRoute, AppEnv> = async (c) =>
  c.json(await listStanding(actorOf(c), c.req.valid("query")), 200);
const create: RouteHandler<typeof createStandingRoute, AppEnv> = async (c) =>
  c.json(await createStanding(actorOf(c), c.req.valid("json")), 201);
const revoke: RouteHandler<typeof revokeStandingRoute, AppEnv> = async (c) =>
  c.json(await revokeStanding(actorOf(c), c.req.valid("param").id), 200);

/** /api/workflow/delegations… */
export function mountDelegations(app: OpenAPIHono<AppEnv>) {
  app.openapi(handOverRoute, put);
  app.openapi(listHandoversRoute, list);
  app.openapi(listStandingRoute, standing);
  app.openapi(createStandingRoute, create);
  app.openapi(revokeStandingRoute, revoke);
}

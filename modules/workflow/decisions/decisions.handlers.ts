import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import {
  deleteDecisionRoute,
  deployDecisionRoute,
  evaluateDecisionRoute,
  getDecisionRoute,
  listDecisionsRoute,
} from "./decisions.routes.ts";
import {
  deployDmn,
  evaluateDecision,
  getDecision,
  listDecisions,
  removeDecision,
} from "./decisions.service.ts";

const list: RouteHandler<typeof listDecisionsRoute, AppEnv> = async (c) =>
  c.json(await listDecisions(actorOf(c)), 200);
const get: RouteHandler<typeof getDecisionRoute, AppEnv> = async (c) =>
  c.json(
    await getDecision(actorOf(c), {
      key: c.req.valid("param").key,
      version: c.req.valid("query").version,
    }),
    200,
  );
const deploy: RouteHandler<typeof deployDecisionRoute, AppEnv> = async (c) =>
  c.json(await deployDmn(actorOf(c), c.req.valid("json").xml), 201);
const remove: RouteHandler<typeof deleteDecisionRoute, AppEnv> = async (c) => {
  await removeDecision(actorOf(c), c.req.valid("param").key);
  return c.body(null, 204);
};
const evaluate: RouteHandler<typeof evaluateDecisionRoute, AppEnv> = async (c) =>
  c.json(
    await evaluateDecision(actorOf(c), {
      key: c.req.valid("param").key,
      input: c.req.valid("json"),
    }),
    200,
  );

/** /api/workflow/decisions… */
export function mountDecisions(app: OpenAPIHono<AppEnv>) {
  app.openapi(listDecisionsRoute, list);
  app.openapi(getDecisionRoute, get);
  app.openapi(deployDecisionRoute, deploy);
  app.openapi(deleteDecisionRoute, remove);
  app.openapi(evaluateDecisionRoute, evaluate);
}

import { fieldsOf } from "../../../shared/http/fields.ts";
import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import {
  cancelRunRoute,
  getRunRoute,
  historyRoute,
  statsRoute,
  testRunRoute,
} from "./runs.routes.ts";
import { cancelRun, getRun, listHistory, runStatistics, testRun } from "./runs.service.ts";

const history: RouteHandler<typeof historyRoute, AppEnv> = async (c) =>
  c.json(await listHistory(actorOf(c), c.req.valid("query"), fieldsOf(c)), 200);

const stats: RouteHandler<typeof statsRoute, AppEnv> = async (c) =>
  c.json(await runStatistics(actorOf(c), c.req.valid("query")), 200);

const get: RouteHandler<typeof getRunRoute, AppEnv> = async (c) =>
  c.json(await getRun(actorOf(c), c.req.valid("param").id), 200);

const cancel: RouteHandler<typeof cancelRunRoute, AppEnv> = async (c) =>
  c.json(await cancelRun(actorOf(c), c.req.valid("param").id), 200);

const test: RouteHandler<typeof testRunRoute, AppEnv> = async (c) => {
  // The body is optional: no body (or an empty one) runs with an empty input.
  const body = (c.req.valid("json") ?? {}) as { input?: unknown };
  return c.json(
    await testRun(actorOf(c), { agentId: c.req.valid("param").id, input: body.input }),
    202,
  );
};

/** Mount before the jobs and agents features: `/jobs/history` must win over `/jobs/{id}`. */
export const mountRuns = (app: OpenAPIHono<AppEnv>) => {
  app.openapi(historyRoute, history);
  app.openapi(statsRoute, stats);
  app.openapi(getRunRoute, get);
  app.openapi(cancelRunRoute, cancel);
  app.openapi(testRunRoute, test);
};

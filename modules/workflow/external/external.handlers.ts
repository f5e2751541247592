import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import {
  bpmnErrorRoute,
  completeRoute,
  extendLockRoute,
  failureRoute,
  fetchAndLockRoute,
  getExternalTaskRoute,
  listExternalTasksRoute,
  unlockRoute,
} from "./external.routes.ts";
import {
  completeTask,
  extendTaskLock,
  externalTask,
  failTask,
  fetchAndLock,
  listExternalTasks,
  throwBpmnError,
  unlockTask,
} from "./external.service.ts";

type H<R extends Parameters<OpenAPIHono<AppEnv>["openapi"]>[0]> = RouteHandler<R, AppEnv>;

// Unscoped path (EXTERNAL_FETCH_PATHS): short transactions through c.var.scope while it waits.
const fetch: H<typeof fetchAndLockRoute> = async (c) =>
  c.json(
    await fetchAndLock(
      { scope: c.var.scope, session: c.var.session, bus: c.var.platform.bus },
      c.req.valid("json"),
      c.req.raw.signal,
    ),
    200,
  );
const list: H<typeof listExternalTasksRoute> = async (c) =>
  c.json(await listExternalTasks(actorOf(c), c.req.valid("query")), 200);
const get: H<typeof getExternalTaskRoute> = async (c) =>
  c.json(await externalTask(actorOf(c), c.req.valid("param").id), 200);
const complete: H<typeof completeRoute> = async (c) => {
  await completeTask(actorOf(c), { id: c.req.valid("param").id, ...c.req.valid("json") });
  return c.body(null, 204);
};
const failure: H<typeof failureRoute> = async (c) => {
  await failTask(actorOf(c), { id: c.req.valid("param").id, ...c.req.valid("json") });
  return c.body(null, 204);
};
const bpmnError: H<typeof bpmnErrorRoute> = async (c) => {
  await throwBpmnError(actorOf(c), { id: c.req.valid("param").id, ...c.req.valid("json") });
  return c.body(null, 204);
};
const extend: H<typeof extendLockRoute> = async (c) =>
  c.json(
    await extendTaskLock(actorOf(c), { id: c.req.valid("param").id, ...c.req.valid("json") }),
    200,
  );
const release: H<typeof unlockRoute> = async (c) => {
  await unlockTask(actorOf(c), c.req.valid("param").id);
  return c.body(null, 204);
};

export function mountExternalTasks(app: OpenAPIHono<AppEnv>) {
  app.openapi(fetchAndLockRoute, fetch);
  app.openapi(listExternalTasksRoute, list);
  app.openapi(getExternalTaskRoute, get);
  app.openapi(completeRoute, complete);
  app.openapi(failureRoute, failure);
  app.openapi(bpmnErrorRoute, bpmnError);
  app.openapi(extendLockRoute, extend);
  app.openapi(unlockRoute, release);
}

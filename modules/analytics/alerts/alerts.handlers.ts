import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import {
  alertHistoryRoute,
  checkAlertRoute,
  createAlertRoute,
  deleteAlertRoute,
  getAlertRoute,
  listAlertsRoute,
  patchAlertRoute,
} from "./alerts.routes.ts";
import {
  alertHistory,
  checkNow,
  createAlert,
  getAlert,
  listAlerts,
  patchAlert,
  removeAlert,
} from "./alerts.service.ts";

const list: RouteHandler<typeof listAlertsRoute, AppEnv> = async (c) =>
  c.json(await listAlerts(actorOf(c), c.req.valid("query")), 200);
const create: RouteHandler<typeof createAlertRoute, AppEnv> = async (c) =>
  c.json(await createAlert(actorOf(c), c.req.valid("json")), 201);
const get: RouteHandler<typeof getAlertRoute, AppEnv> = async (c) =>
  c.json(await getAlert(actorOf(c), c.req.valid("param").id), 200);
const patch: RouteHandler<typeof patchAlertRoute, AppEnv> = async (c) =>
  c.json(
    await patchAlert(actorOf(c), { id: c.req.valid("param").id, patch: c.req.valid("json") }),
    200,
  );
const remove: RouteHandler<typeof deleteAlertRoute, AppEnv> = async (c) => {
  await removeAlert(actorOf(c), c.req.valid("param").id);
  return c.body(null, 204);
};
const history: RouteHandler<typeof alertHistoryRoute, AppEnv> = async (c) =>
  c.json(await alertHistory(actorOf(c), c.req.valid("param").id), 200);
const check: RouteHandler<typeof checkAlertRoute, AppEnv> = async (c) =>
  c.json(await checkNow(actorOf(c), c.req.valid("param").id), 200);

export function mountAlerts(app: OpenAPIHono<AppEnv>) {
  app.openapi(listAlertsRoute, list);
  app.openapi(createAlertRoute, create);
  app.openapi(getAlertRoute, get);
  app.openapi(patchAlertRoute, patch);
  app.openapi(deleteAlertRoute, remove);
  app.openapi(alertHistoryRoute, history);
  app.openapi(checkAlertRoute, check);
}

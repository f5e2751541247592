import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import {
  createAppRoute,
  deleteAppRoute,
  getAccessRoute,
  getAppRoute,
  listAppsRoute,
  patchAppRoute,
  putAccessRoute,
} from "./apps.routes.ts";
import {
  createSheetRoute,
  deleteSheetRoute,
  listSheetsRoute,
  orderSheetsRoute,
  patchSheetRoute,
} from "./sheets.routes.ts";
import {
  createApp,
  getAccess,
  getApp,
  listApps,
  patchApp,
  putAccess,
  removeApp,
} from "./apps.service.ts";
import { createSheet, listSheets, orderSheets, patchSheet, removeSheet } from "./sheets.service.ts";

const list: RouteHandler<typeof listAppsRoute, AppEnv> = async (c) =>
  c.json(await listApps(actorOf(c)), 200);
const create: RouteHandler<typeof createAppRoute, AppEnv> = async (c) =>
  c.json(await createApp(actorOf(c), c.req.valid("json")), 201);
const get: RouteHandler<typeof getAppRoute, AppEnv> = async (c) =>
  c.json(await getApp(actorOf(c), c.req.valid("param").id), 200);
const patch: RouteHandler<typeof patchAppRoute, AppEnv> = async (c) =>
  c.json(
    await patchApp(actorOf(c), { id: c.req.valid("param").id, patch: c.req.valid("json") }),
    200,
  );
const remove: RouteHandler<typeof deleteAppRoute, AppEnv> = async (c) => {
  await removeApp(actorOf(c), c.req.valid("param").id);
  return c.body(null, 204);
};
const access: RouteHandler<typeof getAccessRoute, AppEnv> = async (c) =>
  c.json(await getAccess(actorOf(c), c.req.valid("param").id), 200);
const grant: RouteHandler<typeof putAccessRoute, AppEnv> = async (c) =>
  c.json(
    await putAccess(actorOf(c), { id: c.req.valid("param").id, access: c.req.valid("json") }),
    200,
  );

const sheets: RouteHandler<typeof listSheetsRoute, AppEnv> = async (c) =>
  c.json(await listSheets(actorOf(c), c.req.valid("param").id), 200);
const addSheet: RouteHandler<typeof createSheetRoute, AppEnv> = async (c) =>
  c.json(
    await createSheet(actorOf(c), { appId: c.req.valid("param").id, input: c.req.valid("json") }),
    201,
  );
const order: RouteHandler<typeof orderSheetsRoute, AppEnv> = async (c) =>
  c.json(
    await orderSheets(actorOf(c), {
      appId: c.req.valid("param").id,
      sheetIds: c.req.valid("json").sheetIds,
    }),
    200,
  );
const changeSheet: RouteHandler<typeof patchSheetRoute, AppEnv> = async (c) => {
  const { id, sheetId } = c.req.valid("param");
  return c.json(
    await patchSheet(actorOf(c), { appId: id, sheetId, patch: c.req.valid("json") }),
    200,
  );
};
const dropSheet: RouteHandler<typeof deleteSheetRoute, AppEnv> = async (c) => {
  const { id, sheetId } = c.req.valid("param");
  await removeSheet(actorOf(c), { appId: id, sheetId });
  return c.body(null, 204);
};

/** /api/analytics/apps… (the order route before /sheets/{sheetId} so "order" is no id). */
export function mountApps(api: OpenAPIHono<AppEnv>) {
  api.openapi(listAppsRoute, list);
  api.openapi(createAppRoute, create);
  api.openapi(getAppRoute, get);
  api.openapi(patchAppRoute, patch);
  api.openapi(deleteAppRoute, remove);
  api.openapi(getAccessRoute, access);
  api.openapi(putAccessRoute, grant);
  api.openapi(listSheetsRoute, sheets);
  api.openapi(createSheetRoute, addSheet);
  api.openapi(orderSheetsRoute, order);
  api.openapi(patchSheetRoute, changeSheet);
  api.openapi(deleteSheetRoute, dropSheet);
}

import { createRoute, type OpenAPIHono, type RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { SettingsSchema, SettingsUpdate } from "./settings.schemas.ts";
import { changeSettings, readSettings } from "./settings.service.ts";

const tags = ["automation"];

export const getSettingsRoute = createRoute({
  operationId: "getAutomationSettings",
  method: "get",
  path: "/settings",
  tags,
  summary: "The workspace's automation settings (defaults until saved)",
  middleware: [requirePermission("automation.settings.read")],
  responses: {
    200: jsonResponse(SettingsSchema, "Settings"),
    ...errorResponses(401, 403),
  },
});

export const putSettingsRoute = createRoute({
  operationId: "updateAutomationSettings",
  method: "put",
  path: "/settings",
  tags,
  summary: "Change the automation settings (fields left out keep their values)",
  middleware: [requirePermission("automation.settings.write")],
  request: { body: jsonBody(SettingsUpdate) },
  responses: {
    200: jsonResponse(SettingsSchema, "Saved"),
    ...errorResponses(400, 401, 403),
  },
});

const get: RouteHandler<typeof getSettingsRoute, AppEnv> = async (c) =>
  c.json(await readSettings(actorOf(c)), 200);

const put: RouteHandler<typeof putSettingsRoute, AppEnv> = async (c) =>
  c.json(await changeSettings(actorOf(c), c.req.valid("json")), 200);

export const mountSettings = (app: OpenAPIHono<AppEnv>) => {
  app.openapi(getSettingsRoute, get);
  app.openapi(putSettingsRoute, put);
};

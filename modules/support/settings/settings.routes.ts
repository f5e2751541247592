import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { SettingsSchema, SettingsUpdate } from "./settings.schemas.ts";

export const getSettingsRoute = createRoute({
  method: "get",
  path: "/settings",
  tags: ["support"],
  summary: "The tenant's Support settings",
  middleware: [requirePermission("support.settings.read")] as const,
  responses: { 200: jsonResponse(SettingsSchema, "Settings"), ...errorResponses(401, 403) },
});

export const updateSettingsRoute = createRoute({
  method: "put",
  path: "/settings",
  tags: ["support"],
  summary: "Change the tenant's Support settings",
  middleware: [requirePermission("support.settings.write")] as const,
  request: { body: jsonBody(SettingsUpdate) },
  responses: { 200: jsonResponse(SettingsSchema, "Settings"), ...errorResponses(400, 401, 403) },
});

import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { PortalSettingsSchema, PortalSettingsUpdate } from "./portal.schemas.ts";

export const getPortalSettingsRoute = createRoute({
  method: "get",
  path: "/portal-settings",
  operationId: "getSupportPortalSettings",
  tags: ["support"],
  summary: "The customer portal's settings",
  middleware: [requirePermission("support.settings.read")] as const,
  responses: {
    200: jsonResponse(PortalSettingsSchema, "Portal settings"),
    ...errorResponses(401, 403),
  },
});

export const updatePortalSettingsRoute = createRoute({
  method: "put",
  path: "/portal-settings",
  operationId: "updateSupportPortalSettings",
  tags: ["support"],
  summary: "Change the customer portal's settings",
  middleware: [requirePermission("support.settings.write")] as const,
  request: { body: jsonBody(PortalSettingsUpdate) },
  responses: {
    200: jsonResponse(PortalSettingsSchema, "Portal settings"),
    ...errorResponses(400, 401, 403),
  },
});

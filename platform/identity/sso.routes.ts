import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../shared/http/route-helpers.ts";
import { requirePermission } from "../../shared/rbac/permissions.ts";
import { TENANT_WRITE } from "./tenants.schemas.ts";
import { SsoSettingsBody, SsoSettingsSchema } from "./sso.schemas.ts";

export const getSsoRoute = createRoute({
  method: "get",
  path: "/sso",
  operationId: "getSsoSettings",
  tags: ["admin"],
  summary: "The workspace's single sign-on settings (the client secret is never returned)",
  middleware: [requirePermission(TENANT_WRITE)] as const,
  responses: {
    200: jsonResponse(SsoSettingsSchema, "The settings"),
    ...errorResponses(401, 403, 404),
  },
});

export const putSsoRoute = createRoute({
  method: "put",
  path: "/sso",
  operationId: "setSsoSettings",
  tags: ["admin"],
  summary: "Set up or change the workspace's OpenID Connect single sign-on",
  description: "The client secret is required the first time and kept when omitted later. " +
    "A role that does not exist, the owner role, or a break-glass account that is not an " +
    "active owner answer 400/422; a role granting a permission the caller does not hold " +
    "answers 403 (as for an invitation).",
  middleware: [requirePermission(TENANT_WRITE)] as const,
  request: { body: jsonBody(SsoSettingsBody) },
  responses: {
    200: jsonResponse(SsoSettingsSchema, "The saved settings"),
    ...errorResponses(400, 401, 403, 422),
  },
});

export const deleteSsoRoute = createRoute({
  method: "delete",
  path: "/sso",
  operationId: "deleteSsoSettings",
  tags: ["admin"],
  summary: "Remove the workspace's single sign-on (password sign-in applies again)",
  middleware: [requirePermission(TENANT_WRITE)] as const,
  responses: {
    204: { description: "Removed" },
    ...errorResponses(401, 403, 404),
  },
});

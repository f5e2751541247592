import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses } from "../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../shared/http/route-helpers.ts";
import { PageQuery, pageSchema } from "../../shared/http/paging.ts";
import { requireOperator, requirePermission } from "../../shared/rbac/permissions.ts";
import { CreateTenantBody, IdParam, UserSchema } from "./identity.schemas.ts";
import {
  TENANT_WRITE,
  TenantDetail,
  TenantListQuery,
  TenantSettings,
  UpdateTenantSettingsBody,
} from "./tenants.schemas.ts";

// Operators: every tenant.

export const listTenantsRoute = createRoute({
  method: "get",
  path: "/tenants",
  tags: ["admin"],
  summary: "List all tenants with their status, newest first (platform operators)",
  operationId: "listTenants",
  middleware: [requireOperator] as const,
  request: { query: PageQuery.extend(TenantListQuery.shape) },
  responses: {
    200: jsonResponse(pageSchema(TenantDetail, "TenantPage"), "Tenants"),
    ...errorResponses(400, 401, 403),
  },
});

export const createTenantRoute = createRoute({
  method: "post",
  path: "/tenants",
  tags: ["admin"],
  summary: "Create a tenant with its owner (platform operators)",
  operationId: "createTenant",
  middleware: [requireOperator] as const,
  request: { body: jsonBody(CreateTenantBody) },
  responses: {
    201: jsonResponse(
      z.object({ tenant: TenantDetail, owner: UserSchema.omit({ locale: true }) }),
      "Created",
    ),
    ...errorResponses(400, 401, 403, 409),
  },
});

export const suspendTenantRoute = createRoute({
  method: "post",
  path: "/tenants/{id}/suspend",
  tags: ["admin"],
  summary: "Suspend a tenant: its members can no longer sign in or use their sessions",
  description: "Idempotent. The operator's own current tenant cannot be suspended (422).",
  operationId: "suspendTenant",
  middleware: [requireOperator] as const,
  request: { params: IdParam },
  responses: {
    200: jsonResponse(TenantDetail, "Suspended"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

export const reactivateTenantRoute = createRoute({
  method: "post",
  path: "/tenants/{id}/reactivate",
  tags: ["admin"],
  summary: "Reactivate a suspended tenant",
  description: "Idempotent.",
  operationId: "reactivateTenant",
  middleware: [requireOperator] as const,
  request: { params: IdParam },
  responses: {
    200: jsonResponse(TenantDetail, "Active"),
    ...errorResponses(400, 401, 403, 404),
  },
});

// Tenant admins: the signed-in tenant.

export const getTenantSettingsRoute = createRoute({
  method: "get",
  path: "/tenant",
  tags: ["admin"],
  summary: "The signed-in tenant's settings",
  description: "Every member may read them: the app shell shows the name, colour and logo.",
  operationId: "getTenantSettings",
  responses: {
    200: jsonResponse(TenantSettings, "Settings"),
    ...errorResponses(401),
  },
});

export const updateTenantSettingsRoute = createRoute({
  method: "patch",
  path: "/tenant",
  tags: ["admin"],
  summary: "Change the signed-in tenant's name, default language, time zone, colour or logo",
  operationId: "updateTenantSettings",
  middleware: [requirePermission(TENANT_WRITE)] as const,
  request: { body: jsonBody(UpdateTenantSettingsBody) },
  responses: {
    200: jsonResponse(TenantSettings, "Updated"),
    ...errorResponses(400, 401, 403, 413),
  },
});

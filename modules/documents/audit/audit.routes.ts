import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import {
  ActivityPage,
  AuditQuery,
  SettingsSchema,
  StatsSchema,
  UserActivityQuery,
  UserActivitySchema,
} from "./audit.schemas.ts";

const tags = ["documents"];

export const auditRoute = createRoute({
  method: "get",
  path: "/audit",
  tags,
  summary: "Audit records of every file operation, newest first",
  middleware: [requirePermission("documents.audit.read")] as const,
  request: { query: AuditQuery },
  responses: {
    200: jsonResponse(ActivityPage, "Audit records"),
    ...errorResponses(400, 401, 403),
  },
});

export const userActivityRoute = createRoute({
  method: "get",
  path: "/activity",
  tags,
  summary: "One user's activity report: counts by action and latest records",
  middleware: [requirePermission("documents.audit.read")] as const,
  request: { query: UserActivityQuery },
  responses: {
    200: jsonResponse(UserActivitySchema, "Report"),
    ...errorResponses(400, 401, 403),
  },
});

export const statsRoute = createRoute({
  method: "get",
  path: "/stats",
  tags,
  summary: "Storage statistics: used and quota, per user, per type, largest files",
  middleware: [requirePermission("documents.audit.read")] as const,
  responses: { 200: jsonResponse(StatsSchema, "Statistics"), ...errorResponses(401, 403) },
});

export const getSettingsRoute = createRoute({
  method: "get",
  path: "/settings",
  tags,
  summary: "The tenant's storage limits",
  middleware: [requirePermission("documents.file.read")] as const,
  responses: { 200: jsonResponse(SettingsSchema, "Settings"), ...errorResponses(401, 403) },
});

export const putSettingsRoute = createRoute({
  method: "put",
  path: "/settings",
  tags,
  summary: "Change the tenant's quota, file size limit, version limit and trash retention",
  middleware: [requirePermission("documents.settings.write")] as const,
  request: { body: jsonBody(SettingsSchema.partial()) },
  responses: { 200: jsonResponse(SettingsSchema, "Settings"), ...errorResponses(400, 401, 403) },
});

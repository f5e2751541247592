import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { APP_READ, APP_WRITE } from "./access.rules.ts";
import {
  AccessInput,
  AccessSchema,
  AppIdParam,
  AppInput,
  AppList,
  AppPatch,
  AppSchema,
} from "./apps.schemas.ts";

const tags = ["analytics"];
const read = [requirePermission(APP_READ)];

export const listAppsRoute = createRoute({
  operationId: "listAnalyticsApps",
  method: "get",
  path: "/apps",
  tags,
  summary: "Applications shared with the caller, with the caller's level on each",
  middleware: read,
  responses: { 200: jsonResponse(AppList, "Applications by name"), ...errorResponses(401, 403) },
});

export const createAppRoute = createRoute({
  operationId: "createAnalyticsApp",
  method: "post",
  path: "/apps",
  tags,
  summary: "Create an application (the creator manages it)",
  middleware: [requirePermission(APP_WRITE)],
  request: { body: jsonBody(AppInput) },
  responses: {
    201: jsonResponse(AppSchema, "The new application"),
    ...errorResponses(400, 401, 403),
  },
});

export const getAppRoute = createRoute({
  operationId: "getAnalyticsApp",
  method: "get",
  path: "/apps/{id}",
  tags,
  summary: "One application (404 when it is not shared with the caller)",
  middleware: read,
  request: { params: AppIdParam },
  responses: {
    200: jsonResponse(AppSchema, "The application"),
    ...errorResponses(401, 403, 404),
  },
});

export const patchAppRoute = createRoute({
  operationId: "updateAnalyticsApp",
  method: "patch",
  path: "/apps/{id}",
  tags,
  summary: "Rename or describe an application (manage level)",
  middleware: read,
  request: { params: AppIdParam, body: jsonBody(AppPatch) },
  responses: {
    200: jsonResponse(AppSchema, "The application as stored"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const deleteAppRoute = createRoute({
  operationId: "deleteAnalyticsApp",
  method: "delete",
  path: "/apps/{id}",
  tags,
  summary: "Delete an application with its sheets and widgets (manage level)",
  middleware: read,
  request: { params: AppIdParam },
  responses: { 204: { description: "Deleted" }, ...errorResponses(401, 403, 404) },
});

export const getAccessRoute = createRoute({
  operationId: "getAnalyticsAppAccess",
  method: "get",
  path: "/apps/{id}/access",
  tags,
  summary: "Who may view, edit or manage the application (manage level)",
  middleware: read,
  request: { params: AppIdParam },
  responses: {
    200: jsonResponse(AccessSchema, "The grants"),
    ...errorResponses(401, 403, 404),
  },
});

export const putAccessRoute = createRoute({
  operationId: "putAnalyticsAppAccess",
  method: "put",
  path: "/apps/{id}/access",
  tags,
  summary: "Replace the grants of the application (users and roles; manage level)",
  middleware: read,
  request: { params: AppIdParam, body: jsonBody(AccessInput) },
  responses: {
    200: jsonResponse(AccessSchema, "The grants as stored"),
    ...errorResponses(400, 401, 403, 404),
  },
});

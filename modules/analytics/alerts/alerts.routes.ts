import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import {
  AlertInput,
  AlertList,
  AlertPatch,
  AlertSchema,
  CheckResultSchema,
  HistorySchema,
  IdParam,
  ListQuery,
} from "./alerts.schemas.ts";

const tags = ["analytics"];
// Per-application access (view to create and read; owner or manager to change) decides the rest.
const read = requirePermission("analytics.app.read");

export const listAlertsRoute = createRoute({
  operationId: "listAnalyticsAlerts",
  method: "get",
  path: "/alerts",
  tags,
  summary: "Alerts of the applications shared with the caller (one application with appId)",
  middleware: [read],
  request: { query: ListQuery },
  responses: { 200: jsonResponse(AlertList, "The alerts"), ...errorResponses(400, 401, 403, 404) },
});

export const createAlertRoute = createRoute({
  operationId: "createAnalyticsAlert",
  method: "post",
  path: "/alerts",
  tags,
  summary: "Create an alert on a widget's query (view access to its application)",
  middleware: [read],
  request: { body: jsonBody(AlertInput) },
  responses: {
    201: jsonResponse(AlertSchema, "The alert"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

export const getAlertRoute = createRoute({
  operationId: "getAnalyticsAlert",
  method: "get",
  path: "/alerts/{id}",
  tags,
  summary: "One alert with its state",
  middleware: [read],
  request: { params: IdParam },
  responses: { 200: jsonResponse(AlertSchema, "The alert"), ...errorResponses(401, 403, 404) },
});

export const patchAlertRoute = createRoute({
  operationId: "updateAnalyticsAlert",
  method: "patch",
  path: "/alerts/{id}",
  tags,
  summary: "Change, mute or snooze an alert (its owner or the application's managers)",
  middleware: [read],
  request: { params: IdParam, body: jsonBody(AlertPatch) },
  responses: {
    200: jsonResponse(AlertSchema, "The alert"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const deleteAlertRoute = createRoute({
  operationId: "deleteAnalyticsAlert",
  method: "delete",
  path: "/alerts/{id}",
  tags,
  summary: "Delete an alert (its owner or the application's managers)",
  middleware: [read],
  request: { params: IdParam },
  responses: { 204: { description: "Deleted" }, ...errorResponses(401, 403, 404) },
});

export const alertHistoryRoute = createRoute({
  operationId: "getAnalyticsAlertHistory",
  method: "get",
  path: "/alerts/{id}/history",
  tags,
  summary: "The alert's firings and recoveries (with the channels used) and recent checks",
  middleware: [read],
  request: { params: IdParam },
  responses: { 200: jsonResponse(HistorySchema, "The history"), ...errorResponses(401, 403, 404) },
});

export const checkAlertRoute = createRoute({
  operationId: "checkAnalyticsAlert",
  method: "post",
  path: "/alerts/{id}/check",
  tags,
  summary: "Check the alert now, as the schedule would (sends when its state changes)",
  middleware: [read],
  request: { params: IdParam },
  responses: {
    200: jsonResponse(CheckResultSchema, "The check's outcome"),
    ...errorResponses(401, 403, 404),
  },
});

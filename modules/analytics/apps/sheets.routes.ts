import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { SHEET_READ } from "./access.rules.ts";
import {
  AppIdParam,
  SheetIdParam,
  SheetInput,
  SheetList,
  SheetOrder,
  SheetPatch,
  SheetSchema,
} from "./apps.schemas.ts";

const tags = ["analytics"];
// Per-application access (access.ts) decides who may change sheets: an edit grant is enough.
const middleware = [requirePermission(SHEET_READ)];

export const listSheetsRoute = createRoute({
  operationId: "listAnalyticsSheets",
  method: "get",
  path: "/apps/{id}/sheets",
  tags,
  summary: "The application's sheets in order, with the caller's level",
  middleware,
  request: { params: AppIdParam },
  responses: {
    200: jsonResponse(SheetList, "Sheets in order"),
    ...errorResponses(401, 403, 404),
  },
});

export const createSheetRoute = createRoute({
  operationId: "createAnalyticsSheet",
  method: "post",
  path: "/apps/{id}/sheets",
  tags,
  summary: "Add a sheet after the last one (edit level)",
  middleware,
  request: { params: AppIdParam, body: jsonBody(SheetInput) },
  responses: {
    201: jsonResponse(SheetSchema, "The new sheet"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const orderSheetsRoute = createRoute({
  operationId: "reorderAnalyticsSheets",
  method: "put",
  path: "/apps/{id}/sheets/order",
  tags,
  summary: "Put the sheets in a new order: every sheet once (edit level)",
  middleware,
  request: { params: AppIdParam, body: jsonBody(SheetOrder) },
  responses: {
    200: jsonResponse(SheetList, "Sheets in the new order"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const patchSheetRoute = createRoute({
  operationId: "updateAnalyticsSheet",
  method: "patch",
  path: "/apps/{id}/sheets/{sheetId}",
  tags,
  summary: "Rename a sheet, set its refresh interval or its dashboard filters (edit level)",
  middleware,
  request: { params: SheetIdParam, body: jsonBody(SheetPatch) },
  responses: {
    200: jsonResponse(SheetSchema, "The sheet as stored"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const deleteSheetRoute = createRoute({
  operationId: "deleteAnalyticsSheet",
  method: "delete",
  path: "/apps/{id}/sheets/{sheetId}",
  tags,
  summary: "Delete a sheet with its widgets (edit level)",
  middleware,
  request: { params: SheetIdParam },
  responses: { 204: { description: "Deleted" }, ...errorResponses(401, 403, 404) },
});

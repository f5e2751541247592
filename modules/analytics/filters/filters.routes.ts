import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { SHEET_READ } from "../apps/access.rules.ts";
import {
  ChoiceList,
  FilterParam,
  FilterValuesInput,
  FilterValuesResult,
  SheetFilterInput,
  SheetFilterList,
  SheetFilterPatch,
  SheetFilterSchema,
  SheetParam,
} from "./filters.schemas.ts";

const tags = ["analytics"];
// The app's own access decides the rest: view uses filters, edit defines them (service).
const middleware = [requirePermission(SHEET_READ)];

export const listFiltersRoute = createRoute({
  operationId: "listAnalyticsSheetFilters",
  method: "get",
  path: "/sheets/{sheetId}/filters",
  tags,
  summary: "The sheet's saved dashboard filters with their widget field mappings (view access)",
  middleware,
  request: { params: SheetParam },
  responses: {
    200: jsonResponse(SheetFilterList, "The filters in order"),
    ...errorResponses(401, 403, 404),
  },
});

export const createFilterRoute = createRoute({
  operationId: "createAnalyticsSheetFilter",
  method: "post",
  path: "/sheets/{sheetId}/filters",
  tags,
  summary: "Add a filter: label, kind, default, required, per-widget field (edit access)",
  middleware,
  request: { params: SheetParam, body: jsonBody(SheetFilterInput) },
  responses: {
    201: jsonResponse(SheetFilterSchema, "The filter"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const patchFilterRoute = createRoute({
  operationId: "updateAnalyticsSheetFilter",
  method: "patch",
  path: "/sheets/{sheetId}/filters/{filterId}",
  tags,
  summary: "Change a filter; `mappings` replaces all of its widget mappings (edit access)",
  middleware,
  request: { params: FilterParam, body: jsonBody(SheetFilterPatch) },
  responses: {
    200: jsonResponse(SheetFilterSchema, "The filter"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const deleteFilterRoute = createRoute({
  operationId: "deleteAnalyticsSheetFilter",
  method: "delete",
  path: "/sheets/{sheetId}/filters/{filterId}",
  tags,
  summary: "Remove a filter with its mappings (edit access)",
  middleware,
  request: { params: FilterParam },
  responses: { 204: { description: "Removed" }, ...errorResponses(401, 403, 404) },
});

export const filterChoicesRoute = createRoute({
  operationId: "listAnalyticsSheetFilterChoices",
  method: "get",
  path: "/sheets/{sheetId}/filters/{filterId}/choices",
  tags,
  summary: "A choice filter's values: distinct values of its mapped fields, with labels",
  middleware,
  request: { params: FilterParam },
  responses: {
    200: jsonResponse(ChoiceList, "Values and labels"),
    ...errorResponses(401, 403, 404),
  },
});

export const getValuesRoute = createRoute({
  operationId: "getAnalyticsSheetFilterValues",
  method: "get",
  path: "/sheets/{sheetId}/filter-values",
  tags,
  summary: "The caller's filter values on the sheet: in effect and remembered",
  middleware,
  request: { params: SheetParam },
  responses: {
    200: jsonResponse(FilterValuesResult, "The values"),
    ...errorResponses(401, 403, 404),
  },
});

export const putValuesRoute = createRoute({
  operationId: "putAnalyticsSheetFilterValues",
  method: "put",
  path: "/sheets/{sheetId}/filter-values",
  tags,
  summary: "Remember the caller's filter values on the sheet (replaces the last ones)",
  middleware,
  request: { params: SheetParam, body: jsonBody(FilterValuesInput) },
  responses: {
    200: jsonResponse(FilterValuesResult, "The values"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const resetValuesRoute = createRoute({
  operationId: "resetAnalyticsSheetFilterValues",
  method: "delete",
  path: "/sheets/{sheetId}/filter-values",
  tags,
  summary: "Forget the caller's filter values: the defaults apply again",
  middleware,
  request: { params: SheetParam },
  responses: {
    200: jsonResponse(FilterValuesResult, "The values"),
    ...errorResponses(401, 403, 404),
  },
});

import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { RefreshQuery } from "../cache/cache.schemas.ts";
import {
  FilterQuery,
  IdParam,
  LayoutInput,
  RowsQuery,
  RowsResult,
  SheetParam,
  WidgetData,
  WidgetInput,
  WidgetList,
  WidgetPatch,
  WidgetSchema,
} from "./widgets.schemas.ts";

const tags = ["analytics"];
// The app's own access (view / edit / manage) decides the rest, in the service.
export const SHEET_READ = "analytics.sheet.read";

export const listWidgetsRoute = createRoute({
  operationId: "listAnalyticsWidgets",
  method: "get",
  path: "/sheets/{sheetId}/widgets",
  tags,
  summary: "Widgets of a sheet with their place in its grid (view access)",
  middleware: [requirePermission(SHEET_READ)],
  request: { params: SheetParam },
  responses: { 200: jsonResponse(WidgetList, "The widgets"), ...errorResponses(401, 403, 404) },
});

export const createWidgetRoute = createRoute({
  operationId: "createAnalyticsWidget",
  method: "post",
  path: "/sheets/{sheetId}/widgets",
  tags,
  summary: "Add a widget (query, field mapping, chart type, options) to a sheet (edit access)",
  middleware: [requirePermission(SHEET_READ)],
  request: { params: SheetParam, body: jsonBody(WidgetInput) },
  responses: {
    201: jsonResponse(WidgetSchema, "The widget"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const patchWidgetRoute = createRoute({
  operationId: "updateAnalyticsWidget",
  method: "patch",
  path: "/widgets/{id}",
  tags,
  summary: "Change a widget (edit access)",
  middleware: [requirePermission(SHEET_READ)],
  request: { params: IdParam, body: jsonBody(WidgetPatch) },
  responses: {
    200: jsonResponse(WidgetSchema, "The widget"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const deleteWidgetRoute = createRoute({
  operationId: "deleteAnalyticsWidget",
  method: "delete",
  path: "/widgets/{id}",
  tags,
  summary: "Remove a widget (edit access)",
  middleware: [requirePermission(SHEET_READ)],
  request: { params: IdParam },
  responses: { 204: { description: "Removed" }, ...errorResponses(401, 403, 404) },
});

export const putLayoutRoute = createRoute({
  operationId: "putAnalyticsSheetLayout",
  method: "put",
  path: "/sheets/{sheetId}/layout",
  tags,
  summary: "Place the sheet's widgets (x, y, w, h in a 12-column grid) at once (edit access)",
  middleware: [requirePermission(SHEET_READ)],
  request: { params: SheetParam, body: jsonBody(LayoutInput) },
  responses: {
    200: jsonResponse(WidgetList, "The widgets as placed"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const widgetDataRoute = createRoute({
  operationId: "getAnalyticsWidgetData",
  method: "get",
  path: "/widgets/{id}/data",
  tags,
  summary: "Run the widget's query under the sheet's active filters",
  description: "Through the sheet's result cache when it keeps results: `cache.hit` and the " +
    "`X-Cache: hit|miss` header say whether it came from there; `refresh=1` bypasses it.",
  middleware: [requirePermission(SHEET_READ)],
  request: { params: IdParam, query: FilterQuery.merge(RefreshQuery) },
  responses: {
    200: {
      ...jsonResponse(WidgetData, "Rows, the chart option and, for a KPI, its trend"),
      headers: z.object({
        "X-Cache": z.enum(["hit", "miss"]).openapi({
          description: "Whether the data came from the sheet's result cache",
        }),
      }),
    },
    ...errorResponses(400, 401, 403, 404),
  },
});

export const widgetRowsRoute = createRoute({
  operationId: "getAnalyticsWidgetRows",
  method: "get",
  path: "/widgets/{id}/rows",
  tags,
  summary: "Drill down: the rows behind a clicked point (no aggregates)",
  middleware: [requirePermission(SHEET_READ)],
  request: { params: IdParam, query: RowsQuery },
  responses: { 200: jsonResponse(RowsResult, "The rows"), ...errorResponses(400, 401, 403, 404) },
});

export const widgetCsvRoute = createRoute({
  operationId: "exportAnalyticsWidgetCsv",
  method: "get",
  path: "/widgets/{id}/export.csv",
  tags,
  summary: "The widget's data as CSV under the sheet's active filters",
  middleware: [requirePermission(SHEET_READ)],
  request: { params: IdParam, query: FilterQuery },
  responses: {
    200: { description: "CSV", content: { "text/csv": { schema: z.string() } } },
    ...errorResponses(400, 401, 403, 404),
  },
});

export const widgetSvgRoute = createRoute({
  operationId: "exportAnalyticsWidgetSvg",
  method: "get",
  path: "/widgets/{id}/export.svg",
  tags,
  summary: "The widget's chart as an SVG image (charts only)",
  middleware: [requirePermission(SHEET_READ)],
  request: { params: IdParam, query: FilterQuery },
  responses: {
    200: { description: "SVG", content: { "image/svg+xml": { schema: z.string() } } },
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

export const sheetEventsRoute = createRoute({
  operationId: "streamAnalyticsSheetEvents",
  method: "get",
  path: "/sheets/{sheetId}/events",
  tags,
  summary: "Server-sent events: `refresh` when a built-in dataset the sheet may show changed",
  description: "The event's data is a JSON list of the changed datasets' names. A comment line " +
    "keeps the stream alive.",
  middleware: [requirePermission(SHEET_READ)],
  request: { params: SheetParam },
  responses: {
    200: {
      description: "An event stream",
      content: { "text/event-stream": { schema: z.string() } },
    },
    ...errorResponses(401, 403, 404, 429),
  },
});

import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import {
  AnalyticsQuerySchema,
  DatasetList,
  FormatParam,
  QueryResultSchema,
} from "./query.schemas.ts";

const tags = ["analytics"];
export const QUERY_READ = "analytics.query.read";

export const analyticsDataRoute = createRoute({
  operationId: "getAnalyticsData",
  method: "get",
  path: "/analytics",
  tags,
  summary: "Analytic data: runs a built query (JSON in `q`) and returns rows or series",
  middleware: [requirePermission(QUERY_READ)],
  request: {
    query: z.object({
      q: z.string().min(2).max(20_000).openapi({
        description: "The query (AnalyticsQuery) as JSON",
      }),
      format: FormatParam,
    }),
  },
  responses: {
    200: jsonResponse(QueryResultSchema, "Rows (columns, rows, truncated) or series"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

export const analyticsQueryRoute = createRoute({
  operationId: "runAnalyticsQuery",
  method: "post",
  path: "/analytics/query",
  tags,
  summary: "Runs a query given as a JSON body (for queries too long for a URL)",
  middleware: [requirePermission(QUERY_READ)],
  request: {
    body: jsonBody(z.object({ query: AnalyticsQuerySchema, format: FormatParam })),
  },
  responses: {
    200: jsonResponse(QueryResultSchema, "Rows (columns, rows, truncated) or series"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

export const listDatasetsRoute = createRoute({
  operationId: "listAnalyticsDatasets",
  method: "get",
  path: "/datasets",
  tags,
  summary: "The built-in datasets with their fields and the events that change them",
  middleware: [requirePermission(QUERY_READ)],
  responses: {
    200: jsonResponse(DatasetList, "Datasets in the reader's language"),
    ...errorResponses(401, 403),
  },
});

import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { TimeQuery, TimeReport } from "./time.schemas.ts";

const middleware = [requirePermission("support.report.read")];

export const timeReportRoute = createRoute({
  operationId: "supportTimeReport",
  method: "get",
  path: "/reports/time",
  tags: ["support"],
  summary: "Time spent (minutes on comments) per agent or per customer in a period",
  middleware,
  request: { query: TimeQuery },
  responses: { 200: jsonResponse(TimeReport, "The report"), ...errorResponses(400, 401, 403) },
});

export const timeReportCsvRoute = createRoute({
  operationId: "supportTimeReportCsv",
  method: "get",
  path: "/reports/time.csv",
  tags: ["support"],
  summary: "The time report as CSV",
  middleware,
  request: { query: TimeQuery },
  responses: {
    200: { description: "CSV", content: { "text/csv": { schema: z.string() } } },
    ...errorResponses(400, 401, 403),
  },
});

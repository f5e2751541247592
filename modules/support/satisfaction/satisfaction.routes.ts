import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import {
  SatisfactionListQuery,
  SatisfactionPage,
  SatisfactionReport,
  SatisfactionReportQuery,
} from "./satisfaction.schemas.ts";

const middleware = [requirePermission("support.report.read")];

export const satisfactionListRoute = createRoute({
  operationId: "supportSatisfactionList",
  method: "get",
  path: "/satisfaction",
  tags: ["support"],
  summary: "Customer ratings of tickets, newest first (period in the workspace's time zone, " +
    "default the last 30 days; filters: rating, agent, team, with a comment)",
  middleware,
  request: { query: SatisfactionListQuery },
  responses: {
    200: jsonResponse(SatisfactionPage, "A page of ratings"),
    ...errorResponses(400, 401, 403),
  },
});

export const satisfactionReportRoute = createRoute({
  operationId: "supportSatisfactionReport",
  method: "get",
  path: "/satisfaction/report",
  tags: ["support"],
  summary: "Good and bad ratings and the score (share of good) per agent, team or period " +
    "(day, week or month in the workspace's time zone); JSON or CSV (format=csv)",
  middleware,
  request: { query: SatisfactionReportQuery },
  responses: {
    200: {
      description: "The report",
      content: {
        "application/json": { schema: SatisfactionReport },
        "text/csv": { schema: z.string() },
      },
    },
    ...errorResponses(400, 401, 403),
  },
});

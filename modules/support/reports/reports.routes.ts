import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { ReportQuery, ReportSchema } from "./reports.schemas.ts";

export const reportRoute = createRoute({
  method: "get",
  path: "/report",
  tags: ["support"],
  summary: "Reports: open tickets by status/priority, SLA compliance, team performance, " +
    "created vs resolved per day; JSON or CSV (format=csv)",
  middleware: [requirePermission("support.report.read")] as const,
  request: { query: ReportQuery },
  responses: {
    200: {
      description: "The report",
      content: {
        "application/json": { schema: ReportSchema },
        "text/csv": { schema: z.string() },
      },
    },
    ...errorResponses(400, 401, 403),
  },
});

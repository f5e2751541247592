import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { DashboardSchema } from "./dashboard.schemas.ts";

export const dashboardRoute = createRoute({
  operationId: "getAutomationDashboard",
  method: "get",
  path: "/dashboard",
  tags: ["automation"],
  summary: "Dashboard figures: agents by state, jobs by trigger, runs today / 24 h / 7 days " +
    "with success rate and p50/p95 duration, runs per day (14 days), queue and workers, next " +
    "runs, recent failures",
  middleware: [requirePermission("automation.job.read")],
  responses: {
    200: jsonResponse(DashboardSchema, "The figures"),
    ...errorResponses(401, 403),
  },
});

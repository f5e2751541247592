import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { DashboardSchema } from "./dashboard.schemas.ts";

export const dashboardRoute = createRoute({
  operationId: "getWorkflowDashboard",
  method: "get",
  path: "/dashboard",
  tags: ["workflow"],
  summary: "Active processes, open incidents, the caller's tasks, processes per day (14 days)",
  middleware: [requirePermission("workflow.process.read")],
  responses: {
    200: jsonResponse(DashboardSchema, "The figures"),
    ...errorResponses(401, 403),
  },
});

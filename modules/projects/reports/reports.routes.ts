import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import {
  DistributionReport,
  ProgressQuery,
  ProgressReport,
  ReportQuery,
  WorkloadReport,
} from "./reports.schemas.ts";

const tags = ["projects"];
const READ = requirePermission("projects.report.read");
const both = <T extends z.ZodType>(schema: T, description: string) => ({
  description: `${description} (JSON, or CSV with ?format=csv)`,
  content: {
    "application/json": { schema },
    "text/csv": { schema: z.string() },
  },
});

export const progressRoute = createRoute({
  method: "get",
  path: "/reports/progress",
  tags,
  summary: "Progress per project: done vs total, by status, burn-up over the last days",
  middleware: [READ] as const,
  request: { query: ProgressQuery },
  responses: { 200: both(ProgressReport, "Progress"), ...errorResponses(400, 401, 403, 404) },
});

export const distributionRoute = createRoute({
  method: "get",
  path: "/reports/distribution",
  tags,
  summary: "Task counts by status, priority and assignee",
  middleware: [READ] as const,
  request: { query: ReportQuery },
  responses: {
    200: both(DistributionReport, "Distribution"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const workloadRoute = createRoute({
  method: "get",
  path: "/reports/workload",
  tags,
  summary: "Per member: open tasks, estimates, overdue and done counts",
  middleware: [READ] as const,
  request: { query: ReportQuery },
  responses: { 200: both(WorkloadReport, "Workload"), ...errorResponses(400, 401, 403, 404) },
});

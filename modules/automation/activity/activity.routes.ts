import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { pageSchema } from "../../../shared/http/paging.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { ActivityCsvQuery, ActivityLogEntry, ActivityLogQuery } from "./activity.schemas.ts";

const tags = ["automation"];
// The log sits in the Automation menu beside jobs: whoever may see jobs may open it, and sees
// only the modules they may read (see activity.rules.ts).
const read = [requirePermission("automation.job.read")];

export const listActivityLogRoute = createRoute({
  operationId: "listAutomationActivityLog",
  method: "get",
  path: "/activity-log",
  tags,
  summary: "The cross-module activity log (who, what, which entity, before → after), only " +
    "the modules the caller may read; JSON or CSV (format=csv)",
  middleware: read,
  request: { query: ActivityLogQuery },
  responses: {
    200: {
      description: "A page of activity lines, or all of them as CSV (format=csv)",
      content: {
        "application/json": { schema: pageSchema(ActivityLogEntry, "AutomationActivityPage") },
        "text/csv": { schema: z.string() },
      },
    },
    ...errorResponses(400, 401, 403),
  },
});

export const activityLogCsvRoute = createRoute({
  operationId: "exportAutomationActivityLog",
  method: "get",
  path: "/activity-log.csv",
  tags,
  summary: "The activity log as CSV with the same filters (newest first, at most 50,000 rows; " +
    "X-Truncated: true when there were more)",
  middleware: read,
  request: { query: ActivityCsvQuery },
  responses: {
    200: { description: "CSV (UTF-8)", content: { "text/csv": { schema: z.string() } } },
    ...errorResponses(400, 401, 403),
  },
});

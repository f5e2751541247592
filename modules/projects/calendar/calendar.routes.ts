import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { IdParam } from "../projects/projects.schemas.ts";
import { CalendarQuery, CalendarSchema } from "./calendar.schemas.ts";

export const calendarRoute = createRoute({
  method: "get",
  path: "/projects/{id}/calendar",
  operationId: "getProjectCalendar",
  tags: ["projects"],
  summary: "A project's month of tasks by due date, with the tasks that have none",
  middleware: [requirePermission("projects.task.read")] as const,
  request: { params: IdParam, query: CalendarQuery },
  responses: {
    200: jsonResponse(CalendarSchema, "Calendar"),
    ...errorResponses(400, 401, 403, 404),
  },
});

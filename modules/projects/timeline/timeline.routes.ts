import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { IdParam } from "../projects/projects.schemas.ts";
import { TimelineQuery, TimelineSchema } from "./timeline.schemas.ts";

export const timelineRoute = createRoute({
  method: "get",
  path: "/projects/{id}/timeline",
  operationId: "getProjectTimeline",
  tags: ["projects"],
  summary: "A project's timeline: dated tasks, dependencies with kinds, milestones, critical path",
  description: "Takes the task list's filters; moving a task is an update of its dates " +
    "(PUT /tasks/{id}), refused with 422 when it breaks a dependency or leaves the project.",
  middleware: [requirePermission("projects.task.read")] as const,
  request: { params: IdParam, query: TimelineQuery },
  responses: {
    200: jsonResponse(TimelineSchema, "Timeline"),
    ...errorResponses(400, 401, 403, 404),
  },
});

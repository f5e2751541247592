import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { BulkBody, BulkResult } from "./bulk.schemas.ts";

export const bulkTasksRoute = createRoute({
  method: "post",
  path: "/tasks/bulk",
  operationId: "bulkChangeTasks",
  tags: ["projects"],
  summary:
    "Change or delete up to 500 tasks at once: all or nothing, each by the single-task rules",
  description: "A refusal names the task and the field in `errors` (path `taskIds[i].field`); " +
    "nothing is changed then.",
  middleware: [requirePermission("projects.task.write")] as const,
  request: { body: jsonBody(BulkBody) },
  responses: {
    200: jsonResponse(BulkResult, "Changed"),
    ...errorResponses(400, 401, 403, 404, 409, 422),
  },
});

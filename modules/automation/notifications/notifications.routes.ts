import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonResponse } from "../../../shared/http/route-helpers.ts";
import { pageSchema } from "../../../shared/http/paging.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { AutomationNotification, AutomationNotificationQuery } from "./notifications.schemas.ts";

export const listAutomationNotificationsRoute = createRoute({
  operationId: "listAutomationNotifications",
  method: "get",
  path: "/notifications",
  tags: ["automation"],
  summary: "The caller's automation notifications (failures, agents in error, timeouts, " +
    "backlog), newest first; mark one read with POST /api/notifications/{id}/read",
  middleware: [requirePermission("automation.job.read")],
  request: { query: AutomationNotificationQuery },
  responses: {
    200: jsonResponse(
      pageSchema(AutomationNotification, "AutomationNotificationPage"),
      "A page of notifications",
    ),
    ...errorResponses(400, 401, 403),
  },
});

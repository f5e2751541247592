import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { WorkflowSettingsSchema, WorkflowSettingsUpdate } from "./cleanup.schemas.ts";

const tags = ["workflow"];
export const SETTINGS_READ = "workflow.definition.read";
export const SETTINGS_WRITE = "workflow.definition.write";

export const getSettingsRoute = createRoute({
  operationId: "getWorkflowSettings",
  method: "get",
  path: "/settings",
  tags,
  summary: "The workspace's workflow settings (the history time to live default)",
  middleware: [requirePermission(SETTINGS_READ)],
  responses: {
    200: jsonResponse(WorkflowSettingsSchema, "Settings"),
    ...errorResponses(401, 403),
  },
});

export const putSettingsRoute = createRoute({
  operationId: "updateWorkflowSettings",
  method: "put",
  path: "/settings",
  tags,
  summary: "Change the workflow settings",
  middleware: [requirePermission(SETTINGS_WRITE)],
  request: { body: jsonBody(WorkflowSettingsUpdate) },
  responses: {
    200: jsonResponse(WorkflowSettingsSchema, "Saved"),
    ...errorResponses(400, 401, 403),
  },
});

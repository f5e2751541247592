/** Routes raising BPMN events from a user task (handlers in tasks.bpmn.handlers.ts). */
import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { TaskIdParam } from "./tasks.schemas.ts";
import { TaskErrorInput, TaskEscalationInput, TaskThrowResult } from "./tasks.bpmn.schemas.ts";

const tags = ["workflow"];
const write = [requirePermission("workflow.task.write")];

export const taskErrorRoute = createRoute({
  operationId: "throwWorkflowTaskBpmnError",
  method: "post",
  path: "/tasks/{id}/bpmn-error",
  tags,
  summary:
    "Throw a BPMN error from a process task (its assignee): caught by an error boundary event or event subprocess; 422 when nothing catches it",
  middleware: write,
  request: { params: TaskIdParam, body: jsonBody(TaskErrorInput) },
  responses: {
    200: jsonResponse(TaskThrowResult, "Thrown and caught"),
    ...errorResponses(400, 401, 403, 404, 409, 422),
  },
});

export const taskEscalationRoute = createRoute({
  operationId: "throwWorkflowTaskBpmnEscalation",
  method: "post",
  path: "/tasks/{id}/bpmn-escalation",
  tags,
  summary:
    "Throw a BPMN escalation from a process task (its assignee): a non-interrupting catcher leaves the task open; 422 when nothing catches it",
  middleware: write,
  request: { params: TaskIdParam, body: jsonBody(TaskEscalationInput) },
  responses: {
    200: jsonResponse(TaskThrowResult, "Thrown and caught"),
    ...errorResponses(400, 401, 403, 404, 409, 422),
  },
});

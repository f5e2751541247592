import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { IdParam } from "../projects/projects.schemas.ts";
import {
  PreviewBody,
  PreviewSchema,
  RecurrenceInput,
  RecurrenceSchema,
} from "./recurrence.schemas.ts";

const tags = ["projects"];
const READ = requirePermission("projects.task.read");
const WRITE = requirePermission("projects.task.write");

export const getRecurrenceRoute = createRoute({
  method: "get",
  path: "/tasks/{id}/recurrence",
  operationId: "getProjectTaskRecurrence",
  tags,
  summary: "A task's recurrence: rule, its text, the next 5 dates and the series' occurrences",
  middleware: [READ] as const,
  request: { params: IdParam },
  responses: {
    200: jsonResponse(RecurrenceSchema, "Recurrence"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const setRecurrenceRoute = createRoute({
  method: "put",
  path: "/tasks/{id}/recurrence",
  operationId: "setProjectTaskRecurrence",
  tags,
  summary: "Make a task recurring (or change its rule and mode); project members and managers",
  middleware: [WRITE] as const,
  request: { params: IdParam, body: jsonBody(RecurrenceInput) },
  responses: {
    200: jsonResponse(RecurrenceSchema, "Recurrence"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

export const clearRecurrenceRoute = createRoute({
  method: "delete",
  path: "/tasks/{id}/recurrence",
  operationId: "clearProjectTaskRecurrence",
  tags,
  summary: "Stop a task's recurrence (its occurrences stay)",
  middleware: [WRITE] as const,
  request: { params: IdParam },
  responses: {
    200: jsonResponse(RecurrenceSchema, "Recurrence"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

export const previewRecurrenceRoute = createRoute({
  method: "post",
  path: "/recurrence/preview",
  operationId: "previewProjectTaskRecurrence",
  tags,
  summary: "A rule in words and its next 5 dates in a time zone, before it is saved",
  middleware: [READ] as const,
  request: { body: jsonBody(PreviewBody) },
  responses: {
    200: jsonResponse(PreviewSchema, "Preview"),
    ...errorResponses(400, 401, 403, 422),
  },
});

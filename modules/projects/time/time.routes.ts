import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { PageQuery } from "../../../shared/http/paging.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { IdParam } from "../projects/projects.schemas.ts";
import {
  CreateEntryBody,
  EntryQuery,
  StartTimerBody,
  SummaryQuery,
  TimeEntryPage,
  TimeEntrySchema,
  TimerResult,
  TimeSummary,
  UpdateEntryBody,
} from "./time.schemas.ts";

const tags = ["projects"];
const READ = requirePermission("projects.task.read");
const WRITE = requirePermission("projects.task.write");
const REPORT = requirePermission("projects.report.read");

export const getTimerRoute = createRoute({
  method: "get",
  path: "/time/timer",
  operationId: "getTimeTimer",
  tags,
  summary: "The caller's running timer, if any",
  middleware: [READ] as const,
  responses: { 200: jsonResponse(TimerResult, "Timer"), ...errorResponses(401, 403) },
});

export const startTimerRoute = createRoute({
  method: "post",
  path: "/time/timer/start",
  operationId: "startTimeTimer",
  tags,
  summary: "Start a timer on a task; a timer running on another task is stopped first",
  middleware: [WRITE] as const,
  request: { body: jsonBody(StartTimerBody) },
  responses: {
    200: jsonResponse(TimerResult, "Running"),
    ...errorResponses(400, 401, 403, 404, 409, 422),
  },
});

export const stopTimerRoute = createRoute({
  method: "post",
  path: "/time/timer/stop",
  operationId: "stopTimeTimer",
  tags,
  summary: "Stop the caller's running timer (409 when none runs)",
  middleware: [WRITE] as const,
  responses: { 200: jsonResponse(TimerResult, "Stopped"), ...errorResponses(401, 403, 409) },
});

export const listEntriesRoute = createRoute({
  method: "get",
  path: "/time/entries",
  operationId: "listTimeEntries",
  tags,
  summary: "Time entries by task, project, person and date range (JSON, or CSV with ?format=csv)",
  middleware: [READ] as const,
  request: { query: PageQuery.extend(EntryQuery.shape) },
  responses: {
    200: {
      description: "Entries, newest day first",
      content: {
        "application/json": { schema: TimeEntryPage },
        "text/csv": { schema: z.string() },
      },
    },
    ...errorResponses(400, 401, 403, 404),
  },
});

export const createEntryRoute = createRoute({
  method: "post",
  path: "/time/entries",
  operationId: "createTimeEntry",
  tags,
  summary: "Log time on a task by hand (project members)",
  middleware: [WRITE] as const,
  request: { body: jsonBody(CreateEntryBody) },
  responses: {
    201: jsonResponse(TimeEntrySchema, "Created"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

export const getEntryRoute = createRoute({
  method: "get",
  path: "/time/entries/{id}",
  operationId: "getTimeEntry",
  tags,
  summary: "One time entry",
  middleware: [READ] as const,
  request: { params: IdParam },
  responses: { 200: jsonResponse(TimeEntrySchema, "Entry"), ...errorResponses(400, 401, 403, 404) },
});

export const updateEntryRoute = createRoute({
  method: "patch",
  path: "/time/entries/{id}",
  operationId: "updateTimeEntry",
  tags,
  summary: "Change a time entry (its author, or a manager of the project)",
  middleware: [WRITE] as const,
  request: { params: IdParam, body: jsonBody(UpdateEntryBody) },
  responses: {
    200: jsonResponse(TimeEntrySchema, "Updated"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

export const deleteEntryRoute = createRoute({
  method: "delete",
  path: "/time/entries/{id}",
  operationId: "deleteTimeEntry",
  tags,
  summary: "Delete a time entry (its author, or a manager of the project)",
  middleware: [WRITE] as const,
  request: { params: IdParam },
  responses: { 204: { description: "Deleted" }, ...errorResponses(400, 401, 403, 404, 422) },
});

export const timeSummaryRoute = createRoute({
  method: "get",
  path: "/time/summary",
  operationId: "getTimeSummary",
  tags,
  summary: "Estimates against time spent, per task, per project and per person",
  middleware: [REPORT] as const,
  request: { query: SummaryQuery },
  responses: { 200: jsonResponse(TimeSummary, "Summary"), ...errorResponses(400, 401, 403, 404) },
});

import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { pageSchema } from "../../../shared/http/paging.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import {
  HistoryQuery,
  QueuedSchema,
  RunDetailSchema,
  RunIdParam,
  RunSchema,
  StatsQuery,
  StatsSchema,
  TestRunInput,
} from "./runs.schemas.ts";

const tags = ["automation"];
const read = [requirePermission("automation.job.read")];

export const historyRoute = createRoute({
  operationId: "listAutomationJobHistory",
  method: "get",
  path: "/jobs/history",
  tags,
  summary: "Job history: every run, newest first (filters: status, job, agent, trigger, period)",
  middleware: read,
  request: { query: HistoryQuery },
  responses: {
    200: jsonResponse(pageSchema(RunSchema, "AutomationRunPage"), "A page of runs"),
    ...errorResponses(400, 401, 403),
  },
});

export const statsRoute = createRoute({
  operationId: "automationRunStats",
  method: "get",
  path: "/runs/stats",
  tags,
  summary: "Succeeded and failed runs of the last days, by agent, job or day",
  middleware: read,
  request: { query: StatsQuery },
  responses: {
    200: jsonResponse(StatsSchema, "Counts"),
    ...errorResponses(400, 401, 403),
  },
});

export const getRunRoute = createRoute({
  operationId: "getAutomationRun",
  method: "get",
  path: "/runs/{id}",
  tags,
  summary: "A run with its log",
  middleware: read,
  request: { params: RunIdParam },
  responses: {
    200: jsonResponse(RunDetailSchema, "The run"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const cancelRunRoute = createRoute({
  operationId: "cancelAutomationRun",
  method: "post",
  path: "/runs/{id}/cancel",
  tags,
  summary:
    "Cancel a run: a waiting one at once, a running one is stopped (killed) by its worker; a finished one is a 409",
  middleware: [requirePermission("automation.job.write")],
  request: { params: RunIdParam },
  responses: {
    200: jsonResponse(RunSchema, "The run after the request"),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

export const testRunRoute = createRoute({
  operationId: "testAutomationAgent",
  method: "post",
  path: "/agents/{id}/test-run",
  tags,
  summary:
    "Run an agent once with the given input (also when it is failing: a successful test run makes it active again)",
  middleware: [requirePermission("automation.agent.write")],
  request: { params: RunIdParam, body: { ...jsonBody(TestRunInput), required: false } },
  responses: {
    202: jsonResponse(QueuedSchema, "The run was queued (or skipped, with the reason on the run)"),
    ...errorResponses(400, 401, 403, 404),
  },
});

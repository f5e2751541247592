import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { pageSchema } from "../../../shared/http/paging.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import {
  CreatedJobSchema,
  HookHeaders,
  HookParams,
  HookQuery,
  JobIdParam,
  JobInput,
  JobQuery,
  JobSchema,
  JobUpdate,
  NextRunsQuery,
  NextRunsSchema,
  PreviewScheduleInput,
  PreviewScheduleSchema,
  QueuedRunSchema,
  RunNowInput,
  WebhookSecretSchema,
} from "./jobs.schemas.ts";
import { checkHookSize } from "./jobs.webhook.lib.ts";

const tags = ["automation"];
const read = [requirePermission("automation.job.read")];
const write = [requirePermission("automation.job.write")];

export const listJobsRoute = createRoute({
  operationId: "listAutomationJobs",
  method: "get",
  path: "/jobs",
  tags,
  summary: "Jobs, newest first (filters: agent, trigger, enabled, active/pending, text)",
  middleware: read,
  request: { query: JobQuery },
  responses: {
    200: jsonResponse(pageSchema(JobSchema, "AutomationJobPage"), "A page of jobs"),
    ...errorResponses(400, 401, 403),
  },
});

export const createJobRoute = createRoute({
  operationId: "createAutomationJob",
  method: "post",
  path: "/jobs",
  tags,
  summary: "Create a job: an agent, a trigger, input and policies",
  description: "A webhook job's secret is in the answer this once; only its hash is stored.",
  middleware: write,
  request: { body: jsonBody(JobInput) },
  responses: {
    201: jsonResponse(CreatedJobSchema, "Created"),
    ...errorResponses(400, 401, 403, 409, 422),
  },
});

export const previewScheduleRoute = createRoute({
  operationId: "previewAutomationSchedule",
  method: "post",
  path: "/jobs/preview-schedule",
  tags,
  summary: "The next runs of a cron expression in a time zone (a bad one is a 400 with the reason)",
  middleware: read,
  request: { body: jsonBody(PreviewScheduleInput) },
  responses: {
    200: jsonResponse(PreviewScheduleSchema, "The next runs"),
    ...errorResponses(400, 401, 403),
  },
});

export const getJobRoute = createRoute({
  operationId: "getAutomationJob",
  method: "get",
  path: "/jobs/{id}",
  tags,
  summary: "A job",
  middleware: read,
  request: { params: JobIdParam },
  responses: {
    200: jsonResponse(JobSchema, "The job"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const updateJobRoute = createRoute({
  operationId: "updateAutomationJob",
  method: "patch",
  path: "/jobs/{id}",
  tags,
  summary: "Change a job (fields left out keep their values; the schedule is computed again)",
  middleware: write,
  request: { params: JobIdParam, body: jsonBody(JobUpdate) },
  responses: {
    200: jsonResponse(JobSchema, "Updated"),
    ...errorResponses(400, 401, 403, 404, 409, 422),
  },
});

export const deleteJobRoute = createRoute({
  operationId: "deleteAutomationJob",
  method: "delete",
  path: "/jobs/{id}",
  tags,
  summary: "Delete a job (its past runs stay in the history)",
  middleware: write,
  request: { params: JobIdParam },
  responses: {
    204: { description: "Deleted" },
    ...errorResponses(400, 401, 403, 404),
  },
});

const toggle = (enabled: boolean) =>
  createRoute({
    operationId: enabled ? "enableAutomationJob" : "disableAutomationJob",
    method: "post",
    path: `/jobs/{id}/${enabled ? "enable" : "disable"}`,
    tags,
    summary: enabled
      ? "Enable a job (its next run is computed from now)"
      : "Disable a job (it fires nothing until enabled)",
    middleware: write,
    request: { params: JobIdParam },
    responses: {
      200: jsonResponse(JobSchema, "The job"),
      ...errorResponses(400, 401, 403, 404, 422),
    },
  });
export const enableJobRoute = toggle(true);
export const disableJobRoute = toggle(false);

export const runJobRoute = createRoute({
  operationId: "runAutomationJob",
  method: "post",
  path: "/jobs/{id}/run",
  tags,
  summary: "Run a job now (optional input merged over the job's)",
  description: "Refused with 422 while the agent is disabled or failing, or within the " +
    "workspace's minimum interval after the job's last run.",
  middleware: write,
  request: { params: JobIdParam, body: { ...jsonBody(RunNowInput), required: false } },
  responses: {
    202: jsonResponse(QueuedRunSchema, "The run was queued (or skipped by the job's policy)"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

export const nextRunsRoute = createRoute({
  operationId: "automationJobNextRuns",
  method: "get",
  path: "/jobs/{id}/next-runs",
  tags,
  summary: "The next scheduled runs of a job (empty for manual, event and webhook jobs)",
  middleware: read,
  request: { params: JobIdParam, query: NextRunsQuery },
  responses: {
    200: jsonResponse(NextRunsSchema, "The next runs"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const webhookSecretRoute = createRoute({
  operationId: "regenerateAutomationWebhookSecret",
  method: "post",
  path: "/jobs/{id}/webhook-secret",
  tags,
  summary: "Generate a new webhook secret (shown once; the old one stops working)",
  middleware: write,
  request: { params: JobIdParam },
  responses: {
    200: jsonResponse(WebhookSecretSchema, "The new secret"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

/** Caps the body before anything parses it (the run's input must stay small). */
const capBody = async (
  c: { req: { text(): Promise<string> } },
  next: () => Promise<void>,
) => {
  checkHookSize(await c.req.text());
  await next();
};

export const inboundHookRoute = createRoute({
  operationId: "receiveAutomationWebhook",
  method: "post",
  path: "/hooks/{tenantId}/{jobId}",
  tags,
  summary: "Inbound webhook: starts a run of a webhook job (no sign-in; the secret is the key)",
  description: "Secret in X-Webhook-Secret (or ?secret=). The JSON body (at most 256 KB) " +
    "becomes the run's input as `body`, with the job's input and some request headers. " +
    "A wrong secret and an unknown job both answer 404; 429 within the minimum interval.",
  security: [],
  middleware: [capBody],
  request: {
    params: HookParams,
    query: HookQuery,
    headers: HookHeaders,
    body: {
      required: false,
      content: { "application/json": { schema: z.unknown().openapi({ type: "object" }) } },
    },
  },
  responses: {
    202: jsonResponse(QueuedRunSchema, "The run was queued (or skipped by the job's policy)"),
    ...errorResponses(400, 401, 404, 413, 422, 429),
  },
});

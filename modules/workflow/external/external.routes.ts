import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { pageSchema } from "../../../shared/http/paging.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { bodyLimit } from "../../../shared/http/middleware/body-limit.ts";
import { EXTERNAL_PERMISSION } from "./external.rules.ts";
import {
  BpmnErrorInput,
  CompleteInput,
  ExtendLockInput,
  ExternalTaskDetailSchema,
  ExternalTaskQuery,
  ExternalTaskSchema,
  FailureInput,
  FetchAndLockInput,
  IdParam,
  LockedExternalTaskSchema,
  LockResponse,
} from "./external.schemas.ts";

const tags = ["workflow"];
const work = [requirePermission(EXTERNAL_PERMISSION)];
const done = { 204: { description: "Done" } };

/** fetch-and-lock long-polls: it holds no request-wide transaction (modules/workflow/mod.ts). */
export const EXTERNAL_FETCH_PATHS = [/^\/api\/workflow\/external-tasks\/fetch-and-lock$/];

export const fetchAndLockRoute = createRoute({
  operationId: "fetchAndLockWorkflowExternalTasks",
  method: "post",
  path: "/external-tasks/fetch-and-lock",
  tags,
  summary:
    "Fetch and lock external tasks of the topics (long polling with asyncResponseTimeout); an expired lock is handed out again to one worker",
  // On a streaming path the global body limit does not apply: this route keeps its own.
  middleware: [...work, bodyLimit(64 * 1024, [])],
  request: { body: jsonBody(FetchAndLockInput) },
  responses: {
    200: jsonResponse(z.array(LockedExternalTaskSchema), "The tasks now locked for the worker"),
    ...errorResponses(400, 401, 403, 413),
  },
});

export const listExternalTasksRoute = createRoute({
  operationId: "listWorkflowExternalTasks",
  method: "get",
  path: "/external-tasks",
  tags,
  summary: "External tasks waiting for workers, newest first",
  middleware: work,
  request: { query: ExternalTaskQuery },
  responses: {
    200: jsonResponse(
      pageSchema(ExternalTaskSchema, "WorkflowExternalTaskPage"),
      "A page of tasks",
    ),
    ...errorResponses(400, 401, 403),
  },
});

export const getExternalTaskRoute = createRoute({
  operationId: "getWorkflowExternalTask",
  method: "get",
  path: "/external-tasks/{id}",
  tags,
  summary: "One external task waiting for a worker (with the last failure's details)",
  middleware: work,
  request: { params: IdParam },
  responses: {
    200: jsonResponse(ExternalTaskDetailSchema, "The task"),
    ...errorResponses(400, 401, 403, 404),
  },
});

const answer = <T extends z.ZodType>(
  path: string,
  operationId: string,
  summary: string,
  body: T,
) =>
  createRoute({
    operationId,
    method: "post",
    path: `/external-tasks/{id}/${path}`,
    tags,
    summary,
    middleware: work,
    request: { params: IdParam, body: jsonBody(body) },
    responses: { ...done, ...errorResponses(400, 401, 403, 404, 409) },
  });

export const completeRoute = answer(
  "complete",
  "completeWorkflowExternalTask",
  "Complete a task locked by the worker: its variables are written and the process moves on",
  CompleteInput,
);

export const failureRoute = answer(
  "failure",
  "failWorkflowExternalTask",
  "Report a failure: the lock is released; fetched again after retryTimeout; retries 0 opens an incident",
  FailureInput,
);

export const bpmnErrorRoute = answer(
  "bpmn-error",
  "throwWorkflowExternalTaskBpmnError",
  "Throw a BPMN error from the task (caught by a boundary error event; uncaught, an incident)",
  BpmnErrorInput,
);

export const extendLockRoute = createRoute({
  operationId: "extendWorkflowExternalTaskLock",
  method: "post",
  path: "/external-tasks/{id}/extend-lock",
  tags,
  summary: "Extend the worker's lock: it runs newDuration ms from now",
  middleware: work,
  request: { params: IdParam, body: jsonBody(ExtendLockInput) },
  responses: {
    200: jsonResponse(LockResponse, "The new lock time"),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

export const unlockRoute = createRoute({
  operationId: "unlockWorkflowExternalTask",
  method: "post",
  path: "/external-tasks/{id}/unlock",
  tags,
  summary: "Release the lock: any worker may fetch the task again",
  middleware: work,
  request: { params: IdParam },
  responses: { ...done, ...errorResponses(400, 401, 403, 404) },
});

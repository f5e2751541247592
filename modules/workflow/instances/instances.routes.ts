import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { pageSchema } from "../../../shared/http/paging.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { MANAGE_PERMISSION } from "./instances.rules.ts";
import {
  CancelInput,
  HistoryEntry,
  IdParam,
  IncidentQuery,
  IncidentSchema,
  InstanceDetail,
  InstanceQuery,
  InstanceSchema,
  StartInput,
  VariablesPatch,
} from "./instances.schemas.ts";

const tags = ["workflow"];
const read = [requirePermission("workflow.process.read")];
const write = [requirePermission("workflow.process.write")];
const manage = [requirePermission("workflow.process.read", MANAGE_PERMISSION)];

export const listInstancesRoute = createRoute({
  operationId: "listWorkflowProcesses",
  method: "get",
  path: "/process",
  tags,
  summary: "List process instances (admins see all; others those they started or hold a task in)",
  middleware: read,
  request: { query: InstanceQuery },
  responses: {
    200: jsonResponse(pageSchema(InstanceSchema, "WorkflowInstancePage"), "A page of instances"),
    ...errorResponses(400, 401, 403),
  },
});

export const startInstanceRoute = createRoute({
  operationId: "startWorkflowProcess",
  method: "post",
  path: "/process",
  tags,
  summary:
    "Start a process (latest deployed version unless `version`); variables fill the start form",
  middleware: write,
  request: { body: jsonBody(StartInput) },
  responses: {
    201: jsonResponse(InstanceDetail, "Started"),
    ...errorResponses(400, 401, 403, 404, 409, 422),
  },
});

export const getInstanceRoute = createRoute({
  operationId: "getWorkflowProcess",
  method: "get",
  path: "/process/{id}",
  tags,
  summary: "An instance: variables, open tasks, incidents, active and completed elements",
  middleware: read,
  request: { params: IdParam },
  responses: {
    200: jsonResponse(InstanceDetail, "The instance"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const instanceHistoryRoute = createRoute({
  operationId: "getWorkflowProcessHistory",
  method: "get",
  path: "/process/{id}/history",
  tags,
  summary: "The instance's timeline, oldest first",
  middleware: read,
  request: { params: IdParam },
  responses: {
    200: jsonResponse(
      z.object({ items: z.array(HistoryEntry) }).openapi("WorkflowHistory"),
      "The history",
    ),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const setVariablesRoute = createRoute({
  operationId: "setWorkflowProcessVariables",
  method: "patch",
  path: "/process/{id}/variables",
  tags,
  summary: "Set variables of a running instance (admins)",
  middleware: manage,
  request: { params: IdParam, body: jsonBody(VariablesPatch) },
  responses: {
    200: jsonResponse(InstanceDetail, "Updated"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

const action = (path: string, operationId: string, summary: string) =>
  createRoute({
    operationId,
    method: "post",
    path: `/process/{id}/${path}`,
    tags,
    summary,
    middleware: manage,
    request: { params: IdParam },
    responses: {
      200: jsonResponse(InstanceDetail, "Updated"),
      ...errorResponses(400, 401, 403, 404, 409, 422),
    },
  });

export const cancelInstanceRoute = createRoute({
  operationId: "cancelWorkflowProcess",
  method: "post",
  path: "/process/{id}/cancel",
  tags,
  summary: "Cancel an instance (admins): its tasks are cancelled, its tokens end",
  middleware: manage,
  request: { params: IdParam, body: jsonBody(CancelInput) },
  responses: {
    200: jsonResponse(InstanceDetail, "Updated"),
    ...errorResponses(400, 401, 403, 404, 409, 422),
  },
});
export const suspendInstanceRoute = action(
  "suspend",
  "suspendWorkflowProcess",
  "Suspend an active instance (admins): nothing moves until it is resumed",
);
export const resumeInstanceRoute = action(
  "resume",
  "resumeWorkflowProcess",
  "Resume a suspended instance (admins)",
);

export const listIncidentsRoute = createRoute({
  operationId: "listWorkflowIncidents",
  method: "get",
  path: "/incidents",
  tags,
  summary: "Open incidents, newest first (of the instances the caller may see)",
  middleware: read,
  request: { query: IncidentQuery },
  responses: {
    200: jsonResponse(pageSchema(IncidentSchema, "WorkflowIncidentPage"), "Open incidents"),
    ...errorResponses(400, 401, 403),
  },
});

const incidentAction = (path: string, operationId: string, summary: string) =>
  createRoute({
    operationId,
    method: "post",
    path: `/incidents/{id}/${path}`,
    tags,
    summary,
    middleware: manage,
    request: { params: IdParam },
    responses: {
      200: jsonResponse(InstanceDetail, "The incident's instance"),
      ...errorResponses(400, 401, 403, 404, 409, 422),
    },
  });

export const retryIncidentRoute = incidentAction(
  "retry",
  "retryWorkflowIncident",
  "Run the failed step again (admins)",
);
export const skipIncidentRoute = incidentAction(
  "skip",
  "skipWorkflowIncident",
  "Skip the failed step and move on (admins)",
);

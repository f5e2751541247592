import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { pageSchema } from "../../../shared/http/paging.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { TaskSchema } from "../tasks/tasks.schemas.ts";
import {
  HandoverInput,
  HandoverQuery,
  HandoverSchema,
  StandingIdParam,
  StandingInput,
  StandingQuery,
  StandingSchema,
} from "./delegations.schemas.ts";

const tags = ["workflow"];
const read = [requirePermission("workflow.task.read")];
const write = [requirePermission("workflow.task.write")];

export const handOverRoute = createRoute({
  operationId: "delegateWorkflowTask",
  method: "put",
  path: "/delegations",
  tags,
  summary: "Delegate a task (it returns once resolved) or reassign it",
  middleware: write,
  request: { body: jsonBody(HandoverInput) },
  responses: {
    200: jsonResponse(TaskSchema, "The task after the hand-over"),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

export const listHandoversRoute = createRoute({
  operationId: "listWorkflowDelegations",
  method: "get",
  path: "/delegations",
  tags,
  summary: "Tasks handed over by me (given) or to me (received), newest first",
  middleware: read,
  request: { query: HandoverQuery },
  responses: {
    200: jsonResponse(pageSchema(HandoverSchema, "WorkflowHandoverPage"), "Hand-overs"),
    ...errorResponses(400, 401, 403),
  },
});

export const listStandingRoute = createRoute({
  operationId: "listWorkflowStandingDelegations",
  method: "get",
  path: "/delegations/standing",
  tags,
  summary: "Standing (absence) delegations given by me, received, or all (supervisors)",
  middleware: read,
  request: { query: StandingQuery },
  responses: {
    200: jsonResponse(
      z.object({ items: z.array(StandingSchema) }).openapi("WorkflowStandingDelegations"),
      "Delegations",
    ),
    ...errorResponses(400, 401, 403),
  },
});

export const createStandingRoute = createRoute({
  operationId: "createWorkflowStandingDelegation",
  method: "post",
  path: "/delegations/standing",
  tags,
  summary: "Route new tasks to a substitute from–to (all tasks or one definition's)",
  middleware: write,
  request: { body: jsonBody(StandingInput) },
  responses: {
    201: jsonResponse(StandingSchema, "Created"),
    ...errorResponses(400, 401, 403),
  },
});

export const revokeStandingRoute = createRoute({
  operationId: "revokeWorkflowStandingDelegation",
  method: "delete",
  path: "/delegations/standing/{id}",
  tags,
  summary: "Revoke a standing delegation (it stops routing new tasks)",
  middleware: write,
  request: { params: StandingIdParam },
  responses: {
    200: jsonResponse(StandingSchema, "Revoked"),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

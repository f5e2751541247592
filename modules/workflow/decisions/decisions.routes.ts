import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import {
  DecisionDetailSchema,
  DecisionKeyParam,
  DecisionList,
  DecisionVersionQuery,
  DeployDecisionInput,
  EvaluateInput,
  EvaluationSchema,
} from "./decisions.schemas.ts";

const tags = ["workflow"];
/** Decision tables are part of process design: the same permission as definitions. */
export const DECISIONS_WRITE = "workflow.definition.write";

export const listDecisionsRoute = createRoute({
  operationId: "listWorkflowDecisions",
  method: "get",
  path: "/decisions",
  tags,
  summary: "Decision tables of the tenant (latest version of each)",
  middleware: [requirePermission(DECISIONS_WRITE)],
  responses: {
    200: jsonResponse(DecisionList, "Decision tables by name"),
    ...errorResponses(401, 403),
  },
});

export const getDecisionRoute = createRoute({
  operationId: "getWorkflowDecision",
  method: "get",
  path: "/decisions/{key}",
  tags,
  summary: "One decision table: its DMN XML and compiled table (latest or ?version=)",
  middleware: [requirePermission(DECISIONS_WRITE)],
  request: { params: DecisionKeyParam, query: DecisionVersionQuery },
  responses: {
    200: jsonResponse(DecisionDetailSchema, "The decision table"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const deployDecisionRoute = createRoute({
  operationId: "deployWorkflowDecision",
  method: "post",
  path: "/decisions",
  tags,
  summary: "Deploy a DMN 1.3 file: each decision table in it becomes a new version",
  middleware: [requirePermission(DECISIONS_WRITE)],
  request: { body: jsonBody(DeployDecisionInput) },
  responses: {
    201: jsonResponse(DecisionList, "The deployed versions"),
    ...errorResponses(400, 401, 403, 422),
  },
});

export const deleteDecisionRoute = createRoute({
  operationId: "deleteWorkflowDecision",
  method: "delete",
  path: "/decisions/{key}",
  tags,
  summary: "Delete every version of a decision table no deployed process uses",
  middleware: [requirePermission(DECISIONS_WRITE)],
  request: { params: DecisionKeyParam },
  responses: {
    204: { description: "Deleted" },
    ...errorResponses(401, 403, 404, 409),
  },
});

export const evaluateDecisionRoute = createRoute({
  operationId: "evaluateWorkflowDecision",
  method: "post",
  path: "/decisions/{key}/evaluate",
  tags,
  summary: "Evaluate a decision table against variables (hit policy applied)",
  middleware: [requirePermission(DECISIONS_WRITE)],
  request: { params: DecisionKeyParam, body: jsonBody(EvaluateInput) },
  responses: {
    200: jsonResponse(EvaluationSchema, "The matched rules and their outputs"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

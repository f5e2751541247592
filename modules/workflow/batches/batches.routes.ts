import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { pageSchema } from "../../../shared/http/paging.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { MANAGE_PERMISSION } from "../instances/instances.rules.ts";
import {
  BatchDetail,
  BatchInput,
  BatchListQuery,
  BatchSchema,
  IdParam,
} from "./batches.schemas.ts";

const tags = ["workflow"];
const manage = [requirePermission(MANAGE_PERMISSION)];

export const createBatchRoute = createRoute({
  operationId: "createWorkflowBatch",
  method: "post",
  path: "/batches",
  tags,
  summary:
    "Cancel, suspend, resume, migrate or modify the instances a query selects (admins): runs " +
    "in the background in chunks; progress and failures on GET /batches/{id}",
  middleware: manage,
  request: { body: jsonBody(BatchInput) },
  responses: {
    201: jsonResponse(BatchDetail, "The batch, queued"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

export const listBatchesRoute = createRoute({
  operationId: "listWorkflowBatches",
  method: "get",
  path: "/batches",
  tags,
  summary: "Batches, newest first",
  middleware: manage,
  request: { query: BatchListQuery },
  responses: {
    200: jsonResponse(pageSchema(BatchSchema, "WorkflowBatchPage"), "A page of batches"),
    ...errorResponses(400, 401, 403),
  },
});

export const getBatchRoute = createRoute({
  operationId: "getWorkflowBatch",
  method: "get",
  path: "/batches/{id}",
  tags,
  summary: "One batch: progress and the failed instances with their messages",
  middleware: manage,
  request: { params: IdParam },
  responses: {
    200: jsonResponse(BatchDetail, "The batch"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const retryBatchRoute = createRoute({
  operationId: "retryWorkflowBatch",
  method: "post",
  path: "/batches/{id}/retry",
  tags,
  summary: "Runs the batch's failed instances again",
  middleware: manage,
  request: { params: IdParam },
  responses: {
    200: jsonResponse(BatchDetail, "The batch, queued again"),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

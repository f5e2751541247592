import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import {
  DataQueryCreate,
  DataQueryList,
  DataQuerySchema,
  DataQueryUpdate,
  PreviewInput,
  QueryKeyParam,
  QueryResultSchema,
  RunInput,
} from "./queries.schemas.ts";

const tags = ["workflow"];
export const QUERIES_READ = "workflow.data.read";
export const QUERIES_WRITE = "workflow.data.write";

export const listQueriesRoute = createRoute({
  operationId: "listWorkflowDataQueries",
  method: "get",
  path: "/data-queries",
  tags,
  summary: "Saved data queries of the tenant",
  middleware: [requirePermission(QUERIES_READ)],
  responses: {
    200: jsonResponse(DataQueryList, "Saved queries by name"),
    ...errorResponses(401, 403),
  },
});

export const createQueryRoute = createRoute({
  operationId: "createWorkflowDataQuery",
  method: "post",
  path: "/data-queries",
  tags,
  summary: "Save a data query (its definition is checked against the source's fields)",
  middleware: [requirePermission(QUERIES_WRITE)],
  request: { body: jsonBody(DataQueryCreate) },
  responses: {
    201: jsonResponse(DataQuerySchema, "The saved query"),
    ...errorResponses(400, 401, 403, 409, 422),
  },
});

export const previewQueryRoute = createRoute({
  operationId: "previewWorkflowDataQuery",
  method: "post",
  path: "/data-queries/preview",
  tags,
  summary: "Run an unsaved definition (the builder's preview)",
  middleware: [requirePermission(QUERIES_READ)],
  request: { body: jsonBody(PreviewInput) },
  responses: {
    200: jsonResponse(QueryResultSchema, "Columns and rows; truncated when the cap cut it"),
    ...errorResponses(400, 401, 403, 422),
  },
});

export const getQueryRoute = createRoute({
  operationId: "getWorkflowDataQuery",
  method: "get",
  path: "/data-queries/{key}",
  tags,
  summary: "One saved data query",
  middleware: [requirePermission(QUERIES_READ)],
  request: { params: QueryKeyParam },
  responses: {
    200: jsonResponse(DataQuerySchema, "The saved query"),
    ...errorResponses(401, 403, 404),
  },
});

export const updateQueryRoute = createRoute({
  operationId: "updateWorkflowDataQuery",
  method: "patch",
  path: "/data-queries/{key}",
  tags,
  summary: "Change a saved data query (the key stays)",
  middleware: [requirePermission(QUERIES_WRITE)],
  request: { params: QueryKeyParam, body: jsonBody(DataQueryUpdate) },
  responses: {
    200: jsonResponse(DataQuerySchema, "The query as stored"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

export const deleteQueryRoute = createRoute({
  operationId: "deleteWorkflowDataQuery",
  method: "delete",
  path: "/data-queries/{key}",
  tags,
  summary: "Remove a saved data query",
  middleware: [requirePermission(QUERIES_WRITE)],
  request: { params: QueryKeyParam },
  responses: {
    204: { description: "Removed" },
    ...errorResponses(401, 403, 404),
  },
});

export const runQueryRoute = createRoute({
  operationId: "runWorkflowDataQuery",
  method: "post",
  path: "/data-queries/{key}/run",
  tags,
  summary: "Run a saved data query with parameter values",
  middleware: [requirePermission(QUERIES_READ)],
  request: { params: QueryKeyParam, body: jsonBody(RunInput) },
  responses: {
    200: jsonResponse(QueryResultSchema, "Columns and rows; truncated when the cap cut it"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

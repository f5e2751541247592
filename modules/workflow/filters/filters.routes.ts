import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { listTasksRoute } from "../tasks/tasks.routes.ts";
import {
  TaskFilterIdParam,
  TaskFilterInput,
  TaskFilterList,
  TaskFilterListQuery,
  TaskFilterSchema,
  TaskFilterUpdate,
} from "./filters.schemas.ts";

const tags = ["workflow"];
// Saving one's own filters is part of reading tasks; sharing is checked in the service.
export const FILTERS_READ = "workflow.task.read";
const middleware = [requirePermission(FILTERS_READ)];

export const listFiltersRoute = createRoute({
  operationId: "listWorkflowTaskFilters",
  method: "get",
  path: "/task-filters",
  tags,
  summary: "Saved task-list filters: mine and the shared ones",
  middleware,
  request: { query: TaskFilterListQuery },
  responses: {
    200: jsonResponse(TaskFilterList, "Filters by position and name"),
    ...errorResponses(400, 401, 403),
  },
});

export const createFilterRoute = createRoute({
  operationId: "createWorkflowTaskFilter",
  method: "post",
  path: "/task-filters",
  tags,
  summary: "Save a task-list filter (shared: needs workflow.filter.write)",
  middleware,
  request: { body: jsonBody(TaskFilterInput) },
  responses: {
    201: jsonResponse(TaskFilterSchema, "Saved"),
    ...errorResponses(400, 401, 403, 422),
  },
});

export const getFilterRoute = createRoute({
  operationId: "getWorkflowTaskFilter",
  method: "get",
  path: "/task-filters/{id}",
  tags,
  summary: "One task-list filter",
  middleware,
  request: { params: TaskFilterIdParam },
  responses: {
    200: jsonResponse(TaskFilterSchema, "The filter"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const updateFilterRoute = createRoute({
  operationId: "updateWorkflowTaskFilter",
  method: "patch",
  path: "/task-filters/{id}",
  tags,
  summary: "Rename, re-query, move or share a filter (fields left out keep their values)",
  middleware,
  request: { params: TaskFilterIdParam, body: jsonBody(TaskFilterUpdate) },
  responses: {
    200: jsonResponse(TaskFilterSchema, "Saved"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const deleteFilterRoute = createRoute({
  operationId: "deleteWorkflowTaskFilter",
  method: "delete",
  path: "/task-filters/{id}",
  tags,
  summary: "Delete a filter (its owner; a shared one also workflow.filter.write)",
  middleware,
  request: { params: TaskFilterIdParam },
  responses: {
    204: { description: "Deleted" },
    ...errorResponses(400, 401, 403, 404),
  },
});

export const filterTasksRoute = createRoute({
  operationId: "listWorkflowTaskFilterTasks",
  method: "get",
  path: "/task-filters/{id}/tasks",
  tags,
  summary: "The tasks a filter finds now (relative due filters evaluated at the call)",
  middleware,
  request: { params: TaskFilterIdParam, query: TaskFilterListQuery },
  responses: {
    200: listTasksRoute.responses[200],
    ...errorResponses(400, 401, 403, 404),
  },
});

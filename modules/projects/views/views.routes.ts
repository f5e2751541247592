import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { IdParam } from "../projects/projects.schemas.ts";
import { CreateViewBody, UpdateViewBody, ViewList, ViewSchema } from "./views.schemas.ts";

const tags = ["projects"];
const READ = requirePermission("projects.task.read");

export const listViewsRoute = createRoute({
  method: "get",
  path: "/projects/{id}/views",
  operationId: "listProjectViews",
  tags,
  summary: "A project's saved views: shared ones and the caller's own",
  middleware: [READ] as const,
  request: { params: IdParam },
  responses: {
    200: jsonResponse(ViewList, "Views"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const createViewRoute = createRoute({
  method: "post",
  path: "/projects/{id}/views",
  operationId: "createProjectView",
  tags,
  summary: "Save a view (personal; shared with the project for members and managers)",
  middleware: [READ] as const,
  request: { params: IdParam, body: jsonBody(CreateViewBody) },
  responses: {
    201: jsonResponse(ViewSchema, "Created"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

export const getViewRoute = createRoute({
  method: "get",
  path: "/views/{id}",
  operationId: "getProjectView",
  tags,
  summary: "One saved view",
  middleware: [READ] as const,
  request: { params: IdParam },
  responses: {
    200: jsonResponse(ViewSchema, "View"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const updateViewRoute = createRoute({
  method: "patch",
  path: "/views/{id}",
  operationId: "updateProjectView",
  tags,
  summary: "Change a saved view (its owner; a shared one also the project's managers)",
  middleware: [READ] as const,
  request: { params: IdParam, body: jsonBody(UpdateViewBody) },
  responses: {
    200: jsonResponse(ViewSchema, "Updated"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

export const deleteViewRoute = createRoute({
  method: "delete",
  path: "/views/{id}",
  operationId: "deleteProjectView",
  tags,
  summary: "Delete a saved view (its owner; a shared one also the project's managers)",
  middleware: [READ] as const,
  request: { params: IdParam },
  responses: {
    204: { description: "Deleted" },
    ...errorResponses(400, 401, 403, 404),
  },
});

import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { IdParam } from "../projects/projects.schemas.ts";
import { PutStatusFlowBody, StatusFlow, StatusQuery } from "./statuses.schemas.ts";

const tags = ["projects"];

export const statusRoute = createRoute({
  method: "get",
  path: "/status",
  tags,
  summary: "A project's task statuses in board order, with the allowed transitions",
  middleware: [requirePermission("projects.project.read")] as const,
  request: { query: StatusQuery },
  responses: {
    200: jsonResponse(StatusFlow, "Status flow"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const getFlowRoute = createRoute({
  method: "get",
  path: "/projects/{id}/statuses",
  tags,
  summary: "The project's status flow",
  middleware: [requirePermission("projects.project.read")] as const,
  request: { params: IdParam },
  responses: {
    200: jsonResponse(StatusFlow, "Status flow"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const putFlowRoute = createRoute({
  method: "put",
  path: "/projects/{id}/statuses",
  tags,
  summary: "Replace the status flow (managers): rename, reorder, add, remove with a target",
  middleware: [requirePermission("projects.project.write")] as const,
  request: { params: IdParam, body: jsonBody(PutStatusFlowBody) },
  responses: {
    200: jsonResponse(StatusFlow, "Status flow"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

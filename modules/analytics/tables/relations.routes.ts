/** The relations API: the contract of /api/analytics/app-relations. */
import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { RelationInput, RelationList as List, RelationSchema } from "./relations.schemas.ts";
import { IdParam } from "./tables.schemas.ts";
import { MODEL_READ, MODEL_WRITE } from "./tables.routes.ts";

const tags = ["analytics"];

export const listRelationsRoute = createRoute({
  operationId: "listAnalyticsRelations",
  method: "get",
  path: "/app-relations",
  tags,
  summary: "Relations between tables and datasets (joins of the query builder)",
  middleware: [requirePermission(MODEL_READ)] as const,
  responses: { 200: jsonResponse(List, "Relations"), ...errorResponses(401, 403) },
});

export const createRelationRoute = createRoute({
  operationId: "createAnalyticsRelation",
  method: "post",
  path: "/app-relations",
  tags,
  summary: "Define left.field = right.field between two tables or datasets",
  middleware: [requirePermission(MODEL_WRITE)] as const,
  request: { body: jsonBody(RelationInput) },
  responses: { 201: jsonResponse(RelationSchema, "Created"), ...errorResponses(400, 401, 403) },
});

export const deleteRelationRoute = createRoute({
  operationId: "deleteAnalyticsRelation",
  method: "delete",
  path: "/app-relations/{id}",
  tags,
  summary: "Remove a relation",
  middleware: [requirePermission(MODEL_WRITE)] as const,
  request: { params: IdParam },
  responses: { 204: { description: "Removed" }, ...errorResponses(400, 401, 403, 404) },
});

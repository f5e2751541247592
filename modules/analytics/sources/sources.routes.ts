import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import {
  DatabaseList,
  SchemaQuery,
  SchemaTree,
  SourceIdParam,
  SourceInput,
  SourceList,
  SourcePatch,
  SourceSchema,
  SqlInput,
  SqlResult,
  TestResult,
} from "./sources.schemas.ts";

const tags = ["analytics"];
export const SOURCE_READ = "analytics.source.read";
export const SOURCE_WRITE = "analytics.source.write";
const read = [requirePermission(SOURCE_READ)];
const write = [requirePermission(SOURCE_WRITE)];

export const listSourcesRoute = createRoute({
  operationId: "listAnalyticsSources",
  method: "get",
  path: "/sources",
  tags,
  summary: "External data sources (passwords never returned)",
  middleware: read,
  responses: { 200: jsonResponse(SourceList, "Sources by name"), ...errorResponses(401, 403) },
});

export const createSourceRoute = createRoute({
  operationId: "createAnalyticsSource",
  method: "post",
  path: "/sources",
  tags,
  summary: "Add a source after a live check (public host, SELECT-only account)",
  middleware: write,
  request: { body: jsonBody(SourceInput) },
  responses: {
    201: jsonResponse(SourceSchema, "The source as stored"),
    ...errorResponses(400, 401, 403, 409, 422),
  },
});

export const getSourceRoute = createRoute({
  operationId: "getAnalyticsSource",
  method: "get",
  path: "/sources/{id}",
  tags,
  summary: "One source",
  middleware: read,
  request: { params: SourceIdParam },
  responses: {
    200: jsonResponse(SourceSchema, "The source"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const patchSourceRoute = createRoute({
  operationId: "updateAnalyticsSource",
  method: "patch",
  path: "/sources/{id}",
  tags,
  summary: "Change a source (checked again; an omitted password keeps the stored one)",
  middleware: write,
  request: { params: SourceIdParam, body: jsonBody(SourcePatch) },
  responses: {
    200: jsonResponse(SourceSchema, "The source as stored"),
    ...errorResponses(400, 401, 403, 404, 409, 422),
  },
});

export const deleteSourceRoute = createRoute({
  operationId: "deleteAnalyticsSource",
  method: "delete",
  path: "/sources/{id}",
  tags,
  summary: "Remove a source",
  middleware: write,
  request: { params: SourceIdParam },
  responses: { 204: { description: "Removed" }, ...errorResponses(400, 401, 403, 404) },
});

export const testSourceRoute = createRoute({
  operationId: "testAnalyticsSource",
  method: "post",
  path: "/sources/{id}/test",
  tags,
  summary: "Connect now with every safety check and record the status",
  middleware: write,
  request: { params: SourceIdParam },
  responses: {
    200: jsonResponse(TestResult, "The outcome"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const sqlRoute = createRoute({
  operationId: "runAnalyticsSourceSql",
  method: "post",
  path: "/sources/{id}/sql",
  tags,
  summary: "Raw SQL: one reading statement, read-only transaction, timeout, row cap",
  middleware: write,
  request: { params: SourceIdParam, body: jsonBody(SqlInput) },
  responses: {
    200: jsonResponse(SqlResult, "Rows"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

export const databaseRoute = createRoute({
  operationId: "listAnalyticsDatabases",
  method: "get",
  path: "/database",
  tags,
  summary: "Each external source: engine, version, size and status (checked now)",
  middleware: read,
  responses: { 200: jsonResponse(DatabaseList, "Sources"), ...errorResponses(401, 403) },
});

export const schemaRoute = createRoute({
  operationId: "getAnalyticsSchema",
  method: "get",
  path: "/schema",
  tags,
  summary: "Schemas, tables and columns of a source",
  middleware: read,
  request: { query: SchemaQuery },
  responses: {
    200: jsonResponse(SchemaTree, "The source's readable tables"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

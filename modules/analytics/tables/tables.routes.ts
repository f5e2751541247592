import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import {
  IdParam,
  RowInput,
  RowPage,
  RowParams,
  RowSchema,
  RowsQuery,
  TableCreate,
  TableList,
  TablePatch,
  TableSchema,
} from "./tables.schemas.ts";

const tags = ["analytics"];
export const MODEL_READ = "analytics.model.read";
export const MODEL_WRITE = "analytics.model.write";
const read = [requirePermission(MODEL_READ)];
const write = [requirePermission(MODEL_WRITE)];

export const listTablesRoute = createRoute({
  operationId: "listAnalyticsTables",
  method: "get",
  path: "/app-tables",
  tags,
  summary: "The tenant's tables with their typed columns",
  middleware: read,
  responses: { 200: jsonResponse(TableList, "Tables by name"), ...errorResponses(401, 403) },
});

export const createTableRoute = createRoute({
  operationId: "createAnalyticsTable",
  method: "post",
  path: "/app-tables",
  tags,
  summary: "Create a table by hand (column names derived from labels when left out)",
  middleware: write,
  request: { body: jsonBody(TableCreate) },
  responses: {
    201: jsonResponse(TableSchema, "Created"),
    ...errorResponses(400, 401, 403, 409),
  },
});

export const importTableRoute = createRoute({
  operationId: "importAnalyticsTable",
  method: "post",
  path: "/app-tables/import",
  tags,
  summary: "Create a table from a CSV or XLSX upload (header row → columns, types inferred)",
  middleware: write,
  request: {
    body: {
      required: true,
      content: {
        "multipart/form-data": {
          schema: z.object({
            file: z.string().openapi({ format: "binary" }),
            name: z.string().optional(),
            description: z.string().optional(),
          }),
        },
      },
    },
  },
  responses: {
    201: jsonResponse(TableSchema, "Created with its rows"),
    ...errorResponses(400, 401, 403, 409, 413, 422),
  },
});

export const getTableRoute = createRoute({
  operationId: "getAnalyticsTable",
  method: "get",
  path: "/app-tables/{id}",
  tags,
  summary: "One table",
  middleware: read,
  request: { params: IdParam },
  responses: { 200: jsonResponse(TableSchema, "The table"), ...errorResponses(400, 401, 403, 404) },
});

export const patchTableRoute = createRoute({
  operationId: "updateAnalyticsTable",
  method: "patch",
  path: "/app-tables/{id}",
  tags,
  summary: "Rename a table, add/remove/retype columns (values converted or 422)",
  middleware: write,
  request: { params: IdParam, body: jsonBody(TablePatch) },
  responses: {
    200: jsonResponse(TableSchema, "The table"),
    ...errorResponses(400, 401, 403, 404, 409, 422),
  },
});

export const deleteTableRoute = createRoute({
  operationId: "deleteAnalyticsTable",
  method: "delete",
  path: "/app-tables/{id}",
  tags,
  summary: "Delete a table, its rows and the relations over it",
  middleware: write,
  request: { params: IdParam },
  responses: { 204: { description: "Deleted" }, ...errorResponses(400, 401, 403, 404) },
});

export const listRowsRoute = createRoute({
  operationId: "listAnalyticsTableRows",
  method: "get",
  path: "/app-tables/{id}/rows",
  tags,
  summary: "A table's rows in the order they were added (cursor paging)",
  middleware: read,
  request: { params: IdParam, query: RowsQuery },
  responses: { 200: jsonResponse(RowPage, "Rows"), ...errorResponses(400, 401, 403, 404) },
});

export const addRowRoute = createRoute({
  operationId: "addAnalyticsTableRow",
  method: "post",
  path: "/app-tables/{id}/rows",
  tags,
  summary: "Add a row (values checked against the column types)",
  middleware: write,
  request: { params: IdParam, body: jsonBody(RowInput) },
  responses: { 201: jsonResponse(RowSchema, "Added"), ...errorResponses(400, 401, 403, 404) },
});

export const patchRowRoute = createRoute({
  operationId: "updateAnalyticsTableRow",
  method: "patch",
  path: "/app-tables/{id}/rows/{rowId}",
  tags,
  summary: "Change some values of a row",
  middleware: write,
  request: { params: RowParams, body: jsonBody(RowInput) },
  responses: { 200: jsonResponse(RowSchema, "The row"), ...errorResponses(400, 401, 403, 404) },
});

export const deleteRowRoute = createRoute({
  operationId: "deleteAnalyticsTableRow",
  method: "delete",
  path: "/app-tables/{id}/rows/{rowId}",
  tags,
  summary: "Delete a row",
  middleware: write,
  request: { params: RowParams },
  responses: { 204: { description: "Deleted" }, ...errorResponses(400, 401, 403, 404) },
});

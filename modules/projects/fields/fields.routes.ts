import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { IdParam } from "../projects/projects.schemas.ts";
import {
  BreakdownQuery,
  CreateFieldBody,
  FieldBreakdown,
  FieldList,
  FieldParams,
  FieldSchema,
  ReorderFieldsBody,
  UpdateFieldBody,
} from "./fields.schemas.ts";

const tags = ["projects"];
const READ = requirePermission("projects.project.read");
const WRITE = requirePermission("projects.project.write");

export const listFieldsRoute = createRoute({
  method: "get",
  path: "/projects/{id}/fields",
  operationId: "listProjectFields",
  tags,
  summary: "The project's custom fields in order, with the options of select fields",
  middleware: [READ] as const,
  request: { params: IdParam },
  responses: {
    200: jsonResponse(FieldList, "Custom fields"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const createFieldRoute = createRoute({
  method: "post",
  path: "/projects/{id}/fields",
  operationId: "createProjectField",
  tags,
  summary: "Add a custom field (project managers)",
  middleware: [WRITE] as const,
  request: { params: IdParam, body: jsonBody(CreateFieldBody) },
  responses: {
    201: jsonResponse(FieldSchema, "The new field"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

export const reorderFieldsRoute = createRoute({
  method: "put",
  path: "/projects/{id}/fields/order",
  operationId: "reorderProjectFields",
  tags,
  summary: "Put the custom fields in a new order (project managers)",
  middleware: [WRITE] as const,
  request: { params: IdParam, body: jsonBody(ReorderFieldsBody) },
  responses: {
    200: jsonResponse(FieldList, "Custom fields"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

export const updateFieldRoute = createRoute({
  method: "patch",
  path: "/projects/{id}/fields/{fieldId}",
  operationId: "updateProjectField",
  tags,
  summary: "Change a custom field: name, required, description, bounds, options (not its type)",
  middleware: [WRITE] as const,
  request: { params: FieldParams, body: jsonBody(UpdateFieldBody) },
  responses: {
    200: jsonResponse(FieldSchema, "The field"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

export const deleteFieldRoute = createRoute({
  method: "delete",
  path: "/projects/{id}/fields/{fieldId}",
  operationId: "deleteProjectField",
  tags,
  summary: "Delete a custom field and its values on every task (project managers)",
  middleware: [WRITE] as const,
  request: { params: FieldParams },
  responses: {
    204: { description: "Deleted" },
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

export const fieldBreakdownRoute = createRoute({
  method: "get",
  path: "/reports/fields",
  operationId: "projectFieldBreakdown",
  tags,
  summary: "Task counts of a project by a select, multi-select or person field",
  middleware: [requirePermission("projects.report.read")] as const,
  request: { query: BreakdownQuery },
  responses: {
    200: jsonResponse(FieldBreakdown, "Counts per value (key null: no value)"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

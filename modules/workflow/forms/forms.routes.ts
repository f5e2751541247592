import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import {
  FormDetail,
  FormKeyParam,
  FormList,
  FormVersionParams,
  SaveFormInput,
} from "./forms.schemas.ts";

const tags = ["workflow"];
/** Whoever works tasks reads the forms they fill in; designers edit them. */
export const FORMS_READ = "workflow.task.read";
export const FORMS_WRITE = "workflow.definition.write";

export const listFormsRoute = createRoute({
  operationId: "listWorkflowForms",
  method: "get",
  path: "/forms",
  tags,
  summary: "Forms of the tenant, each at its latest version",
  middleware: [requirePermission(FORMS_READ)],
  responses: { 200: jsonResponse(FormList, "Forms by key"), ...errorResponses(401, 403) },
});

export const getFormRoute = createRoute({
  operationId: "getWorkflowForm",
  method: "get",
  path: "/forms/{key}",
  tags,
  summary: "A form's latest version with its form-js schema and version list",
  middleware: [requirePermission(FORMS_READ)],
  request: { params: FormKeyParam },
  responses: {
    200: jsonResponse(FormDetail, "The latest version"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const getFormVersionRoute = createRoute({
  operationId: "getWorkflowFormVersion",
  method: "get",
  path: "/forms/{key}/versions/{version}",
  tags,
  summary: "One version of a form",
  middleware: [requirePermission(FORMS_READ)],
  request: { params: FormVersionParams },
  responses: {
    200: jsonResponse(FormDetail, "That version"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const saveFormRoute = createRoute({
  operationId: "saveWorkflowForm",
  method: "post",
  path: "/forms/{key}/versions",
  tags,
  summary: "Save a form-js schema as the form's next version (the first save creates the form)",
  middleware: [requirePermission(FORMS_WRITE)],
  request: { params: FormKeyParam, body: jsonBody(SaveFormInput) },
  responses: {
    201: jsonResponse(FormDetail, "The new version"),
    ...errorResponses(400, 401, 403),
  },
});

export const deleteFormRoute = createRoute({
  operationId: "deleteWorkflowForm",
  method: "delete",
  path: "/forms/{key}",
  tags,
  summary: "Delete a form with all its versions (only while no deployed process uses it)",
  middleware: [requirePermission(FORMS_WRITE)],
  request: { params: FormKeyParam },
  responses: { 204: { description: "Deleted" }, ...errorResponses(400, 401, 403, 404, 409) },
});

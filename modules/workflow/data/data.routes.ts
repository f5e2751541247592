import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import {
  HistoryList,
  KeyParam,
  ModelCreate,
  ModelList,
  ModelSchema,
  ModelUpdate,
  RecordCreate,
  RecordPage,
  RecordParams,
  RecordQuery,
  RecordSchema,
  RecordUpdate,
} from "./data.schemas.ts";

const tags = ["workflow"];
export const DATA_READ = "workflow.data.read";
export const DATA_WRITE = "workflow.data.write";
const READ = [requirePermission(DATA_READ)];
const WRITE = [requirePermission(DATA_WRITE)];

export const listDataModelsRoute = createRoute({
  operationId: "listWorkflowDataModels",
  method: "get",
  path: "/data-models",
  tags,
  summary: "Data models of the tenant with their fields and record counts",
  middleware: READ,
  responses: {
    200: jsonResponse(ModelList, "Data models by name"),
    ...errorResponses(401, 403),
  },
});

export const createDataModelRoute = createRoute({
  operationId: "createWorkflowDataModel",
  method: "post",
  path: "/data-models",
  tags,
  summary: "Create a data model (fields checked; references must name existing models)",
  middleware: WRITE,
  request: { body: jsonBody(ModelCreate) },
  responses: {
    201: jsonResponse(ModelSchema, "Created"),
    ...errorResponses(400, 401, 403, 409),
  },
});

export const getDataModelRoute = createRoute({
  operationId: "getWorkflowDataModel",
  method: "get",
  path: "/data-models/{key}",
  tags,
  summary: "One data model by key",
  middleware: READ,
  request: { params: KeyParam },
  responses: {
    200: jsonResponse(ModelSchema, "The data model"),
    ...errorResponses(401, 403, 404),
  },
});

export const updateDataModelRoute = createRoute({
  operationId: "updateWorkflowDataModel",
  method: "patch",
  path: "/data-models/{key}",
  tags,
  summary:
    "Change a data model; a field list replaces the old one (removing a field records use needs force; retyping one is refused)",
  middleware: WRITE,
  request: { params: KeyParam, body: jsonBody(ModelUpdate) },
  responses: {
    200: jsonResponse(ModelSchema, "The data model as stored"),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

export const deleteDataModelRoute = createRoute({
  operationId: "deleteWorkflowDataModel",
  method: "delete",
  path: "/data-models/{key}",
  tags,
  summary: "Delete a data model without records, saved queries or references to it",
  middleware: WRITE,
  request: { params: KeyParam },
  responses: {
    204: { description: "Deleted" },
    ...errorResponses(401, 403, 404, 409),
  },
});

export const listRecordsRoute = createRoute({
  operationId: "listWorkflowDataRecords",
  method: "get",
  path: "/data-models/{key}/records",
  tags,
  summary: "Records of a model, newest change first (search, filter by one field)",
  middleware: READ,
  request: { params: KeyParam, query: RecordQuery },
  responses: {
    200: jsonResponse(RecordPage, "A page of records"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const createRecordRoute = createRoute({
  operationId: "createWorkflowDataRecord",
  method: "post",
  path: "/data-models/{key}/records",
  tags,
  summary: "Create a record (checked against the model)",
  middleware: WRITE,
  request: { params: KeyParam, body: jsonBody(RecordCreate) },
  responses: {
    201: jsonResponse(RecordSchema, "Created"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const getRecordRoute = createRoute({
  operationId: "getWorkflowDataRecord",
  method: "get",
  path: "/data-models/{key}/records/{id}",
  tags,
  summary: "One record",
  middleware: READ,
  request: { params: RecordParams },
  responses: {
    200: jsonResponse(RecordSchema, "The record"),
    ...errorResponses(401, 403, 404),
  },
});

export const updateRecordRoute = createRoute({
  operationId: "updateWorkflowDataRecord",
  method: "patch",
  path: "/data-models/{key}/records/{id}",
  tags,
  summary: "Change fields of a record; the version read must still be current (409 otherwise)",
  middleware: WRITE,
  request: { params: RecordParams, body: jsonBody(RecordUpdate) },
  responses: {
    200: jsonResponse(RecordSchema, "The record as stored"),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

export const deleteRecordRoute = createRoute({
  operationId: "deleteWorkflowDataRecord",
  method: "delete",
  path: "/data-models/{key}/records/{id}",
  tags,
  summary: "Delete a record (its history stays)",
  middleware: WRITE,
  request: { params: RecordParams },
  responses: {
    204: { description: "Deleted" },
    ...errorResponses(401, 403, 404),
  },
});

export const recordHistoryRoute = createRoute({
  operationId: "listWorkflowDataRecordHistory",
  method: "get",
  path: "/data-models/{key}/records/{id}/history",
  tags,
  summary: "Every change of a record, newest first, with before and after",
  middleware: READ,
  request: { params: RecordParams },
  responses: {
    200: jsonResponse(HistoryList, "Changes"),
    ...errorResponses(401, 403, 404),
  },
});

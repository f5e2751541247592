import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import {
  ReportDataSchema,
  ReportIdParam,
  ReportInput,
  ReportList,
  ReportSchema,
  SnapshotList,
  SnapshotSchema,
} from "./reports.schemas.ts";

const tags = ["workflow"];
export const REPORT_READ = "workflow.report.read";
export const REPORT_WRITE = "workflow.report.write";
const read = [requirePermission(REPORT_READ)];
const write = [requirePermission(REPORT_WRITE)];
const params = ReportIdParam;

export const listReportsRoute = createRoute({
  operationId: "listWorkflowReports",
  method: "get",
  path: "/reports",
  tags,
  summary: "Reports the caller may view: the standard reports, then the tenant's by name",
  middleware: read,
  responses: { 200: jsonResponse(ReportList, "Reports"), ...errorResponses(401, 403) },
});

export const createReportRoute = createRoute({
  operationId: "createWorkflowReport",
  method: "post",
  path: "/reports",
  tags,
  summary: "Save a report from the studio into the catalog",
  middleware: write,
  request: { body: jsonBody(ReportInput) },
  responses: {
    201: jsonResponse(ReportSchema, "The saved report"),
    ...errorResponses(400, 401, 403, 422),
  },
});

export const getReportRoute = createRoute({
  operationId: "getWorkflowReport",
  method: "get",
  path: "/reports/{id}",
  tags,
  summary: "One report (a UUID, or a standard report's key)",
  middleware: read,
  request: { params },
  responses: { 200: jsonResponse(ReportSchema, "The report"), ...errorResponses(401, 403, 404) },
});

export const updateReportRoute = createRoute({
  operationId: "updateWorkflowReport",
  method: "put",
  path: "/reports/{id}",
  tags,
  summary: "Replace a saved report (standard reports are not editable: copy them)",
  middleware: write,
  request: { params, body: jsonBody(ReportInput) },
  responses: {
    200: jsonResponse(ReportSchema, "The report as stored"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

export const deleteReportRoute = createRoute({
  operationId: "deleteWorkflowReport",
  method: "delete",
  path: "/reports/{id}",
  tags,
  summary: "Remove a saved report (its archived files stay in Documents)",
  middleware: write,
  request: { params },
  responses: { 204: { description: "Removed" }, ...errorResponses(401, 403, 404, 422) },
});

export const reportDataRoute = createRoute({
  operationId: "runWorkflowReport",
  method: "get",
  path: "/reports/{id}/data",
  tags,
  summary: "Run the report now: its columns and rows",
  middleware: read,
  request: { params },
  responses: {
    200: jsonResponse(ReportDataSchema, "Columns and rows"),
    ...errorResponses(401, 403, 404, 422),
  },
});

export const listSnapshotsRoute = createRoute({
  operationId: "listWorkflowReportSnapshots",
  method: "get",
  path: "/reports/{id}/snapshots",
  tags,
  summary: "The report's archive, newest first",
  middleware: read,
  request: { params },
  responses: {
    200: jsonResponse(SnapshotList, "Snapshots"),
    ...errorResponses(401, 403, 404),
  },
});

export const takeSnapshotRoute = createRoute({
  operationId: "takeWorkflowReportSnapshot",
  method: "post",
  path: "/reports/{id}/snapshots",
  tags,
  summary: "Archive the report now: its CSV and chart go to Documents",
  middleware: write,
  request: { params },
  responses: {
    201: jsonResponse(SnapshotSchema, "The snapshot"),
    ...errorResponses(401, 403, 404, 409, 413, 422),
  },
});

import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { GlobalInput, GlobalList, GlobalNameParam, GlobalSchema } from "./globals.schemas.ts";

const tags = ["workflow"];
export const GLOBALS_READ = "workflow.data.read";
export const GLOBALS_WRITE = "workflow.data.write";

export const listGlobalsRoute = createRoute({
  operationId: "listWorkflowGlobals",
  method: "get",
  path: "/globals",
  tags,
  summary: "Global variables of the tenant (secrets show hasValue, never a value)",
  middleware: [requirePermission(GLOBALS_READ)],
  responses: {
    200: jsonResponse(GlobalList, "Global variables by name"),
    ...errorResponses(401, 403),
  },
});

export const putGlobalRoute = createRoute({
  operationId: "putWorkflowGlobal",
  method: "put",
  path: "/globals/{name}",
  tags,
  summary: "Create or replace a global variable (value checked against its type)",
  middleware: [requirePermission(GLOBALS_WRITE)],
  request: { params: GlobalNameParam, body: jsonBody(GlobalInput) },
  responses: {
    200: jsonResponse(GlobalSchema, "The variable as stored"),
    ...errorResponses(400, 401, 403),
  },
});

export const deleteGlobalRoute = createRoute({
  operationId: "deleteWorkflowGlobal",
  method: "delete",
  path: "/globals/{name}",
  tags,
  summary: "Remove a global variable",
  middleware: [requirePermission(GLOBALS_WRITE)],
  request: { params: GlobalNameParam },
  responses: {
    204: { description: "Removed" },
    ...errorResponses(401, 403, 404),
  },
});

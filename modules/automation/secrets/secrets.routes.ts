import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import {
  EnvAgentParam,
  EnvListSchema,
  EnvParam,
  EnvValueInput,
  EnvVarSchema,
} from "./secrets.schemas.ts";

const tags = ["automation"];

export const listEnvRoute = createRoute({
  operationId: "listAutomationAgentEnv",
  method: "get",
  path: "/agents/{id}/env",
  tags,
  summary: "An agent's environment variables: names and when they were set (never values)",
  middleware: [requirePermission("automation.agent.read")],
  request: { params: EnvAgentParam },
  responses: {
    200: jsonResponse(EnvListSchema, "Variables"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const setEnvRoute = createRoute({
  operationId: "setAutomationAgentEnv",
  method: "put",
  path: "/agents/{id}/env/{name}",
  tags,
  summary: "Set or rotate a variable (stored encrypted; the value is never shown again)",
  middleware: [requirePermission("automation.agent.write")],
  request: { params: EnvParam, body: jsonBody(EnvValueInput) },
  responses: {
    200: jsonResponse(EnvVarSchema, "Changed"),
    201: jsonResponse(EnvVarSchema, "Created"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

export const deleteEnvRoute = createRoute({
  operationId: "deleteAutomationAgentEnv",
  method: "delete",
  path: "/agents/{id}/env/{name}",
  tags,
  summary: "Remove a variable",
  middleware: [requirePermission("automation.agent.write")],
  request: { params: EnvParam },
  responses: {
    204: { description: "Removed" },
    ...errorResponses(400, 401, 403, 404),
  },
});

import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { PageQuery, pageSchema } from "../../../shared/http/paging.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import {
  AgentDetailSchema,
  AgentIdParam,
  AgentInput,
  AgentQuery,
  AgentSchema,
  AgentUpdate,
  DeleteQuery,
  DiffQuery,
  DiffSchema,
  FromTemplateInput,
  GrantChoices,
  RestoreInput,
  StateInput,
  VersionParam,
  VersionSchema,
  VersionSummary,
} from "./agents.schemas.ts";

const tags = ["automation"];
const read = [requirePermission("automation.agent.read")];
const write = [requirePermission("automation.agent.write")];

export const listAgentsRoute = createRoute({
  operationId: "listAutomationAgents",
  method: "get",
  path: "/agents",
  tags,
  summary: "List agents, newest first (filters: state, kind, text)",
  middleware: read,
  request: { query: AgentQuery },
  responses: {
    200: jsonResponse(pageSchema(AgentSchema, "AutomationAgentPage"), "A page of agents"),
    ...errorResponses(400, 401, 403),
  },
});

export const createAgentRoute = createRoute({
  operationId: "createAutomationAgent",
  method: "post",
  path: "/agents",
  tags,
  summary:
    "Create an agent (version 1); a script whose code does not load is saved but goes to hata",
  middleware: write,
  request: { body: jsonBody(AgentInput) },
  responses: {
    201: jsonResponse(AgentSchema, "Created"),
    ...errorResponses(400, 401, 403, 409, 422),
  },
});

export const fromTemplateRoute = createRoute({
  operationId: "createAutomationAgentFromTemplate",
  method: "post",
  path: "/agents/from-template",
  tags,
  summary: "Create an agent from a template (GET /agent-templates)",
  middleware: write,
  request: { body: jsonBody(FromTemplateInput) },
  responses: {
    201: jsonResponse(AgentSchema, "Created"),
    ...errorResponses(400, 401, 403, 409, 422),
  },
});

export const grantChoicesRoute = createRoute({
  operationId: "listAutomationAgentGrantChoices",
  method: "get",
  path: "/agent-grants",
  tags,
  summary: "The permissions you may give an agent (the ones you hold)",
  middleware: write,
  responses: {
    200: jsonResponse(GrantChoices, "Permissions"),
    ...errorResponses(401, 403),
  },
});

export const getAgentRoute = createRoute({
  operationId: "getAutomationAgent",
  method: "get",
  path: "/agents/{id}",
  tags,
  summary: "An agent with its jobs and the names of its environment variables",
  middleware: read,
  request: { params: AgentIdParam },
  responses: {
    200: jsonResponse(AgentDetailSchema, "The agent"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const updateAgentRoute = createRoute({
  operationId: "updateAutomationAgent",
  method: "patch",
  path: "/agents/{id}",
  tags,
  summary: "Change an agent; changed code or config is saved as a new version (with a note)",
  middleware: write,
  request: { params: AgentIdParam, body: jsonBody(AgentUpdate) },
  responses: {
    200: jsonResponse(AgentSchema, "Updated"),
    ...errorResponses(400, 401, 403, 404, 409, 422),
  },
});

export const deleteAgentRoute = createRoute({
  operationId: "deleteAutomationAgent",
  method: "delete",
  path: "/agents/{id}",
  tags,
  summary:
    "Delete an agent with its versions, variables and runs; 409 when jobs run it, unless force=true",
  middleware: write,
  request: { params: AgentIdParam, query: DeleteQuery },
  responses: {
    204: { description: "Deleted" },
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

export const agentStateRoute = createRoute({
  operationId: "setAutomationAgentState",
  method: "post",
  path: "/agents/{id}/state",
  tags,
  summary: "Enable (aktif) or disable (pasif) an agent; hata is only set automatically",
  middleware: write,
  request: { params: AgentIdParam, body: jsonBody(StateInput) },
  responses: {
    200: jsonResponse(AgentSchema, "Updated"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const listVersionsRoute = createRoute({
  operationId: "listAutomationAgentVersions",
  method: "get",
  path: "/agents/{id}/versions",
  tags,
  summary: "An agent's versions, newest first",
  middleware: read,
  request: { params: AgentIdParam, query: PageQuery },
  responses: {
    200: jsonResponse(pageSchema(VersionSummary, "AutomationAgentVersionPage"), "Versions"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const getVersionRoute = createRoute({
  operationId: "getAutomationAgentVersion",
  method: "get",
  path: "/agents/{id}/versions/{version}",
  tags,
  summary: "One version's code and config",
  middleware: read,
  request: { params: VersionParam },
  responses: {
    200: jsonResponse(VersionSchema, "The version"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const diffVersionRoute = createRoute({
  operationId: "diffAutomationAgentVersion",
  method: "get",
  path: "/agents/{id}/versions/{version}/diff",
  tags,
  summary: "Unified diff of code and config from version `against` (default the previous)",
  middleware: read,
  request: { params: VersionParam, query: DiffQuery },
  responses: {
    200: jsonResponse(DiffSchema, "The diff"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const restoreVersionRoute = createRoute({
  operationId: "restoreAutomationAgentVersion",
  method: "post",
  path: "/agents/{id}/versions/{version}/restore",
  tags,
  summary: "Make an earlier version current again (saved as a new version)",
  middleware: write,
  request: {
    params: VersionParam,
    body: { ...jsonBody(RestoreInput), required: false },
  },
  responses: {
    200: jsonResponse(AgentSchema, "Updated"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

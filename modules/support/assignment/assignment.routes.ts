import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import {
  AgentStatusInput,
  AgentStatusSchema,
  AssignmentSettingsInput,
  AssignmentSettingsSchema,
  TeamIdParam,
} from "./assignment.schemas.ts";

const tags = ["support"];

export const getAssignmentRoute = createRoute({
  operationId: "getSupportTeamAssignment",
  method: "get",
  path: "/queues/{teamId}/assignment",
  tags,
  summary: "How a team's new tickets are assigned (mode and per-agent cap)",
  middleware: [requirePermission("support.ticket.read")],
  request: { params: TeamIdParam },
  responses: {
    200: jsonResponse(AssignmentSettingsSchema, "The settings"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const putAssignmentRoute = createRoute({
  operationId: "updateSupportTeamAssignment",
  method: "put",
  path: "/queues/{teamId}/assignment",
  tags,
  summary: "Set a team's auto-assignment: none, round_robin or least_open, with an optional cap",
  middleware: [requirePermission("support.organization.write")],
  request: { params: TeamIdParam, body: jsonBody(AssignmentSettingsInput) },
  responses: {
    200: jsonResponse(AssignmentSettingsSchema, "Saved"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const getAgentStatusRoute = createRoute({
  operationId: "getSupportAgentStatus",
  method: "get",
  path: "/agent-status",
  tags,
  summary: "The caller's out-of-office flag",
  middleware: [requirePermission("support.ticket.write")],
  responses: {
    200: jsonResponse(AgentStatusSchema, "The flag"),
    ...errorResponses(401, 403),
  },
});

export const putAgentStatusRoute = createRoute({
  operationId: "setSupportAgentStatus",
  method: "put",
  path: "/agent-status",
  tags,
  summary: "Set the caller's out-of-office flag (auto-assignment skips them while it holds)",
  middleware: [requirePermission("support.ticket.write")],
  request: { body: jsonBody(AgentStatusInput) },
  responses: {
    200: jsonResponse(AgentStatusSchema, "Saved"),
    ...errorResponses(400, 401, 403),
  },
});

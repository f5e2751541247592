import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { Deleted, IdParam } from "../common/common.schemas.ts";
import {
  AppliedMacro,
  MacroInput,
  MacroList,
  MacroSchema,
  MacroUpdate,
  RenderedMacro,
  TicketMacroParams,
} from "./macros.schemas.ts";

const tags = ["support"];
const read = [requirePermission("support.ticket.read")];
// Agents write their own macros; shared ones also need support.macro.write (checked inside).
const write = [requirePermission("support.ticket.write")];

export const listMacrosRoute = createRoute({
  operationId: "listSupportMacros",
  method: "get",
  path: "/macros",
  tags,
  summary: "Canned replies and macros: the shared ones and the caller's personal ones",
  middleware: read,
  responses: { 200: jsonResponse(MacroList, "Macros"), ...errorResponses(401, 403) },
});

export const createMacroRoute = createRoute({
  operationId: "createSupportMacro",
  method: "post",
  path: "/macros",
  tags,
  summary: "Add a personal macro, or a shared one (needs support.macro.write)",
  middleware: write,
  request: { body: jsonBody(MacroInput) },
  responses: { 201: jsonResponse(MacroSchema, "Created"), ...errorResponses(400, 401, 403) },
});

export const getMacroRoute = createRoute({
  operationId: "getSupportMacro",
  method: "get",
  path: "/macros/{id}",
  tags,
  summary: "One macro (shared, or the caller's own)",
  middleware: read,
  request: { params: IdParam },
  responses: { 200: jsonResponse(MacroSchema, "The macro"), ...errorResponses(400, 401, 403, 404) },
});

export const updateMacroRoute = createRoute({
  operationId: "updateSupportMacro",
  method: "put",
  path: "/macros/{id}",
  tags,
  summary: "Change a macro (a personal one by its owner, a shared one with support.macro.write)",
  middleware: write,
  request: { params: IdParam, body: jsonBody(MacroUpdate) },
  responses: {
    200: jsonResponse(MacroSchema, "Updated"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const deleteMacroRoute = createRoute({
  operationId: "deleteSupportMacro",
  method: "delete",
  path: "/macros/{id}",
  tags,
  summary: "Delete a macro (same rights as changing it)",
  middleware: write,
  request: { params: IdParam },
  responses: { 200: jsonResponse(Deleted, "Deleted"), ...errorResponses(400, 401, 403, 404) },
});

export const renderMacroRoute = createRoute({
  operationId: "renderSupportMacro",
  method: "post",
  path: "/support-ticket/{id}/macros/{macroId}/render",
  tags,
  summary: "A macro's reply text for a ticket, its placeholders filled ({{customer.name}}, …)",
  middleware: write,
  request: { params: TicketMacroParams },
  responses: {
    200: jsonResponse(RenderedMacro, "The text"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const applyMacroRoute = createRoute({
  operationId: "applySupportMacro",
  method: "post",
  path: "/support-ticket/{id}/macros/{macroId}/apply",
  tags,
  summary:
    "Apply a macro: its status, priority, team and tag changes (422 and nothing changed if one is not allowed); its text comes back for the composer",
  middleware: write,
  request: { params: TicketMacroParams },
  responses: {
    200: jsonResponse(AppliedMacro, "Applied"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

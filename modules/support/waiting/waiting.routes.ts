import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { IdParam } from "../common/common.schemas.ts";
import { TicketSchema } from "../tickets/tickets.schemas.ts";
import { PendingInput } from "./waiting.schemas.ts";

const tags = ["support"];
const write = [requirePermission("support.ticket.write")];

export const setPendingRoute = createRoute({
  operationId: "setSupportTicketPending",
  method: "post",
  path: "/support-ticket/{id}/pending",
  tags,
  summary:
    "Put an islemde ticket on hold (waiting on the customer or a third party); its SLA clocks stop",
  middleware: write,
  request: { params: IdParam, body: jsonBody(PendingInput) },
  responses: {
    200: jsonResponse(TicketSchema, "Waiting"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

export const resumeRoute = createRoute({
  operationId: "resumeSupportTicket",
  method: "delete",
  path: "/support-ticket/{id}/pending",
  tags,
  summary: "Resume a waiting ticket; its SLA clocks move on by the paused business time",
  middleware: write,
  request: { params: IdParam },
  responses: {
    200: jsonResponse(TicketSchema, "Resumed"),
    ...errorResponses(400, 401, 403, 404),
  },
});

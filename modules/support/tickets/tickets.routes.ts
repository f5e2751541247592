import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { PageQuery, pageSchema } from "../../../shared/http/paging.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { IdParam } from "../common/common.schemas.ts";
import {
  AssignInput,
  CommentInput,
  CommentSchema,
  TicketDetail,
  TicketInput,
  TicketQuery,
  TicketSchema,
  TicketUpdate,
} from "./tickets.schemas.ts";

const tags = ["support"];
const read = [requirePermission("support.ticket.read")];
const write = [requirePermission("support.ticket.write")];

export const listTicketsRoute = createRoute({
  operationId: "listSupportTickets",
  method: "get",
  path: "/support-ticket",
  tags,
  summary: "List tickets (filters, text search, keyset paging, sort)",
  middleware: read,
  request: { query: TicketQuery },
  responses: {
    200: jsonResponse(pageSchema(TicketSchema, "SupportTicketPage"), "A page of tickets"),
    ...errorResponses(400, 401, 403),
  },
});

export const createTicketRoute = createRoute({
  operationId: "createSupportTicket",
  method: "post",
  path: "/support-ticket",
  tags,
  summary: "Open a ticket; its number comes from the active numbering template",
  middleware: write,
  request: { body: jsonBody(TicketInput) },
  responses: {
    201: jsonResponse(TicketSchema, "Created"),
    ...errorResponses(400, 401, 403, 409, 422),
  },
});

export const getTicketRoute = createRoute({
  operationId: "getSupportTicket",
  method: "get",
  path: "/support-ticket/{id}",
  tags,
  summary: "A ticket with its history and comments",
  middleware: read,
  request: { params: IdParam },
  responses: {
    200: jsonResponse(TicketDetail, "The ticket"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const updateTicketRoute = createRoute({
  operationId: "updateSupportTicket",
  method: "put",
  path: "/support-ticket/{id}",
  tags,
  summary: "Update a ticket (fields left out keep their values; status moves are checked)",
  middleware: write,
  request: { params: IdParam, body: jsonBody(TicketUpdate) },
  responses: {
    200: jsonResponse(TicketSchema, "Updated"),
    ...errorResponses(400, 401, 403, 404, 409, 422),
  },
});

const action = (path: string, operationId: string, summary: string) =>
  createRoute({
    operationId,
    method: "post",
    path: `/support-ticket/{id}/${path}`,
    tags,
    summary,
    middleware: write,
    request: { params: IdParam },
    responses: {
      200: jsonResponse(TicketSchema, "Updated"),
      ...errorResponses(400, 401, 403, 404, 422),
    },
  });

export const closeTicketRoute = action("close", "closeSupportTicket", "Close a resolved ticket");
export const reopenTicketRoute = action(
  "reopen",
  "reopenSupportTicket",
  "Reopen a resolved or closed ticket (recorded as a reopen)",
);
export const assignTicketRoute = createRoute({
  operationId: "assignSupportTicket",
  method: "post",
  path: "/support-ticket/{id}/assign",
  tags,
  summary: "Assign (or with null unassign) a ticket to an agent",
  middleware: write,
  request: { params: IdParam, body: jsonBody(AssignInput) },
  responses: {
    200: jsonResponse(TicketSchema, "Updated"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

export const listCommentsRoute = createRoute({
  operationId: "listSupportTicketComments",
  method: "get",
  path: "/support-ticket/{id}/comments",
  tags,
  summary: "A ticket's comments, oldest first",
  middleware: read,
  request: { params: IdParam, query: PageQuery },
  responses: {
    200: jsonResponse(pageSchema(CommentSchema, "SupportCommentPage"), "Comments"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const addCommentRoute = createRoute({
  operationId: "addSupportTicketComment",
  method: "post",
  path: "/support-ticket/{id}/comments",
  tags,
  summary:
    "Comment on a ticket. A public one goes to the customer as a threaded e-mail reply (email.send, email.cc; attachmentIds: files uploaded to the ticket first); an internal note never leaves; a closed ticket takes none (422)",
  middleware: write,
  request: { params: IdParam, body: jsonBody(CommentInput) },
  responses: {
    201: jsonResponse(CommentSchema, "Created"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

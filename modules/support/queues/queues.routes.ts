import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonResponse } from "../../../shared/http/route-helpers.ts";
import { PageQuery, pageSchema } from "../../../shared/http/paging.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { TicketSchema } from "../tickets/tickets.schemas.ts";
import { TeamIdParam } from "../assignment/assignment.schemas.ts";
import { QueueList } from "./queues.schemas.ts";

const tags = ["support"];
const read = [requirePermission("support.ticket.read")];

export const listQueuesRoute = createRoute({
  operationId: "listSupportQueues",
  method: "get",
  path: "/queues",
  tags,
  summary: "Team queues with their open and unassigned ticket counts",
  middleware: read,
  responses: {
    200: jsonResponse(QueueList, "The queues"),
    ...errorResponses(401, 403),
  },
});

export const queueTicketsRoute = createRoute({
  operationId: "listSupportQueueTickets",
  method: "get",
  path: "/queues/{teamId}/tickets",
  tags,
  summary: "A team's open tickets, unassigned first, then oldest first",
  middleware: read,
  request: { params: TeamIdParam, query: PageQuery },
  responses: {
    200: jsonResponse(pageSchema(TicketSchema, "SupportQueueTicketPage"), "A page of tickets"),
    ...errorResponses(400, 401, 403, 404),
  },
});

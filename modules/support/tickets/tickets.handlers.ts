import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { fieldsOf } from "../../../shared/http/fields.ts";
import {
  addCommentRoute,
  assignTicketRoute,
  closeTicketRoute,
  createTicketRoute,
  getTicketRoute,
  listCommentsRoute,
  listTicketsRoute,
  reopenTicketRoute,
  updateTicketRoute,
} from "./tickets.routes.ts";
import {
  addComment,
  assignTicket,
  changeTicket,
  closeTicket,
  createTicket,
  listComments,
  listTickets,
  reopenTicket,
  ticketDetail,
} from "./tickets.service.ts";

const list: RouteHandler<typeof listTicketsRoute, AppEnv> = async (c) =>
  c.json(await listTickets(actorOf(c), c.req.valid("query"), fieldsOf(c)), 200);

const create: RouteHandler<typeof createTicketRoute, AppEnv> = async (c) =>
  c.json(await createTicket(actorOf(c), c.req.valid("json")), 201);

const get: RouteHandler<typeof getTicketRoute, AppEnv> = async (c) =>
  c.json(await ticketDetail(actorOf(c), c.req.valid("param").id, fieldsOf(c)), 200);

const update: RouteHandler<typeof updateTicketRoute, AppEnv> = async (c) =>
  c.json(
    await changeTicket(actorOf(c), { id: c.req.valid("param").id, patch: c.req.valid("json") }),
    200,
  );

const close: RouteHandler<typeof closeTicketRoute, AppEnv> = async (c) =>
  c.json(await closeTicket(actorOf(c), c.req.valid("param").id), 200);

const reopen: RouteHandler<typeof reopenTicketRoute, AppEnv> = async (c) =>
  c.json(await reopenTicket(actorOf(c), c.req.valid("param").id), 200);

const assign: RouteHandler<typeof assignTicketRoute, AppEnv> = async (c) =>
  c.json(
    await assignTicket(actorOf(c), {
      id: c.req.valid("param").id,
      assigneeId: c.req.valid("json").assigneeId,
    }),
    200,
  );

const comments: RouteHandler<typeof listCommentsRoute, AppEnv> = async (c) => {
  const { limit, cursor } = c.req.valid("query");
  const ticketId = c.req.valid("param").id;
  return c.json(await listComments(actorOf(c), { ticketId, limit, cursor }), 200);
};

const comment: RouteHandler<typeof addCommentRoute, AppEnv> = async (c) =>
  c.json(
    await addComment(actorOf(c), { ticketId: c.req.valid("param").id, ...c.req.valid("json") }),
    201,
  );

export const mountTickets = (app: OpenAPIHono<AppEnv>) => {
  app.openapi(listTicketsRoute, list);
  app.openapi(createTicketRoute, create);
  app.openapi(getTicketRoute, get);
  app.openapi(updateTicketRoute, update);
  app.openapi(closeTicketRoute, close);
  app.openapi(reopenTicketRoute, reopen);
  app.openapi(assignTicketRoute, assign);
  app.openapi(listCommentsRoute, comments);
  app.openapi(addCommentRoute, comment);
};

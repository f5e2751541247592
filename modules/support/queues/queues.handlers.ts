import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { listQueuesRoute, queueTicketsRoute } from "./queues.routes.ts";
import { listQueues, listQueueTickets } from "./queues.service.ts";

const list: RouteHandler<typeof listQueuesRoute, AppEnv> = async (c) =>
  c.json(await listQueues(actorOf(c)), 200);

const tickets: RouteHandler<typeof queueTicketsRoute, AppEnv> = async (c) =>
  c.json(
    await listQueueTickets(actorOf(c), { ...c.req.valid("param"), ...c.req.valid("query") }),
    200,
  );

export const mountQueues = (app: OpenAPIHono<AppEnv>) => {
  app.openapi(listQueuesRoute, list);
  app.openapi(queueTicketsRoute, tickets);
};

import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { mergeTicketRoute } from "./merge.routes.ts";
import { mergeTicket } from "./merge.service.ts";

const merge: RouteHandler<typeof mergeTicketRoute, AppEnv> = async (c) =>
  c.json(
    await mergeTicket(actorOf(c), {
      id: c.req.valid("param").id,
      intoId: c.req.valid("json").intoId,
    }),
    200,
  );

export const mountMerge = (app: OpenAPIHono<AppEnv>) => app.openapi(mergeTicketRoute, merge);

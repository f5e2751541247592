import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../shared/http/env.ts";
import { actorOf } from "../../shared/http/actor.ts";
import * as routes from "./sessions.routes.ts";
import { endOtherSessions, endOwnSession, listOwnSessions } from "./sessions.service.ts";
import { clientAddress } from "./authentication.middleware.ts";

const list: RouteHandler<typeof routes.listSessionsRoute, AppEnv> = async (c) =>
  c.json(await listOwnSessions(actorOf(c)), 200);

const end: RouteHandler<typeof routes.endSessionRoute, AppEnv> = async (c) => {
  await endOwnSession(actorOf(c), c.req.valid("param").id, clientAddress(c));
  return c.body(null, 204);
};

const endOthers: RouteHandler<typeof routes.endOtherSessionsRoute, AppEnv> = async (c) =>
  c.json({ ended: await endOtherSessions(actorOf(c), clientAddress(c)) }, 200);

/** /api/auth/sessions: where the caller is signed in. */
export function mountSessions(api: OpenAPIHono<AppEnv>) {
  api
    .openapi(routes.listSessionsRoute, list)
    .openapi(routes.endOtherSessionsRoute, endOthers)
    .openapi(routes.endSessionRoute, end);
}

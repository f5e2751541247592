import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { broadcastSignalRoute, correlateMessageRoute } from "./messages.routes.ts";
import { broadcast, correlate } from "./messages.service.ts";

type H<R extends Parameters<OpenAPIHono<AppEnv>["openapi"]>[0]> = RouteHandler<R, AppEnv>;

const message: H<typeof correlateMessageRoute> = async (c) =>
  c.json(await correlate(actorOf(c), c.req.valid("json")), 200);
const signal: H<typeof broadcastSignalRoute> = async (c) =>
  c.json(await broadcast(actorOf(c), c.req.valid("json")), 200);

/** /api/workflow: message correlation and signal broadcast. */
export function mountMessages(app: OpenAPIHono<AppEnv>) {
  app.openapi(correlateMessageRoute, message);
  app.openapi(broadcastSignalRoute, signal);
}

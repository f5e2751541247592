import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { resumeRoute, setPendingRoute } from "./waiting.routes.ts";
import { resumeTicket, setPending } from "./waiting.service.ts";

const pending: RouteHandler<typeof setPendingRoute, AppEnv> = async (c) =>
  c.json(
    await setPending(actorOf(c), { id: c.req.valid("param").id, ...c.req.valid("json") }),
    200,
  );

const resume: RouteHandler<typeof resumeRoute, AppEnv> = async (c) =>
  c.json(await resumeTicket(actorOf(c), c.req.valid("param").id), 200);

export const mountWaiting = (app: OpenAPIHono<AppEnv>) => {
  app.openapi(setPendingRoute, pending);
  app.openapi(resumeRoute, resume);
};

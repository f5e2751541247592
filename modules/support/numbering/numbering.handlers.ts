import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { mountCrud } from "../common/crud.handlers.ts";
import { nextNumberRoute, numberingRoutes } from "./numbering.routes.ts";
import { numberingService, previewNext } from "./numbering.service.ts";

const nextHandler: RouteHandler<typeof nextNumberRoute, AppEnv> = async (c) =>
  c.json(await previewNext(actorOf(c), { id: c.req.valid("param").id }), 200);

export const mountNumbering = (app: OpenAPIHono<AppEnv>) => {
  app.openapi(nextNumberRoute, nextHandler);
  mountCrud(app, numberingRoutes, numberingService);
};

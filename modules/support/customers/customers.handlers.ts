import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { mountCrud } from "../common/crud.handlers.ts";
import { customerActivityRoute, customerRoutes } from "./customers.routes.ts";
import { customerActivity, customersService } from "./customers.service.ts";

const activityHandler: RouteHandler<typeof customerActivityRoute, AppEnv> = async (c) =>
  c.json(
    await customerActivity(actorOf(c), { id: c.req.valid("param").id, ...c.req.valid("query") }),
    200,
  );

export const mountCustomers = (app: OpenAPIHono<AppEnv>) => {
  app.openapi(customerActivityRoute, activityHandler);
  mountCrud(app, customerRoutes, customersService);
};

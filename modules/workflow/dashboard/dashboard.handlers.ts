import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { dashboardRoute } from "./dashboard.routes.ts";
import { dashboardFigures } from "./dashboard.service.ts";

const get: RouteHandler<typeof dashboardRoute, AppEnv> = async (c) =>
  c.json(await dashboardFigures(actorOf(c), { timeZone: c.var.timeZone }), 200);

/** GET /api/workflow/dashboard. */
export function mountDashboard(app: OpenAPIHono<AppEnv>) {
  app.openapi(dashboardRoute, get);
}

import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { projectCalendar } from "./calendar.service.ts";
import { calendarRoute } from "./calendar.routes.ts";

export const calendarHandler: RouteHandler<typeof calendarRoute, AppEnv> = async (c) => {
  const { month, ...filters } = c.req.valid("query");
  return c.json(
    await projectCalendar(actorOf(c), {
      projectId: c.req.valid("param").id,
      month,
      // Repeated parameters (cf) stay lists: joined with commas they became one wrong filter.
      query: Object.fromEntries(
        Object.entries(filters).map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : String(v)]),
      ),
      locale: c.var.locale,
      timeZone: c.var.timeZone ?? "UTC",
      now: Date.now(),
    }),
    200,
  );
};

/** The calendar route of /api/projects. */
export function mountCalendar(app: OpenAPIHono<AppEnv>) {
  app.openapi(calendarRoute, calendarHandler);
}

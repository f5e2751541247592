import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { getTimeline } from "./timeline.service.ts";
import { timelineRoute } from "./timeline.routes.ts";

export const timelineHandler: RouteHandler<typeof timelineRoute, AppEnv> = async (c) =>
  c.json(
    await getTimeline(actorOf(c), {
      projectId: c.req.valid("param").id,
      query: c.req.valid("query"),
    }),
    200,
  );

/** The timeline route of /api/projects. */
export function mountTimeline(app: OpenAPIHono<AppEnv>) {
  app.openapi(timelineRoute, timelineHandler);
}

import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { getPreferences, listFeed, listNotices, putPreferences } from "./feed.service.ts";
import {
  activityLogRoute,
  getPreferencesRoute,
  noticesRoute,
  projectActivityRoute,
  putPreferencesRoute,
} from "./feed.routes.ts";

export const projectActivityHandler: RouteHandler<typeof projectActivityRoute, AppEnv> = async (
  c,
) =>
  c.json(
    await listFeed(actorOf(c), {
      ...c.req.valid("query"),
      projectId: c.req.valid("param").id,
    }),
    200,
  );

export const activityLogHandler: RouteHandler<typeof activityLogRoute, AppEnv> = async (c) =>
  c.json(await listFeed(actorOf(c), c.req.valid("query")), 200);

export const noticesHandler: RouteHandler<typeof noticesRoute, AppEnv> = async (c) =>
  c.json(await listNotices(actorOf(c), c.req.valid("query")), 200);

export const getPreferencesHandler: RouteHandler<typeof getPreferencesRoute, AppEnv> = async (
  c,
) => c.json(await getPreferences(actorOf(c)), 200);

export const putPreferencesHandler: RouteHandler<typeof putPreferencesRoute, AppEnv> = async (
  c,
) => c.json(await putPreferences(actorOf(c), c.req.valid("json")), 200);

/** The feed routes of /api/projects. */
export function mountFeed(app: OpenAPIHono<AppEnv>) {
  app.openapi(projectActivityRoute, projectActivityHandler);
  app.openapi(activityLogRoute, activityLogHandler);
  app.openapi(getPreferencesRoute, getPreferencesHandler);
  app.openapi(putPreferencesRoute, putPreferencesHandler);
  app.openapi(noticesRoute, noticesHandler);
}

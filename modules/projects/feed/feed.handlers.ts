import type { RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { getPreferences, listFeed, listNotices, putPreferences } from "./feed.service.ts";
import type {
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
    await listFeed(c.var.sql, c.var.session, {
      ...c.req.valid("query"),
      projectId: c.req.valid("param").id,
    }),
    200,
  );

export const activityLogHandler: RouteHandler<typeof activityLogRoute, AppEnv> = async (c) =>
  c.json(await listFeed(c.var.sql, c.var.session, c.req.valid("query")), 200);

export const noticesHandler: RouteHandler<typeof noticesRoute, AppEnv> = async (c) =>
  c.json(await listNotices(c.var.sql, c.var.session, c.req.valid("query")), 200);

export const getPreferencesHandler: RouteHandler<typeof getPreferencesRoute, AppEnv> = async (
  c,
) => c.json(await getPreferences(c.var.sql, c.var.session), 200);

export const putPreferencesHandler: RouteHandler<typeof putPreferencesRoute, AppEnv> = async (
  c,
) => c.json(await putPreferences(c.var.sql, c.var.session, c.req.valid("json")), 200);

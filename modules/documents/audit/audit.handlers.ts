import type { OpenAPIHono, RouteConfig, RouteHandler } from "@hono/zod-openapi";
import { actorOf } from "../../../shared/http/actor.ts";
import type { AppEnv } from "../../../shared/http/env.ts";
import { listActivity } from "../../../platform/activity/public.ts";
import { changeSettings, loadSettings } from "../settings/settings.service.ts";
import { stats, userActivity } from "../stats/stats.service.ts";
import * as R from "./audit.routes.ts";
import { visibleTo } from "./visibility.service.ts";

type H<T extends RouteConfig> = RouteHandler<T, AppEnv>;

export const auditList: H<typeof R.auditRoute> = async (c) => {
  const { user, file, action, from, to, limit, cursor } = c.req.valid("query");
  const page = await c.var.scope(async (tx) => {
    const found = await listActivity({ sql: tx }, {
      module: "documents",
      actorId: user,
      entityId: file,
      action,
      from,
      to,
      limit,
      cursor,
    });
    const v = await visibleTo(actorOf(c, tx));
    return { ...found, items: await v.entries(found.items) };
  });
  return c.json(page as never, 200);
};

export const report: H<typeof R.userActivityRoute> = async (c) => {
  const { user, from, to } = c.req.valid("query");
  return c.json(
    await c.var.scope((tx) => userActivity(actorOf(c, tx), { userId: user, from, to })) as never,
    200,
  );
};

export const statsHandler: H<typeof R.statsRoute> = async (c) =>
  c.json(await c.var.scope((tx) => stats(actorOf(c, tx))) as never, 200);

export const getSettings: H<typeof R.getSettingsRoute> = async (c) =>
  c.json(await c.var.scope((tx) => loadSettings({ sql: tx })), 200);

export const putSettings: H<typeof R.putSettingsRoute> = async (c) => {
  const body = c.req.valid("json");
  return c.json(await c.var.scope((tx) => changeSettings(actorOf(c, tx), body)), 200);
};

/** Mounts the audit log, activity report, statistics and settings. */
export const mountAudit = (app: OpenAPIHono<AppEnv>) => {
  app
    .openapi(R.auditRoute, auditList)
    .openapi(R.userActivityRoute, report)
    .openapi(R.statsRoute, statsHandler)
    .openapi(R.getSettingsRoute, getSettings)
    .openapi(R.putSettingsRoute, putSettings);
};

import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { recordActivity } from "../../../platform/activity/activity.service.ts";
import { getSettingsRoute, updateSettingsRoute } from "./settings.routes.ts";
import { readSettings, writeSettings } from "./settings.repo.ts";

const getHandler: RouteHandler<typeof getSettingsRoute, AppEnv> = async (c) =>
  c.json(await readSettings(c.var.sql), 200);

const putHandler: RouteHandler<typeof updateSettingsRoute, AppEnv> = async (c) => {
  const before = await readSettings(c.var.sql);
  const after = await writeSettings(c.var.sql, c.req.valid("json"));
  await recordActivity(c.var.sql, {
    module: "support",
    entityType: "settings",
    entityId: "support",
    action: "updated",
    summary: "Updated Support settings",
    before: { ...before },
    after: { ...after },
  });
  return c.json(after, 200);
};

export const mountSettings = (app: OpenAPIHono<AppEnv>) => {
  app.openapi(getSettingsRoute, getHandler);
  app.openapi(updateSettingsRoute, putHandler);
};

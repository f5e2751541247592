import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { getPortalSettingsRoute, updatePortalSettingsRoute } from "./portal.routes.ts";
import { getPortalSettings, updatePortalSettings } from "./portal.settings.service.ts";

const getHandler: RouteHandler<typeof getPortalSettingsRoute, AppEnv> = async (c) =>
  c.json(await getPortalSettings(actorOf(c)), 200);

const putHandler: RouteHandler<typeof updatePortalSettingsRoute, AppEnv> = async (c) =>
  c.json(await updatePortalSettings(actorOf(c), c.req.valid("json")), 200);

export const mountPortalSettings = (app: OpenAPIHono<AppEnv>) => {
  app.openapi(getPortalSettingsRoute, getHandler);
  app.openapi(updatePortalSettingsRoute, putHandler);
};

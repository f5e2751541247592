import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { getSettingsRoute, updateSettingsRoute } from "./settings.routes.ts";
import { getSettings, updateSettings } from "./settings.service.ts";

const getHandler: RouteHandler<typeof getSettingsRoute, AppEnv> = async (c) =>
  c.json(await getSettings(actorOf(c)), 200);

const putHandler: RouteHandler<typeof updateSettingsRoute, AppEnv> = async (c) =>
  c.json(await updateSettings(actorOf(c), c.req.valid("json")), 200);

export const mountSettings = (app: OpenAPIHono<AppEnv>) => {
  app.openapi(getSettingsRoute, getHandler);
  app.openapi(updateSettingsRoute, putHandler);
};

import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { getSettingsRoute, putSettingsRoute } from "./cleanup.routes.ts";
import { changeSettings, readSettings } from "./cleanup.service.ts";

const get: RouteHandler<typeof getSettingsRoute, AppEnv> = async (c) =>
  c.json(await readSettings(actorOf(c)), 200);
const put: RouteHandler<typeof putSettingsRoute, AppEnv> = async (c) =>
  c.json(await changeSettings(actorOf(c), c.req.valid("json")), 200);

/** /api/workflow/settings */
export function mountCleanup(app: OpenAPIHono<AppEnv>) {
  app.openapi(getSettingsRoute, get);
  app.openapi(putSettingsRoute, put);
}

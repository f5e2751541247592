import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { getSheetCacheRoute, putSheetCacheRoute } from "./cache.routes.ts";
import { setSheetCache, sheetCacheSettings } from "./cache.service.ts";

const get: RouteHandler<typeof getSheetCacheRoute, AppEnv> = async (c) =>
  c.json(await sheetCacheSettings(actorOf(c), c.req.valid("param").sheetId), 200);
const put: RouteHandler<typeof putSheetCacheRoute, AppEnv> = async (c) =>
  c.json(
    await setSheetCache(actorOf(c), {
      sheetId: c.req.valid("param").sheetId,
      input: c.req.valid("json"),
    }),
    200,
  );

/** /api/analytics/sheets/{sheetId}/cache */
export function mountCache(app: OpenAPIHono<AppEnv>) {
  app.openapi(getSheetCacheRoute, get);
  app.openapi(putSheetCacheRoute, put);
}

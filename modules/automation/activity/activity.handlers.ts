import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { csvResponse } from "../../../shared/http/csv.ts";
import { activityLogCsvRoute, listActivityLogRoute } from "./activity.routes.ts";
import { activityLogCsv, type ActivityLogInput, listActivityLog } from "./activity.service.ts";

async function csv(c: Context<AppEnv>, input: ActivityLogInput) {
  const out = await activityLogCsv(actorOf(c), { ...input, modules: c.var.platform.modules });
  const day = new Date().toISOString().slice(0, 10);
  const res = csvResponse(c, `activity-${day}.csv`, out.csv);
  if (out.truncated) res.headers.set("X-Truncated", "true");
  return res;
}

const list: RouteHandler<typeof listActivityLogRoute, AppEnv> = async (c) => {
  const { format, limit, cursor, ...filter } = c.req.valid("query");
  if (format === "csv") return await csv(c, filter) as never;
  return c.json(
    await listActivityLog(actorOf(c), {
      ...filter,
      limit,
      cursor,
      modules: c.var.platform.modules,
    }),
    200,
  );
};

const exportCsv: RouteHandler<typeof activityLogCsvRoute, AppEnv> = async (c) =>
  await csv(c, c.req.valid("query")) as never;

/** GET /activity-log (JSON or CSV) and GET /activity-log.csv. */
export function mountActivityLog(api: OpenAPIHono<AppEnv>) {
  api.openapi(listActivityLogRoute, list);
  api.openapi(activityLogCsvRoute, exportCsv);
}

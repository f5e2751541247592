import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import type { AnalyticsQuery } from "./query.types.schemas.ts";
import { analyticsDataRoute, analyticsQueryRoute, listDatasetsRoute } from "./query.routes.ts";
import { AnalyticsQuerySchema, asQuery } from "./query.schemas.ts";
import { runQuery } from "./query.service.ts";
import { datasetCatalog } from "./query.datasets.lib.ts";
import { toSeries } from "./query.series.lib.ts";

/** `q` is JSON text: parsed and checked like a body, a fault is a 400 naming its place. */
export function parseQueryParam(q: string): AnalyticsQuery {
  let raw: unknown;
  try {
    raw = JSON.parse(q);
  } catch {
    throw problems.validation([{ path: "q", message: "The query is not valid JSON." }]);
  }
  const parsed = AnalyticsQuerySchema.safeParse(raw);
  if (!parsed.success) {
    throw problems.validation(parsed.error.issues.map((i) => ({
      path: ["q", ...i.path].join("."),
      message: i.message,
    })));
  }
  return asQuery(parsed.data);
}

async function answer(
  c: Parameters<RouteHandler<typeof listDatasetsRoute, AppEnv>>[0],
  query: AnalyticsQuery,
  format: string,
) {
  const result = await runQuery(actorOf(c), { query, locale: c.var.locale });
  return format === "series" ? toSeries(result, c.var.locale) : result;
}

const data: RouteHandler<typeof analyticsDataRoute, AppEnv> = async (c) => {
  const { q, format } = c.req.valid("query");
  return c.json(await answer(c, parseQueryParam(q), format), 200);
};

const post: RouteHandler<typeof analyticsQueryRoute, AppEnv> = async (c) => {
  const { query, format } = c.req.valid("json");
  return c.json(await answer(c, asQuery(query), format), 200);
};

const datasets: RouteHandler<typeof listDatasetsRoute, AppEnv> = (c) =>
  c.json({ items: datasetCatalog(c.var.locale) }, 200);

/** /api/analytics/analytics, /analytics/query, /datasets */
export function mountQuery(app: OpenAPIHono<AppEnv>) {
  app.openapi(analyticsDataRoute, data);
  app.openapi(analyticsQueryRoute, post);
  app.openapi(listDatasetsRoute, datasets);
}

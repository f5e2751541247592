import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { csvResponse } from "../../../shared/http/csv.ts";
import { reportRoute } from "./reports.routes.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { buildReport, reportFile } from "./reports.service.ts";

const handler: RouteHandler<typeof reportRoute, AppEnv> = async (c) => {
  const { type, from, to, format } = c.req.valid("query");
  if (format === "csv") {
    const file = await reportFile(actorOf(c), { type, from, to });
    return csvResponse(c, file.filename, file.csv) as never;
  }
  return c.json(await buildReport(actorOf(c), { type, from, to }), 200);
};

export const mountReports = (app: OpenAPIHono<AppEnv>) => app.openapi(reportRoute, handler);

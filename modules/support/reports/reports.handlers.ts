import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { csvResponse } from "../../../shared/http/csv.ts";
import { reportRoute } from "./reports.routes.ts";
import { buildReport, reportCsv } from "./reports.service.ts";

const handler: RouteHandler<typeof reportRoute, AppEnv> = async (c) => {
  const { type, from, to, format } = c.req.valid("query");
  const report = await buildReport(c.var.sql, type, { from, to });
  if (format === "csv") {
    return csvResponse(
      c,
      `support-${type}-${report.from}-${report.to}.csv`,
      reportCsv(report),
    ) as never;
  }
  return c.json(report, 200);
};

export const mountReports = (app: OpenAPIHono<AppEnv>) => app.openapi(reportRoute, handler);

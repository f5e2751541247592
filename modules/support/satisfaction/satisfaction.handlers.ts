import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { csvResponse } from "../../../shared/http/csv.ts";
import { satisfactionListRoute, satisfactionReportRoute } from "./satisfaction.routes.ts";
import { listRatings, satisfactionReport, satisfactionReportFile } from "./satisfaction.service.ts";

const list: RouteHandler<typeof satisfactionListRoute, AppEnv> = async (c) =>
  c.json(await listRatings(actorOf(c), c.req.valid("query")), 200);

const report: RouteHandler<typeof satisfactionReportRoute, AppEnv> = async (c) => {
  const { format, ...q } = c.req.valid("query");
  if (format === "csv") {
    const file = await satisfactionReportFile(actorOf(c), q);
    return csvResponse(c, file.filename, file.csv) as never;
  }
  return c.json(await satisfactionReport(actorOf(c), q), 200);
};

export const mountSatisfaction = (app: OpenAPIHono<AppEnv>) => {
  // The fixed path first: "/satisfaction/report" is not a rating.
  app.openapi(satisfactionReportRoute, report);
  app.openapi(satisfactionListRoute, list);
};

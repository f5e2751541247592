import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { csvResponse } from "../../../shared/http/csv.ts";
import { timeReportCsvRoute, timeReportRoute } from "./time.routes.ts";
import { timeReport, timeReportFile } from "./time.service.ts";

const json: RouteHandler<typeof timeReportRoute, AppEnv> = async (c) =>
  c.json(await timeReport(actorOf(c), c.req.valid("query")), 200);

const csv: RouteHandler<typeof timeReportCsvRoute, AppEnv> = async (c) => {
  const file = await timeReportFile(actorOf(c), c.req.valid("query"));
  return csvResponse(c, file.filename, file.csv) as never;
};

export const mountTime = (app: OpenAPIHono<AppEnv>) => {
  // The CSV first: "/reports/time.csv" is a fixed path of its own.
  app.openapi(timeReportCsvRoute, csv);
  app.openapi(timeReportRoute, json);
};

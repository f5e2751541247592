import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { csvResponse } from "../../../shared/http/csv.ts";
import {
  distributionCsv,
  distributionReport,
  progressCsv,
  progressReport,
  workloadCsv,
  workloadReport,
} from "./reports.service.ts";
import { distributionRoute, progressRoute, workloadRoute } from "./reports.routes.ts";

export const progressHandler: RouteHandler<typeof progressRoute, AppEnv> = async (c) => {
  const q = c.req.valid("query");
  const report = await progressReport(actorOf(c), q);
  if (q.format === "csv") return csvResponse(c, "progress.csv", progressCsv(report.items));
  return c.json(report, 200);
};

export const distributionHandler: RouteHandler<typeof distributionRoute, AppEnv> = async (c) => {
  const q = c.req.valid("query");
  const report = await distributionReport(actorOf(c), q);
  if (q.format === "csv") return csvResponse(c, "distribution.csv", distributionCsv(report));
  return c.json(report, 200);
};

export const workloadHandler: RouteHandler<typeof workloadRoute, AppEnv> = async (c) => {
  const q = c.req.valid("query");
  const report = await workloadReport(actorOf(c), q);
  if (q.format === "csv") return csvResponse(c, "workload.csv", workloadCsv(report.items));
  return c.json(report, 200);
};

/** The reports routes of /api/projects. */
export function mountReports(app: OpenAPIHono<AppEnv>) {
  app.openapi(progressRoute, progressHandler);
  app.openapi(distributionRoute, distributionHandler);
  app.openapi(workloadRoute, workloadHandler);
}

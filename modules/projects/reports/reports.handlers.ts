import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { csvResponse } from "../../../shared/http/csv.ts";
import { distributionReport, progressReport, workloadReport } from "./reports.service.ts";
import { type CsvColumn, toCsv } from "../../../shared/http/csv.ts";
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

type Progress = Awaited<ReturnType<typeof progressReport>>["items"][number];
const progressCsv = (items: Progress[]) =>
  toCsv(items, [
    { header: "project", value: (r) => r.name },
    { header: "status", value: (r) => r.status },
    { header: "total", value: (r) => r.total },
    { header: "done", value: (r) => r.done },
    { header: "percent", value: (r) => r.percent },
  ] as CsvColumn<Progress>[]);

type Dist = Awaited<ReturnType<typeof distributionReport>>;
const distributionCsv = (d: Dist) =>
  toCsv(
    [
      ...d.byStatus.map((b) => ({ dimension: "status", ...b })),
      ...d.byPriority.map((b) => ({ dimension: "priority", ...b })),
      ...d.byAssignee.map((b) => ({ dimension: "assignee", ...b })),
    ],
    [
      { header: "dimension", value: (r) => r.dimension },
      { header: "value", value: (r) => r.label },
      { header: "tasks", value: (r) => r.count },
      { header: "open", value: (r) => r.open },
    ],
  );

type Work = Awaited<ReturnType<typeof workloadReport>>["items"][number];
const workloadCsv = (items: Work[]) =>
  toCsv(items, [
    { header: "member", value: (r) => r.name },
    { header: "email", value: (r) => r.email },
    { header: "open", value: (r) => r.open },
    { header: "overdue", value: (r) => r.overdue },
    { header: "estimate_hours", value: (r) => r.estimate },
    { header: "done", value: (r) => r.done },
  ] as CsvColumn<Work>[]);

import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { csvResponse } from "../../../shared/http/csv.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { tr } from "../../../ui/render.tsx";
import { DashboardView, ReportsView } from "./reports.view.tsx";
import { respond } from "../common/resource.pages.tsx";
import { ReportQuery } from "./reports.schemas.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { buildReport, dashboard, reportFile } from "./reports.service.ts";
import { problems } from "../../../shared/http/problem.ts";

export const mountReportPages = (app: Hono<AppEnv>) => {
  app.get(
    "/",
    requirePermission("support.ticket.read"),
    async (c) =>
      respond(
        c,
        tr(c)("page.dashboard"),
        <DashboardView data={await dashboard(actorOf(c))} />,
      ),
  );
  app.get("/reports", requirePermission("support.report.read"), async (c) => {
    const parsed = ReportQuery.safeParse({
      type: c.req.query("type") || undefined,
      from: c.req.query("from") || undefined,
      to: c.req.query("to") || undefined,
      format: c.req.query("format") || undefined,
    });
    if (!parsed.success) {
      throw problems.validation(
        parsed.error.issues.map((i) => ({ path: `query.${i.path.join(".")}`, message: i.message })),
      );
    }
    const q = parsed.data;
    if (q.format === "csv") {
      const file = await reportFile(actorOf(c), q);
      return csvResponse(c, file.filename, file.csv);
    }
    const report = await buildReport(actorOf(c), q);
    return respond(c, tr(c)("page.reports"), <ReportsView report={report} />);
  });
};

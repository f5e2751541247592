import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { csvResponse } from "../../../shared/http/csv.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { tr } from "../../../ui/render.tsx";
import { DashboardView, ReportsView } from "./reports.view.tsx";
import { respond } from "../common/resource.pages.tsx";
import { ReportQuery } from "./reports.schemas.ts";
import { buildReport, dashboard, reportCsv } from "./reports.service.ts";
import { problems } from "../../../shared/http/problem.ts";

export const mountReportPages = (app: Hono<AppEnv>) => {
  app.get(
    "/",
    requirePermission("support.ticket.read"),
    async (c) =>
      respond(
        c,
        tr(c)("page.dashboard"),
        <DashboardView l={c.var.locale} data={await dashboard(c.var.sql)} />,
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
    const report = await buildReport(c.var.sql, q.type, q);
    if (q.format === "csv") {
      return csvResponse(c, `support-${q.type}-${report.from}-${report.to}.csv`, reportCsv(report));
    }
    return respond(c, tr(c)("page.reports"), <ReportsView l={c.var.locale} report={report} />);
  });
};

import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { csvResponse } from "../../../shared/http/csv.ts";
import { problems } from "../../../shared/http/problem.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { type C } from "../../../shared/http/pages.ts";
import { tr } from "../../../ui/kit.ts";
import { respond, supportCrumbs } from "../common/resource.pages.tsx";
import { TimeQuery } from "./time.schemas.ts";
import { timeReport, timeReportFile } from "./time.service.ts";
import { TimeReportView } from "./time.view.tsx";

function query(c: C) {
  const parsed = TimeQuery.safeParse({
    from: c.req.query("from") || undefined,
    to: c.req.query("to") || undefined,
    groupBy: c.req.query("groupBy") || undefined,
  });
  if (!parsed.success) {
    throw problems.validation(
      parsed.error.issues.map((i) => ({ path: `query.${i.path.join(".")}`, message: i.message })),
    );
  }
  return parsed.data;
}

export const mountTimePages = (app: Hono<AppEnv>) => {
  const read = requirePermission("support.report.read");
  app.get("/reports/time.csv", read, async (c) => {
    const file = await timeReportFile(actorOf(c), query(c));
    return csvResponse(c, file.filename, file.csv);
  });
  app.get("/reports/time", read, async (c) => {
    const t = tr(c);
    const report = await timeReport(actorOf(c), query(c));
    return respond(c, t("page.timeReport"), <TimeReportView report={report} />, {
      crumbs: supportCrumbs(c, { label: t("page.reports"), href: "/support/reports" }),
    });
  });
};

/**
 * Report pages for readers: the catalog (/workflow/reports), a report live with its chart,
 * table and CSV download, and its archive (snapshots by date, files in Documents).
 */
import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { csvResponse } from "../../../shared/http/csv.ts";
import { type C, type Flash, problemFlash, redirectAfterPost } from "../../../shared/http/pages.ts";
import { hasPermission, requirePermission } from "../../../shared/rbac/permissions.ts";
import { Button, Card, page, Toast, tr } from "../../../ui/kit.ts";
import { REPORT_READ, REPORT_WRITE } from "./reports.routes.ts";
import { listReports, loadReport, runSource } from "./reports.service.ts";
import { resultCsv } from "./reports.rules.ts";
import { listSnapshots, takeSnapshot } from "./reports.archive.service.ts";
import { fileSafe, stamp } from "./reports.rules.ts";
import { CATALOG, ReportCatalog, ReportResult, SnapshotTable, STUDIO } from "./reports.view.tsx";
import "./reports.messages.ts";

const canWrite = (c: C) => hasPermission(c.var.session.permissions, REPORT_WRITE);
const crumbs = (c: C) => [
  { label: tr(c)("module.workflow"), href: "/workflow" },
  { label: tr(c)("page.reportCatalog"), href: CATALOG },
];

async function catalogPage(c: C) {
  const t = tr(c);
  const { items } = await listReports(actorOf(c), c.var.locale);
  return await page(
    c,
    t("page.reportCatalog"),
    (
      <ReportCatalog reports={items} canWrite={canWrite(c)} />
    ),
    {
      crumbs: [{ label: t("module.workflow"), href: "/workflow" }],
      description: t("workflow.reports.catalogDescription"),
      actions: canWrite(c)
        ? <Button icon="plus" href={`${STUDIO}/new`}>{t("workflow.reports.new")}</Button>
        : undefined,
    },
  );
}

async function viewPage(c: C) {
  const t = tr(c);
  const id = c.req.param("id") ?? "";
  const report = await loadReport(actorOf(c), { id, l: c.var.locale });
  let body;
  try {
    const result = await runSource(actorOf(c), { source: report.source, l: c.var.locale });
    body = (
      <ReportResult
        title={report.name}
        result={result}
        chart={report.chart}
      />
    );
  } catch (err) {
    body = <Toast flash={problemFlash(err).flash} />;
  }
  return await page(c, report.name, body, {
    crumbs: crumbs(c),
    description: report.description || undefined,
    actions: (
      <>
        <Button variant="secondary" icon="download" href={`${CATALOG}/${id}/csv`}>
          {t("workflow.reports.downloadCsv")}
        </Button>
        {!report.standard && (
          <Button variant="secondary" icon="archive" href={`${CATALOG}/${id}/archive`}>
            {t("workflow.reports.archive")}
          </Button>
        )}
        {canWrite(c) && (
          <Button
            variant="ghost"
            icon={report.standard ? "copy" : "pencil"}
            href={report.standard ? `${STUDIO}/new?from=${id}` : `${STUDIO}/${id}/edit`}
          >
            {t(report.standard ? "workflow.reports.copy" : "workflow.reports.edit")}
          </Button>
        )}
      </>
    ),
  });
}

async function archivePage(c: C, flash?: Flash, status = 200) {
  const t = tr(c);
  const id = c.req.param("id") ?? "";
  const { report, items } = await listSnapshots(actorOf(c), { id, l: c.var.locale });
  return await page(
    c,
    t("workflow.reports.archiveOf", { name: report.name }),
    <>
      {flash && <Toast flash={flash} />}
      <Card>
        <p class="muted">
          {t("workflow.reports.archiveHint", {
            schedule: t(`workflow.reports.schedule.${report.schedule}`),
          })}
        </p>
      </Card>
      <SnapshotTable rows={items} />
    </>,
    {
      status: status as 200,
      crumbs: [...crumbs(c), { label: report.name, href: `${CATALOG}/${id}` }],
      actions: canWrite(c) && !report.standard
        ? (
          <form method="post" action={`${CATALOG}/${id}/archive`} class="inline">
            <Button type="submit" icon="camera">{t("workflow.reports.snapshotNow")}</Button>
          </form>
        )
        : undefined,
    },
  );
}

export function mountReportPages(app: Hono<AppEnv>) {
  app.get("/reports", requirePermission(REPORT_READ), (c) => catalogPage(c));
  app.get("/reports/:id", requirePermission(REPORT_READ), (c) => viewPage(c));
  app.get("/reports/:id/csv", requirePermission(REPORT_READ), async (c) => {
    const report = await loadReport(actorOf(c), { id: c.req.param("id"), l: c.var.locale });
    const result = await runSource(actorOf(c), { source: report.source, l: c.var.locale });
    return csvResponse(c, `${fileSafe(report.name)} ${stamp(new Date())}.csv`, resultCsv(result));
  });
  app.get("/reports/:id/archive", requirePermission(REPORT_READ), (c) => archivePage(c));
  app.post("/reports/:id/archive", requirePermission(REPORT_WRITE), async (c) => {
    const id = c.req.param("id");
    try {
      await takeSnapshot(actorOf(c), { id, l: c.var.locale });
    } catch (err) {
      const { flash, status } = problemFlash(err);
      return await archivePage(c, flash, status);
    }
    return redirectAfterPost(c, `${CATALOG}/${id}/archive`);
  });
}

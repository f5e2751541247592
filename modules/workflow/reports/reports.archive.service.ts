/**
 * The report archive: a snapshot runs the report, renders its chart to SVG on the server
 * (echarts SSR) and stores both the CSV and the SVG in Documents under
 * "Report archive/<report name>", then records the snapshot. The scheduled archive is a system
 * job per tenant that snapshots due reports; each report's row is locked (skip locked) and its
 * next run advanced in the same transaction, so a period is archived once even when several
 * instances run the job.
 */
import type { Actor } from "../../../shared/http/actor.ts";
import type { Sql } from "../../../shared/db/database.ts";
import type { Bus } from "../../../shared/realtime/bus.ts";
import type { Session, SystemJob } from "../../../shared/modules.ts";
import type { Locale } from "../../../shared/i18n/i18n.ts";
import { Problem, problems } from "../../../shared/http/problem.ts";
import { log } from "../../../shared/log.ts";
import { formatDateTime } from "../../../ui/format.ts";
import { memberLocale } from "../../../platform/identity/public.ts";
import { importFile } from "../../documents/public.ts";
import type { QueryResult } from "../queries/queries.types.lib.ts";
import {
  claimDue,
  currentTenantId,
  dueReportIds,
  findReport,
  insertSnapshot,
  type ReportRow,
  selectSnapshots,
  setNextRun,
  tenantsWithDueReports,
} from "./reports.repo.ts";
import { chartOption, fileSafe, nextRunAt, resultCsv, stamp } from "./reports.rules.ts";
import { renderChartSvg } from "./reports.chart.lib.ts";
import type { Report, Snapshot } from "./reports.schemas.ts";
import { loadReport, runSource } from "./reports.service.ts";
import { isStandardKey } from "./reports.standard.lib.ts";

export const ARCHIVE_JOB = "workflow.report-archive";
export const ARCHIVE_FOLDER = "Report archive";

/**
 * Who writes archive files into Documents: the archive itself, with the rights to create its
 * folder and files whoever asked for the snapshot (the report's readers may lack Documents
 * write access; the folder stays open to Documents readers).
 */
function archivist(actor: Actor): Actor {
  const session: Session = {
    ...actor.session,
    name: "Report archive",
    roles: ["admin"],
    permissions: ["documents.file.read", "documents.file.write"],
  };
  return { ...actor, session };
}

/** Stores one file, adding " (2)", " (3)" to the name while one with that name exists. */
async function store(actor: Actor, folderPath: string, base: string, ext: string, text: string) {
  const bytes = new TextEncoder().encode(text);
  for (let i = 1;; i++) {
    const name = `${base}${i > 1 ? ` (${i})` : ""}.${ext}`;
    try {
      return await importFile(actor, { name, folderPath, bytes });
    } catch (err) {
      if (!(err instanceof Problem && err.status === 409) || i >= 5) throw err;
    }
  }
}

/** Runs the report and archives it; returns the snapshot. */
export async function snapshot(
  actor: Actor,
  { report, l, by, now = new Date() }: {
    report: Pick<Report, "id" | "name" | "source" | "chart">;
    l: Locale;
    by: string | null;
    now?: Date;
  },
): Promise<Snapshot> {
  const result: QueryResult = await runSource(actor, { source: report.source, l });
  const writer = archivist(actor);
  const folder = `${ARCHIVE_FOLDER}/${fileSafe(report.name)}`;
  const base = `${fileSafe(report.name)} ${stamp(now)}`;
  // A BOM so spreadsheet programs read Turkish letters right (as csvResponse does).
  const csv = await store(writer, folder, base, "csv", "\uFEFF" + resultCsv(result));
  const option = chartOption(l, result, report.chart);
  const title = `${report.name} · ${formatDateTime(l, now)} UTC`;
  const svg = option
    ? await store(writer, folder, base, "svg", await renderChartSvg(option, title))
    : null;
  const id = await insertSnapshot(actor.sql, {
    reportId: report.id,
    takenAt: now,
    rowCount: result.rows.length,
    csv: csv.id,
    chart: svg?.id ?? null,
  }, by);
  return (await selectSnapshots(actor.sql, report.id, id))[0];
}

async function savedReport(actor: Actor, id: string, l: Locale): Promise<Report> {
  const report = await loadReport(actor, { id, l });
  if (isStandardKey(id)) {
    throw problems.unprocessable("Standard reports are archived through a saved copy.");
  }
  return report;
}

/** POST /reports/{id}/snapshots: archive now, as the caller. */
export async function takeSnapshot(
  actor: Actor,
  { id, l }: { id: string; l: Locale },
) {
  const report = await savedReport(actor, id, l);
  return await snapshot(actor, { report, l, by: actor.session.userId });
}

export async function listSnapshots(
  actor: Actor,
  { id, l }: { id: string; l: Locale },
) {
  const report = await loadReport(actor, { id, l });
  const items = isStandardKey(id) ? [] : await selectSnapshots(actor.sql, id);
  return { report, items };
}

type Scoped = <T>(fn: (sql: Sql) => Promise<T>) => Promise<T>;

async function systemActor(sql: Sql, bus: Bus, report: ReportRow): Promise<Actor> {
  const tenantId = await currentTenantId(sql);
  const session: Session = {
    userId: report.createdBy as string,
    tenantId,
    email: "",
    name: "Report archive",
    isOperator: false,
    tenantSlug: "",
    tenantName: "",
    roles: [],
    permissions: [],
    exp: Math.floor(Date.now() / 1000) + 3600,
    via: "bearer",
  };
  return { sql, bus, session };
}

/**
 * Archives every due report of the tenant, each in its own transaction; returns how many
 * snapshots were taken. A report that fails is logged and moved to its next period (its
 * transaction rolled back), so one broken report does not hold the others.
 * Exception to (actor, input): it takes the job's `scoped` runner to open one transaction per
 * report (the system job runs it for each tenant with due reports).
 */
export async function archiveDueReports(scoped: Scoped, bus: Bus, now = new Date()) {
  let taken = 0;
  for (const id of await scoped((sql) => dueReportIds(sql, now))) {
    try {
      const done = await scoped(async (sql) => {
        const report = await claimDue(sql, id, now);
        if (!report) return false;
        const l = report.createdBy ? await memberLocale(sql, report.createdBy) : "en";
        await snapshot(await systemActor(sql, bus, report), { report, l, by: null, now });
        await setNextRun(sql, id, nextRunAt(report.schedule, now));
        return true;
      });
      if (done) taken++;
    } catch (err) {
      log.warn("workflow report archive failed", { report: id, error: String(err) });
      await scoped(async (sql) => {
        const report = await findReport(sql, id, true);
        if (report?.nextRunAt && Date.parse(report.nextRunAt) <= now.getTime()) {
          await setNextRun(sql, id, nextRunAt(report.schedule, now));
        }
      });
    }
  }
  return taken;
}

export const reportArchiveJob: SystemJob = {
  name: ARCHIVE_JOB,
  schedule: { cron: "*/15 * * * *", perTenant: true, tenantsWithWork: tenantsWithDueReports },
  handler: (ctx) => archiveDueReports(ctx.scoped, ctx.bus).then(() => {}),
};

import type { SystemActor } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { openBySla, openByStatus, slaCompliance, teamPerformance, volume } from "./reports.repo.ts";
import { toCsv } from "../../../shared/http/csv.ts";
import type { Dashboard, Report, ReportType } from "./reports.schemas.ts";

export type { Dashboard };

const COLUMNS: Record<ReportType, string[]> = {
  status: ["status", "priority", "tickets"],
  sla: ["day", "met", "breached"],
  team: [
    "agentId",
    "agent",
    "assigned",
    "resolved",
    "medianFirstResponseMinutes",
    "medianResolutionMinutes",
  ],
  volume: ["day", "created", "resolved"],
};

/** A report as CSV: one column per report column. */
const reportCsv = (r: Report) =>
  toCsv(r.rows, r.columns.map((col) => ({ header: col, value: (row) => row[col] })));

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A report over [from, to] (dates, inclusive; default the last 30 days, at most 366). */
export async function buildReport(
  actor: SystemActor,
  input: { type: ReportType; from?: string; to?: string },
): Promise<Report> {
  const { sql } = actor;
  const { type, ...range } = input;
  const to = range.to ?? iso(Date.now());
  const from = range.from ?? iso(Date.parse(to) - 29 * DAY);
  const days = (Date.parse(to) - Date.parse(from)) / DAY;
  if (days < 0) throw problems.validation([{ path: "query.from", message: "from is after to" }]);
  if (days > 366) {
    throw problems.validation([{ path: "query.from", message: "at most 366 days" }]);
  }
  const rows = type === "status"
    ? await openByStatus(sql)
    : type === "sla"
    ? await slaCompliance(sql, from, to)
    : type === "team"
    ? await teamPerformance(sql, from, to)
    : await volume(sql, from, to);
  return { type, from, to, columns: COLUMNS[type], rows: rows.map((r) => ({ ...r })) };
}

/** The report as a CSV file: its name and its text. */
export async function reportFile(
  actor: SystemActor,
  input: { type: ReportType; from?: string; to?: string },
): Promise<{ filename: string; csv: string }> {
  const report = await buildReport(actor, input);
  return {
    filename: `support-${input.type}-${report.from}-${report.to}.csv`,
    csv: reportCsv(report),
  };
}

/** The dashboard's figures: open tickets by status, priority and SLA state, team, volume. */
export async function dashboard(actor: SystemActor): Promise<Dashboard> {
  const { sql } = actor;
  const status = await openByStatus(sql);
  const byStatus: Record<string, number> = { acik: 0, islemde: 0 };
  const byPriority: Record<string, number> = { dusuk: 0, normal: 0, yuksek: 0, kritik: 0 };
  for (const r of status) {
    byStatus[r.status as string] += r.tickets as number;
    byPriority[r.priority as string] += r.tickets as number;
  }
  const bySla = Object.fromEntries(
    (await openBySla(sql)).map((r) => [r.slaState, r.tickets]),
  ) as Record<string, number>;
  const to = iso(Date.now());
  const from = iso(Date.now() - 13 * DAY);
  return {
    open: byStatus.acik + byStatus.islemde,
    byStatus,
    byPriority,
    bySla,
    team: await buildReport(actor, { type: "team", from: iso(Date.now() - 29 * DAY), to }),
    volume: await buildReport(actor, { type: "volume", from, to }),
  };
}

/** Pure rules of reports: who may view one, archive schedules, charts, table cells and CSV. */
import { Cron } from "croner";
import type { Locale } from "../../../shared/i18n/i18n.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { formatDate, formatDateTime, formatNumber } from "../../../ui/format.ts";
import type { QueryColumn, QueryResult } from "../queries/queries.types.lib.ts";
import type { ChartSettings, Schedule } from "./reports.schemas.ts";

/** Archive runs at 06:00 UTC: every day, Mondays, or the first of the month. */
const SCHEDULE_CRON: Record<Exclude<Schedule, "none">, string> = {
  daily: "0 6 * * *",
  weekly: "0 6 * * 1",
  monthly: "0 6 1 * *",
};

/** When a report with this schedule is next archived after `from` (null: never). */
export function nextRunAt(schedule: Schedule, from: Date): Date | null {
  if (schedule === "none") return null;
  return new Cron(SCHEDULE_CRON[schedule], { timezone: "UTC" }).nextRun(from);
}

/**
 * Whether a reader sees a report: report writers see every report (they build them); others
 * when it names none of the roles, or one of theirs.
 */
export function canView(
  report: { roles: string[] },
  reader: { roles: string[]; canWrite: boolean },
): boolean {
  return reader.canWrite || report.roles.length === 0 ||
    report.roles.some((r) => reader.roles.includes(r));
}

const isNumeric = (c: QueryColumn) => c.type === "number";

/** A value as people read it in a table, a chart axis or a tooltip. */
export function cellText(l: Locale, col: QueryColumn, v: unknown, timeZone = "UTC"): string {
  if (v === null || v === undefined || v === "") {
    return col.type === "user" ? t(l, "workflow.reports.unassigned") : "—";
  }
  switch (col.type) {
    case "number":
      return Number.isFinite(Number(v)) ? formatNumber(l, Number(v), 2) : String(v);
    case "boolean":
      return t(l, v ? "workflow.reports.yes" : "workflow.reports.no");
    case "date":
      return formatDate(l, String(v), timeZone);
    case "datetime":
      return formatDateTime(l, String(v), timeZone);
    default:
      return typeof v === "object" ? JSON.stringify(v) : String(v);
  }
}

/** The columns a chart draws: x (the category) and the y series, defaults filled in. */
export function chartAxes(result: QueryResult, chart: ChartSettings) {
  const byName = new Map(result.columns.map((c) => [c.name, c]));
  const x = byName.get(chart.x ?? "") ?? result.columns.find((c) => !isNumeric(c)) ??
    result.columns[0];
  const wanted = (chart.y ?? []).map((n) => byName.get(n)).filter((c): c is QueryColumn => !!c);
  const ys = wanted.length ? wanted : result.columns.filter((c) => isNumeric(c) && c !== x);
  return { x, ys: chart.type === "pie" ? ys.slice(0, 1) : ys };
}

/** The echarts option of a report's chart, or null for a table-only report or no numbers. */
export function chartOption(
  l: Locale,
  result: QueryResult,
  chart: ChartSettings,
  timeZone = "UTC",
): Record<string, unknown> | null {
  if (chart.type === "table" || result.columns.length === 0) return null;
  const { x, ys } = chartAxes(result, chart);
  if (!x || ys.length === 0) return null;
  const labels = result.rows.map((r) => cellText(l, x, r[x.name], timeZone));
  const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v) || 0);
  if (chart.type === "pie") {
    const y = ys[0];
    return {
      tooltip: { trigger: "item" },
      series: [{
        type: "pie",
        name: y.label,
        radius: ["35%", "65%"],
        data: result.rows.map((r, i) => ({ name: labels[i], value: num(r[y.name]) })),
      }],
    };
  }
  return {
    tooltip: { trigger: "axis" },
    // One series needs no legend: the card's title names it.
    ...(ys.length === 1 ? { legend: { show: false } } : {}),
    xAxis: { type: "category", data: labels },
    yAxis: { type: "value" },
    series: ys.map((y) => ({
      name: y.label,
      type: chart.type,
      data: result.rows.map((r) => num(r[y.name])),
    })),
  };
}

/** A report name as a Documents folder or file name (no slashes or control characters). */
export function fileSafe(name: string): string {
  // deno-lint-ignore no-control-regex
  const cleaned = name.replace(/[\/\\\u0000-\u001f:*?"<>|]+/g, "-").replace(/\s+/g, " ").trim();
  return (cleaned || "Report").slice(0, 120);
}

/** "2026-11-25 06.00.00": a snapshot file's time stamp (UTC; sorts by name). */
export const stamp = (d: Date) =>
  d.toISOString().slice(0, 19).replace("T", " ").replaceAll(":", ".");

// Cells a spreadsheet would run as a formula are prefixed with ' (OWASP CSV injection advice).
const FORMULA = /^[=+\-@\t\r]/;

/** One RFC 4180 CSV cell (as shared/http/csv.ts quotes it). */
function csvCell(v: string | number | boolean | null | undefined): string {
  if (v === null || v === undefined) return "";
  let s = String(v);
  if (typeof v === "string" && FORMULA.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/**
 * The result as CSV (header row, CRLF line ends): column labels as the header, values as
 * stored (dates stay ISO).
 */
export function resultCsv(result: QueryResult): string {
  const columns = result.columns.map((c) => ({
    header: c.label,
    value: (row: Record<string, unknown>) => {
      const v = row[c.name];
      if (v === null || v === undefined) return null;
      if (v instanceof Date) return v.toISOString();
      return typeof v === "object" ? JSON.stringify(v) : v as string | number | boolean;
    },
  }));
  const lines = [columns.map((c) => csvCell(c.header)).join(",")];
  for (const row of result.rows) lines.push(columns.map((c) => csvCell(c.value(row))).join(","));
  return lines.join("\r\n") + "\r\n";
}

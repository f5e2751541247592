/**
 * The standard reports: available in every tenant, not editable, copied into the studio as a
 * saved report whose source is `{ kind: "standard", key }`.
 */
import type { SystemActor } from "../../../shared/http/actor.ts";
import type { Sql } from "../../../shared/db/database.ts";
import { type Locale, t } from "../../../shared/i18n/i18n.ts";
import type { QueryColumn, QueryResult } from "../queries/queries.types.lib.ts";
import type { ChartSettings, Report, StandardKey } from "./reports.schemas.ts";
import { STANDARD_KEYS } from "./reports.schemas.ts";
import {
  cycleTimeRows,
  overduePerUserRows,
  taskSlaRows,
  throughputRows,
} from "./reports.standard.repo.ts";

interface Standard {
  columns: [string, QueryColumn["type"]][];
  chart: ChartSettings;
  rows: (sql: Sql, now: Date) => Promise<Record<string, unknown>[]>;
}

const STANDARD: Record<StandardKey, Standard> = {
  "cycle-time": {
    columns: [["definition", "text"], ["completed", "number"], ["avgHours", "number"], [
      "medianHours",
      "number",
    ]],
    chart: { type: "bar", x: "definition", y: ["avgHours", "medianHours"] },
    rows: (sql) => cycleTimeRows(sql),
  },
  "overdue-per-user": {
    columns: [["assignee", "user"], ["overdue", "number"]],
    chart: { type: "bar", x: "assignee", y: ["overdue"] },
    rows: overduePerUserRows,
  },
  "throughput-weekly": {
    columns: [["week", "date"], ["completed", "number"]],
    chart: { type: "line", x: "week", y: ["completed"] },
    rows: (sql, now) => throughputRows(sql, now),
  },
  "task-sla": {
    columns: [["definition", "text"], ["onTime", "number"], ["late", "number"]],
    chart: { type: "bar", x: "definition", y: ["onTime", "late"] },
    rows: (sql) => taskSlaRows(sql),
  },
};

export const isStandardKey = (id: string): id is StandardKey =>
  (STANDARD_KEYS as readonly string[]).includes(id);

/** A standard report as the catalog and API show it, in the reader's language. */
export function standardReport(l: Locale, key: StandardKey): Report {
  return {
    id: key,
    standard: true,
    name: t(l, `workflow.reports.std.${key}`),
    description: t(l, `workflow.reports.std.${key}.description`),
    source: { kind: "standard", key },
    chart: STANDARD[key].chart,
    roles: [],
    schedule: "none",
    nextRunAt: null,
    createdBy: null,
    createdAt: null,
    updatedAt: null,
  };
}

export const standardReports = (l: Locale) => STANDARD_KEYS.map((k) => standardReport(l, k));

/** The chart a copy of a standard report starts with. */
export const standardChart = (key: StandardKey) => STANDARD[key].chart;

export async function runStandard(
  actor: SystemActor,
  { key, l, now = new Date() }: { key: StandardKey; l: Locale; now?: Date },
): Promise<QueryResult> {
  const { sql } = actor;
  const s = STANDARD[key];
  const columns = s.columns.map(([name, type]) => ({
    name,
    type,
    label: t(l, `workflow.reports.col.${name}`),
  }));
  return { columns, rows: await s.rows(sql, now), truncated: false };
}

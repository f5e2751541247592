/**
 * The standard reports' rows: each runs its own SQL (reports.standard.repo.ts); what they are
 * (columns, chart, name) is in reports.standard.lib.ts.
 */
import type { SystemActor } from "../../../shared/http/actor.ts";
import type { Sql } from "../../../shared/db/database.ts";
import { type Locale, textFor } from "../../../shared/i18n/i18n.ts";
import type { QueryResult } from "../queries/queries.types.lib.ts";
import type { StandardKey } from "./reports.schemas.ts";
import { STANDARD } from "./reports.standard.lib.ts";
import {
  cycleTimeRows,
  overduePerUserRows,
  taskSlaRows,
  throughputRows,
} from "./reports.standard.repo.ts";

const ROWS: Record<StandardKey, (sql: Sql, now: Date) => Promise<Record<string, unknown>[]>> = {
  "cycle-time": (sql) => cycleTimeRows(sql),
  "overdue-per-user": overduePerUserRows,
  "throughput-weekly": (sql, now) => throughputRows(sql, now),
  "task-sla": (sql) => taskSlaRows(sql),
};

export async function runStandard(
  actor: SystemActor,
  { key, l, now = new Date() }: { key: StandardKey; l: Locale; now?: Date },
): Promise<QueryResult> {
  const { sql } = actor;
  const s = STANDARD[key];
  const columns = s.columns.map(([name, type]) => ({
    name,
    type,
    label: textFor(l, `workflow.reports.col.${name}`) ?? `workflow.reports.col.${name}`,
  }));
  return { columns, rows: await ROWS[key](sql, now), truncated: false };
}

/**
 * The standard reports: available in every tenant, not editable, copied into the studio as a
 * saved report whose source is `{ kind: "standard", key }`. Their rows come from
 * reports.standard.service.ts.
 */
import { type Locale, t } from "../../../shared/i18n/i18n.ts";
import type { QueryColumn } from "../queries/queries.types.lib.ts";
import type { ChartSettings, Report, StandardKey } from "./reports.schemas.ts";
import { STANDARD_KEYS } from "./reports.schemas.ts";

interface Standard {
  columns: [string, QueryColumn["type"]][];
  chart: ChartSettings;
}

export const STANDARD: Record<StandardKey, Standard> = {
  "cycle-time": {
    columns: [["definition", "text"], ["completed", "number"], ["avgHours", "number"], [
      "medianHours",
      "number",
    ]],
    chart: { type: "bar", x: "definition", y: ["avgHours", "medianHours"] },
  },
  "overdue-per-user": {
    columns: [["assignee", "user"], ["overdue", "number"]],
    chart: { type: "bar", x: "assignee", y: ["overdue"] },
  },
  "throughput-weekly": {
    columns: [["week", "date"], ["completed", "number"]],
    chart: { type: "line", x: "week", y: ["completed"] },
  },
  "task-sla": {
    columns: [["definition", "text"], ["onTime", "number"], ["late", "number"]],
    chart: { type: "bar", x: "definition", y: ["onTime", "late"] },
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

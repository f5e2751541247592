/**
 * Pure rules of widgets: the sheet's filters turned into query filters, the drill-down query
 * for a clicked point, the KPI's previous period, CSV. Tested directly.
 */
import type { AnalyticsQuery, QueryResult } from "../query/query.types.schemas.ts";
import type { FilterQuery, RowsQuery, Widget, WidgetOptions } from "./widgets.schemas.ts";

type Filter = NonNullable<AnalyticsQuery["filters"]>[number];
type Bucket = NonNullable<NonNullable<AnalyticsQuery["fields"]>[number]["bucket"]>;

/** `field:value` pairs of the query string (a value may itself hold colons). */
export function parseWhere(where: string | string[] | undefined): [string, string][] {
  const out: [string, string][] = [];
  for (const w of [where ?? []].flat()) {
    const at = w.indexOf(":");
    if (at > 0) out.push([w.slice(0, at), w.slice(at + 1)]);
  }
  return out;
}

/** The day after an ISO date (YYYY-MM-DD), so a `to` date includes its whole day. */
export function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * The sheet's filters as query filters, only on fields the widget's source has (`known`
 * undefined: the source's fields are not known here, so every filter applies).
 */
export function sheetFilters(f: FilterQuery, known?: Set<string>): Filter[] {
  const has = (field: string) => !known || known.has(field);
  const out: Filter[] = [];
  if (f.dateField && has(f.dateField)) {
    if (f.from) out.push({ field: f.dateField, op: "gte", value: f.from });
    if (f.to) out.push({ field: f.dateField, op: "lt", value: nextDay(f.to) });
  }
  for (const [field, value] of parseWhere(f.where)) {
    if (has(field)) out.push({ field, op: "eq", value });
  }
  return out;
}

/** The widget's query with the sheet's filters added. */
export function withFilters(query: AnalyticsQuery, extra: Filter[]): AnalyticsQuery {
  return extra.length ? { ...query, filters: [...(query.filters ?? []), ...extra] } : query;
}

/** Which result columns a widget draws: its options, else the first field and aggregate. */
export function mapping(widget: Pick<Widget, "query" | "options">) {
  const q = widget.query as AnalyticsQuery;
  const o: WidgetOptions = widget.options;
  const fields = q.fields ?? [];
  const name = (i: number) => fields[i] ? fields[i].as ?? fields[i].field : undefined;
  return {
    category: o.category ?? name(0),
    series: o.series ?? name(1),
    value: o.value ?? q.aggregates?.[0]?.as,
  };
}

/** The first day after a time bucket that starts on `start` (YYYY-MM-DD…). */
export function bucketEnd(start: string, bucket: Bucket): string {
  const d = new Date(`${start.slice(0, 10)}T00:00:00Z`);
  if (bucket === "day") d.setUTCDate(d.getUTCDate() + 1);
  else if (bucket === "week") d.setUTCDate(d.getUTCDate() + 7);
  else if (bucket === "month") d.setUTCMonth(d.getUTCMonth() + 1);
  else if (bucket === "quarter") d.setUTCMonth(d.getUTCMonth() + 3);
  else d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d.toISOString().slice(0, 10);
}

/** The filter that selects the rows behind one value of a grouping field (bucket or not). */
function pointFilter(
  field: { field: string; bucket?: Bucket } | undefined,
  value: string | undefined,
): Filter[] {
  if (!field || value === undefined) return [];
  if (field.bucket && /^\d{4}-\d{2}-\d{2}/.test(value)) {
    const start = value.slice(0, 10);
    return [
      { field: field.field, op: "gte", value: start },
      { field: field.field, op: "lt", value: bucketEnd(start, field.bucket) },
    ];
  }
  return [
    value === "" ? { field: field.field, op: "isNull" } : {
      field: field.field,
      op: "eq",
      value,
    },
  ];
}

/**
 * The drill-down: the rows behind a point — the widget's own filters, the sheet's, and the
 * clicked category (and series) as filters; no grouping, no aggregates.
 */
export function drillQuery(
  query: AnalyticsQuery,
  extra: Filter[],
  point: Pick<RowsQuery, "point" | "series">,
  limit = 200,
): AnalyticsQuery {
  const fields = query.fields ?? [];
  return {
    source: query.source,
    joins: query.joins,
    filters: [
      ...(query.filters ?? []),
      ...extra,
      ...pointFilter(fields[0], point.point),
      ...pointFilter(fields[1], point.series),
    ],
    limit,
  };
}

/** KPI: the same value over the last `days` days and over the `days` before them. */
export function kpiPeriods(field: string, days: number, today = new Date()) {
  const day = (offset: number) => {
    const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
    d.setUTCDate(d.getUTCDate() + offset);
    return d.toISOString().slice(0, 10);
  };
  const end = day(1), middle = day(1 - days), start = day(1 - 2 * days);
  return {
    current: [
      { field, op: "gte", value: middle },
      { field, op: "lt", value: end },
    ] as Filter[],
    previous: [
      { field, op: "gte", value: start },
      { field, op: "lt", value: middle },
    ] as Filter[],
  };
}

/** Change in percent from `previous` to `value` (null when there is nothing to compare). */
export function change(value: number | null, previous: number | null): number | null {
  if (value === null || previous === null || previous === 0) return null;
  return Math.round(((value - previous) / Math.abs(previous)) * 1000) / 10;
}

export const toNumber = (v: unknown): number | null => {
  if (v === null || v === undefined || v === "") return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};

/** RFC 4180 CSV, header row = column labels; cells that a spreadsheet would run are quoted. */
export function toCsv(result: Pick<QueryResult, "columns" | "rows">): string {
  const cell = (v: unknown) => {
    let s = v === null || v === undefined
      ? ""
      : v instanceof Date
      ? v.toISOString()
      : typeof v === "object"
      ? JSON.stringify(v)
      : String(v);
    // A leading = + - @ makes spreadsheets evaluate the cell (CSV injection).
    if (/^[=+\-@\t\r]/.test(s) && !/^-?\d/.test(s)) s = `'${s}`;
    return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
  };
  const lines = [result.columns.map((c) => cell(c.label)).join(",")];
  for (const r of result.rows) lines.push(result.columns.map((c) => cell(r[c.name])).join(","));
  return lines.join("\r\n") + "\r\n";
}

/** A widget's place for a new widget: below everything on the sheet. */
export function nextY(places: { y: number; h: number }[]): number {
  return places.reduce((max, p) => Math.max(max, p.y + p.h), 0);
}

/**
 * A query result as ECharts-ready series (pure): the first non-measure column is the category
 * axis; with two of them and one measure the second splits the measure into one series per
 * value (a stacked or grouped chart), otherwise each measure is a series. Coded values and
 * yes/no show as their labels.
 */
import { t } from "../../../shared/i18n/i18n.ts";
import type { QueryResult, ResultColumn } from "./query.types.schemas.ts";
import "./query.messages.ts";

export interface SeriesResult {
  columns: ResultColumn[];
  truncated: boolean;
  categories: string[];
  series: { name: string; data: (number | null)[] }[];
}

export function valueLabel(col: ResultColumn, v: unknown, locale = "en"): string {
  if (v === null || v === undefined) return "—";
  if (col.values) return col.values.find((x) => x.value === v)?.label ?? String(v);
  if (col.type === "boolean") return t(locale, v ? "analytics.yes" : "analytics.no");
  return String(v);
}

const num = (v: unknown) => {
  const n = typeof v === "number" ? v : typeof v === "string" ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
};

export function toSeries(result: QueryResult, locale = "en"): SeriesResult {
  const { columns, rows, truncated } = result;
  const measures = columns.filter((c) => c.type === "number");
  const dims = columns.filter((c) => c.type !== "number");
  const cat = dims[0];
  const catOf = (r: Record<string, unknown>) => cat ? valueLabel(cat, r[cat.name], locale) : "";
  const categories = [...new Set(rows.map(catOf))];
  if (dims.length >= 2 && measures.length === 1) {
    const split = dims[1];
    const m = measures[0];
    const names = [...new Set(rows.map((r) => valueLabel(split, r[split.name], locale)))];
    const series = names.map((name) => {
      const data = categories.map(() => null as number | null);
      for (const r of rows) {
        if (valueLabel(split, r[split.name], locale) !== name) continue;
        const i = categories.indexOf(catOf(r));
        data[i] = (data[i] ?? 0) + (num(r[m.name]) ?? 0);
      }
      return { name, data };
    });
    return { columns, truncated, categories, series };
  }
  const series = measures.map((m) => {
    const data = categories.map(() => null as number | null);
    for (const r of rows) {
      const i = categories.indexOf(catOf(r));
      const v = num(r[m.name]);
      if (v !== null) data[i] = (data[i] ?? 0) + v;
    }
    return { name: m.label, data };
  });
  return { columns, truncated, categories, series };
}

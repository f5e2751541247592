/**
 * The studio's form ↔ a report input. Pure: the page reads the form, this shapes it, zod
 * (ReportInput) checks it. Lists travel as comma-separated text; filters and aggregates as
 * rows of parallel fields.
 */
import type { Form } from "../../../shared/http/pages.ts";
import type { QueryDefinition } from "../queries/queries.types.lib.ts";
import { STANDARD_KEYS } from "./reports.schemas.ts";
import type { Report, ReportSource } from "./reports.schemas.ts";

export const FILTER_ROWS = 3;
export const AGGREGATE_ROWS = 3;

const one = (v: string | string[] | undefined) =>
  (Array.isArray(v) ? String(v[0] ?? "") : String(v ?? "")).trim();
const all = (v: string | string[] | undefined, n: number) => {
  const list = Array.isArray(v) ? v : v === undefined ? [] : [v];
  return Array.from({ length: n }, (_, i) => String(list[i] ?? "").trim());
};
export const splitList = (text: string) => text.split(",").map((s) => s.trim()).filter(Boolean);

/** "12" → 12, "true" → true, otherwise the text (the query layer checks against the field). */
function typedValue(text: string): unknown {
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  if (text === "true" || text === "false") return text === "true";
  return text;
}

function params(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const line of text.split(/\r?\n/)) {
    const at = line.indexOf("=");
    if (at > 0) out[line.slice(0, at).trim()] = typedValue(line.slice(at + 1).trim());
  }
  return out;
}

function definition(form: Form): QueryDefinition {
  const def: QueryDefinition = {};
  const columns = splitList(one(form.columns));
  if (columns.length) def.columns = columns;
  const groupBy = splitList(one(form.groupBy));
  if (groupBy.length) def.groupBy = groupBy;
  const [fields, ops, values] = [form.filterField, form.filterOp, form.filterValue].map((v) =>
    all(v, FILTER_ROWS)
  );
  const filters = fields.flatMap((field, i) => {
    if (!field) return [];
    const op = ops[i] || "eq";
    const text = values[i];
    const value = op === "isEmpty" || op === "isNotEmpty"
      ? undefined
      : op === "in"
      ? splitList(text).map(typedValue)
      : typedValue(text);
    return [{ field, op, ...(value === undefined ? {} : { value }) }];
  });
  if (filters.length) def.filters = filters as QueryDefinition["filters"];
  const [fns, aggFields, names] = [form.aggFn, form.aggField, form.aggAs].map((v) =>
    all(v, AGGREGATE_ROWS)
  );
  const aggregates = fns.flatMap((fn, i) =>
    fn
      ? [{ fn, ...(aggFields[i] ? { field: aggFields[i] } : {}), as: names[i] || `${fn}${i + 1}` }]
      : []
  );
  if (aggregates.length) def.aggregates = aggregates as QueryDefinition["aggregates"];
  const sortField = one(form.sortField);
  if (sortField) {
    def.sort = [{ field: sortField, dir: one(form.sortDir) === "desc" ? "desc" : "asc" }];
  }
  const limit = Number(one(form.limit));
  if (one(form.limit) !== "" && Number.isFinite(limit)) def.limit = limit;
  return def;
}

/** The report source the form describes. */
export function sourceOf(form: Form): ReportSource {
  const kind = one(form.source);
  if (kind.startsWith("standard:")) {
    return { kind: "standard", key: kind.slice(9) as typeof STANDARD_KEYS[number] };
  }
  if (kind === "query") {
    return { kind: "query", query: one(form.query), params: params(one(form.params)) };
  }
  return {
    kind: "adhoc",
    source: kind as "instances",
    ...(one(form.model) ? { model: one(form.model) } : {}),
    definition: definition(form),
  };
}

/** The whole input (unchecked: ReportInput.safeParse checks it). */
export function inputOf(form: Form) {
  const roles = form.roles === undefined ? [] : [form.roles].flat().map(String);
  return {
    name: one(form.name),
    description: one(form.description),
    source: sourceOf(form),
    chart: {
      type: one(form.chartType) || "table",
      ...(one(form.chartX) ? { x: one(form.chartX) } : {}),
      ...(splitList(one(form.chartY)).length ? { y: splitList(one(form.chartY)) } : {}),
    },
    roles,
    schedule: one(form.schedule) || "none",
  };
}

/** The form's values for a report (editing, or a copy of a standard report). */
export function formOf(
  r: Pick<Report, "name" | "description" | "source" | "chart" | "roles" | "schedule">,
) {
  const s = r.source;
  const def = s.kind === "adhoc" ? s.definition : {};
  return {
    name: r.name,
    description: r.description,
    source: s.kind === "standard" ? `standard:${s.key}` : s.kind === "query" ? "query" : s.source,
    model: s.kind === "adhoc" ? s.model ?? "" : "",
    query: s.kind === "query" ? s.query : "",
    params: s.kind === "query"
      ? Object.entries(s.params).map(([k, v]) => `${k}=${String(v)}`).join("\n")
      : "",
    columns: (def.columns ?? []).join(", "),
    groupBy: (def.groupBy ?? []).join(", "),
    filters: def.filters ?? [],
    aggregates: def.aggregates ?? [],
    sortField: def.sort?.[0]?.field ?? "",
    sortDir: def.sort?.[0]?.dir ?? "asc",
    limit: def.limit ? String(def.limit) : "",
    chartType: r.chart.type,
    chartX: r.chart.x ?? "",
    chartY: (r.chart.y ?? []).join(", "),
    roles: r.roles,
    schedule: r.schedule,
  };
}
export type StudioForm = ReturnType<typeof formOf>;

/**
 * The widget builder's form as data: the source choice written as one select value, the
 * operators a field's type allows, and the form turned into a widget input (or field errors).
 * Pure: the service supplies the chosen source's fields.
 */
import type { FieldError } from "../../../shared/http/problem.ts";
import type { FilterOp } from "../query/query.types.schemas.ts";
import { CHART_TYPES, type ChartType, type Widget } from "./widgets.schemas.ts";

export type FieldType = "text" | "number" | "boolean" | "date" | "datetime";
/** A field the picker offers; `join` is the relation that brings it (a table's related field). */
export interface BuilderField {
  name: string;
  label: string;
  type: FieldType;
  join?: string;
  /** The group label (the related table's name) in the pickers. */
  group?: string;
}

/** What the source select's value names; an external source's table comes separately. */
export type Choice =
  | { kind: "dataset"; name: string }
  | { kind: "table"; id: string }
  | { kind: "external"; sourceId: string; schema?: string; table?: string }
  | { kind: "question"; id: string };

export interface Option {
  value: string;
  label: string;
}
/** The sources the dialog offers, by kind. */
export interface SourceGroups {
  datasets: Option[];
  tables: Option[];
  externals: Option[];
  questions: Option[];
}
/** A chosen source: what the widget stores and the fields the pickers offer. */
export interface SourceDetail {
  choice: Choice;
  /** The widget's source object, once a table is chosen on an external source. */
  source: Record<string, unknown> | null;
  fields: BuilderField[];
  /** An external source's tables by schema (value: tableValue). */
  tables?: { schema: string; tables: Option[] }[];
}

export const BUCKETS = ["day", "week", "month", "quarter", "year"] as const;
export const MEASURES = ["count", "countDistinct", "sum", "avg", "min", "max"] as const;
export type Measure = typeof MEASURES[number];
/** Filter rows the form shows at most. */
export const MAX_FILTERS = 3;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const OPS_BY_TYPE: Record<FieldType, FilterOp[]> = {
  text: ["eq", "ne", "contains", "in", "isNull", "notNull"],
  number: ["eq", "ne", "lt", "lte", "gt", "gte", "isNull", "notNull"],
  date: ["eq", "lt", "lte", "gt", "gte", "isNull", "notNull"],
  datetime: ["lt", "lte", "gt", "gte", "isNull", "notNull"],
  boolean: ["eq", "isNull", "notNull"],
};
export const isDate = (t: FieldType) => t === "date" || t === "datetime";
/** sum, avg, min and max read numbers; count distinct any field; count none. */
export const measureTakes = (fn: Measure, f: BuilderField) =>
  fn === "countDistinct" ? true : fn === "count" ? false : f.type === "number";

export function choiceValue(c: Choice): string {
  if (c.kind === "dataset") return `dataset:${c.name}`;
  if (c.kind === "external") return `external:${c.sourceId}`;
  return `${c.kind}:${c.id}`;
}

/** The external table picker's value: schema and table, either may hold any character. */
export const tableValue = (schema: string, table: string) => JSON.stringify([schema, table]);

export function parseChoice(source: string, extTable = ""): Choice | null {
  const at = source.indexOf(":");
  const kind = source.slice(0, at), rest = source.slice(at + 1);
  if (at < 0 || !rest) return null;
  if (kind === "dataset") return /^[a-z_][a-z0-9_]{0,99}$/.test(rest) ? { kind, name: rest } : null;
  if (!UUID.test(rest)) return null;
  if (kind === "table" || kind === "question") return { kind, id: rest };
  if (kind !== "external") return null;
  try {
    const v = extTable ? JSON.parse(extTable) : null;
    if (Array.isArray(v) && v.length === 2 && v.every((x) => typeof x === "string") && v[1]) {
      return { kind, sourceId: rest, schema: v[0] || undefined, table: v[1] };
    }
  } catch { /* an edited value: no table chosen */ }
  return { kind, sourceId: rest };
}

/** The widget's source as the choice the form shows (editing). */
export function choiceOf(w: Widget): { source: string; extTable: string } {
  const s = w.query.source as Record<string, string>;
  if (s.kind === "external") {
    return { source: `external:${s.sourceId}`, extTable: tableValue(s.schema ?? "", s.table) };
  }
  return { source: s.kind === "dataset" ? `dataset:${s.name}` : `${s.kind}:${s.id}`, extTable: "" };
}

/** The builder's inputs, as the form posts them (and as editing fills them in). */
export interface BuilderState {
  title: string;
  chartType: string;
  source: string;
  extTable: string;
  group: string;
  bucket: string;
  fn: string;
  measure: string;
  filters: { field: string; op: string; value: string }[];
}

type Form = Record<string, string | string[] | File>;
const one = (v: Form[string] | undefined) =>
  typeof v === "string" ? v : Array.isArray(v) ? String(v[0] ?? "") : "";

export function stateOf(form: Form): BuilderState {
  const filters = Array.from({ length: MAX_FILTERS }, (_, i) => ({
    field: one(form[`filter${i}Field`]),
    op: one(form[`filter${i}Op`]),
    value: one(form[`filter${i}Value`]),
  }));
  return {
    title: one(form.title),
    chartType: one(form.chartType),
    source: one(form.source),
    extTable: one(form.extTable),
    group: one(form.group),
    bucket: one(form.bucket),
    fn: one(form.fn) || "count",
    measure: one(form.measure),
    filters,
  };
}

/** A stored widget as the builder's inputs. */
export function stateOfWidget(w: Widget): BuilderState {
  const q = w.query;
  const g = q.fields?.[0], a = q.aggregates?.[0];
  return {
    title: w.title,
    chartType: w.chartType,
    ...choiceOf(w),
    group: g?.field ?? "",
    bucket: g?.bucket ?? "",
    fn: a?.fn ?? "count",
    measure: a?.field ?? "",
    filters: (q.filters ?? []).slice(0, MAX_FILTERS).map((f) => ({
      field: f.field,
      op: f.op,
      value: Array.isArray(f.value) ? f.value.join(", ") : f.value == null ? "" : String(f.value),
    })),
  };
}

function filterValue(type: FieldType, op: FilterOp, raw: string): unknown {
  if (op === "isNull" || op === "notNull") return undefined;
  if (op === "in") return raw.split(",").map((s) => s.trim()).filter(Boolean);
  if (type === "number") return Number(raw);
  if (type === "boolean") return raw === "true";
  return raw;
}

export interface Built {
  title: string;
  chartType: ChartType;
  query: {
    source: Record<string, unknown>;
    fields?: { field: string; as: string; bucket?: (typeof BUCKETS)[number] }[];
    aggregates: { fn: Measure; as: string; field?: string }[];
    filters?: { field: string; op: FilterOp; value?: unknown }[];
    sort?: { field: string; dir: "asc" | "desc" }[];
    limit: number;
    joins?: string[];
  };
  options: Record<string, unknown>;
  w: number;
  h: number;
}

/** The form as a widget (size for a new one), or every field error at once. */
export function buildWidget(
  s: BuilderState,
  source: Record<string, unknown>,
  fields: BuilderField[],
): { ok: true; value: Built } | { ok: false; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const byName = new Map(fields.map((f) => [f.name, f]));
  const chartType = (CHART_TYPES as readonly string[]).includes(s.chartType)
    ? s.chartType as ChartType
    : "bar";
  if (!s.title.trim()) errors.push({ path: "title", message: "Give the widget a title." });
  const single = chartType === "kpi" || chartType === "gauge";
  const group = single ? undefined : s.group ? byName.get(s.group) : undefined;
  if (!single && s.group && !group) {
    errors.push({ path: "group", message: "Choose a field of the source." });
  }
  const bucket = (BUCKETS as readonly string[]).includes(s.bucket) ? s.bucket : "";
  if (group && bucket && !isDate(group.type)) {
    errors.push({ path: "bucket", message: "Time buckets need a date field." });
  }
  const fn = (MEASURES as readonly string[]).includes(s.fn) ? s.fn as Measure : null;
  if (!fn) errors.push({ path: "fn", message: "Choose a measure." });
  const measure = fn && fn !== "count" ? byName.get(s.measure) : undefined;
  if (fn && fn !== "count" && (!measure || !measureTakes(fn, measure))) {
    errors.push({
      path: "measure",
      message: fn === "countDistinct" ? "Choose a field to count." : "Choose a number field.",
    });
  }
  const filters: NonNullable<Built["query"]["filters"]> = [];
  s.filters.forEach((f, i) => {
    if (!f.field) return;
    const field = byName.get(f.field);
    const op = f.op as FilterOp;
    if (!field) return errors.push({ path: `filter${i}Field`, message: "Choose a field." });
    if (!OPS_BY_TYPE[field.type].includes(op)) {
      return errors.push({ path: `filter${i}Op`, message: "Choose a condition for this field." });
    }
    const value = filterValue(field.type, op, f.value.trim());
    const needs = op !== "isNull" && op !== "notNull";
    if (
      needs && (f.value.trim() === "" || (typeof value === "number" && !Number.isFinite(value)))
    ) {
      return errors.push({ path: `filter${i}Value`, message: "Enter a value." });
    }
    filters.push({ field: field.name, op, ...(needs ? { value } : {}) });
  });
  if (errors.length || !fn) return { ok: false, errors };
  const used = [group, measure, ...filters.map((f) => byName.get(f.field))];
  const joins = [...new Set(used.flatMap((f) => f?.join ? [f.join] : []))];
  const dateField = fields.find((f) => f.name === "created_at" && isDate(f.type));
  return {
    ok: true,
    value: {
      title: s.title.trim(),
      chartType,
      query: {
        source,
        ...(group
          ? {
            fields: [{
              field: group.name,
              as: "category",
              ...(bucket ? { bucket: bucket as (typeof BUCKETS)[number] } : {}),
            }],
            sort: [{ field: bucket ? "category" : "value", dir: bucket ? "asc" : "desc" }],
          }
          : {}),
        aggregates: [{ fn, as: "value", ...(measure ? { field: measure.name } : {}) }],
        ...(filters.length ? { filters } : {}),
        ...(joins.length ? { joins } : {}),
        limit: 100,
      },
      options: chartType === "kpi" && dateField
        ? { trendField: dateField.name, trendDays: 30 }
        : {},
      w: single ? 3 : 6,
      h: chartType === "kpi" ? 2 : 4,
    },
  };
}

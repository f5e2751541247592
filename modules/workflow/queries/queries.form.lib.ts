/**
 * The builder's form ↔ a saved query's input. Pure: rows of parallel fields (filters,
 * parameters, groups, aggregates) become the definition; empty rows are skipped. The compiler
 * checks what comes out, so this only shapes it.
 */
import type { Form } from "../../../shared/http/pages.ts";
import type { QueryDefinition, QuerySource } from "./queries.types.lib.ts";
import type { ParamDef, ParamType } from "./queries.rules.ts";
import { QUERY_SOURCES } from "./queries.schemas.ts";

export const FILTER_ROWS = 4;
export const PARAM_ROWS = 3;
export const GROUP_ROWS = 2;
export const AGG_ROWS = 3;

const one = (v: string | string[] | undefined) =>
  (Array.isArray(v) ? String(v[0] ?? "") : String(v ?? "")).trim();
const rows = (v: string | string[] | undefined): string[] =>
  (Array.isArray(v) ? v : v === undefined ? [] : [v]).map((s) => String(s).trim());
const at = (list: string[], i: number) => list[i] ?? "";

export interface BuilderValue {
  key: string;
  name: string;
  description: string;
  source: QuerySource;
  model: string;
  definition: QueryDefinition;
  params: ParamDef[];
  /** Values the preview runs with, by parameter name. */
  test: Record<string, string>;
}

export function sourceOf(text: string): QuerySource {
  return (QUERY_SOURCES as readonly string[]).includes(text) ? text as QuerySource : "records";
}

function definitionOf(form: Form): QueryDefinition {
  const d: QueryDefinition = {};
  const [fields, ops, values] = [form.filterField, form.filterOp, form.filterValue].map(rows);
  const filters = fields.flatMap((field, i) => {
    if (!field) return [];
    const op = at(ops, i) || "eq";
    if (op === "isEmpty" || op === "isNotEmpty") return [{ field, op }];
    return [{ field, op, value: at(values, i) }];
  });
  if (filters.length) d.filters = filters as QueryDefinition["filters"];
  const columns = rows(form.columns).filter(Boolean);
  if (columns.length) d.columns = columns;
  const [gFields, gBuckets] = [form.groupField, form.groupBucket].map(rows);
  const groupBy = gFields.flatMap((g, i) =>
    g ? [at(gBuckets, i) ? `${g}:${at(gBuckets, i)}` : g] : []
  );
  if (groupBy.length) d.groupBy = groupBy;
  const [fns, aFields, names] = [form.aggFn, form.aggField, form.aggAs].map(rows);
  const aggregates = fns.flatMap((fn, i) =>
    fn ? [{ fn, ...(at(aFields, i) ? { field: at(aFields, i) } : {}), as: at(names, i) || fn }] : []
  );
  if (aggregates.length) d.aggregates = aggregates as QueryDefinition["aggregates"];
  const sortField = one(form.sortField);
  if (sortField) {
    d.sort = [{ field: sortField, dir: one(form.sortDir) === "desc" ? "desc" : "asc" }];
  }
  const limit = Number(one(form.limit));
  if (one(form.limit) !== "" && Number.isInteger(limit)) d.limit = limit;
  return d;
}

const PARAM_TYPES: ParamType[] = ["text", "number", "boolean", "date"];

/** The builder's values from a posted form. */
export function valueOf(form: Form): BuilderValue {
  const [names, labels, types, required, defaults, tests] = [
    form.paramName,
    form.paramLabel,
    form.paramType,
    form.paramRequired,
    form.paramDefault,
    form.paramTest,
  ].map(rows);
  const params: ParamDef[] = [];
  const test: Record<string, string> = {};
  names.forEach((name, i) => {
    if (!name) return;
    const type = PARAM_TYPES.find((p) => p === at(types, i)) ?? "text";
    params.push({
      name,
      label: at(labels, i) || name,
      type,
      required: at(required, i) === "yes",
      ...(at(defaults, i) ? { default: at(defaults, i) } : {}),
    });
    if (at(tests, i)) test[name] = at(tests, i);
  });
  return {
    key: one(form.key),
    name: one(form.name),
    description: one(form.description),
    source: sourceOf(one(form.source)),
    model: one(form.model),
    definition: definitionOf(form),
    params,
    test,
  };
}

/** A filter's value as the builder shows it (`{name}` for a parameter). */
export function filterText(f: { value?: unknown; param?: string }): string {
  if (f.param) return `{${f.param}}`;
  if (f.value === undefined || f.value === null) return "";
  return Array.isArray(f.value) ? f.value.join(", ") : String(f.value);
}

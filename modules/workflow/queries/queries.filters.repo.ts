/**
 * Filters of a data query: which comparisons each field type takes, and each one as SQL with
 * its value a bind parameter (cast to the field's type, so PostgreSQL compares like with like).
 */
import { type RawBuilder, sql } from "kysely";
import type { FieldError } from "../../../shared/http/problem.ts";
import type { QueryDefinition } from "./queries.types.lib.ts";
import type { FieldSpec } from "./queries.fields.repo.ts";
import type { FieldType } from "./queries.types.lib.ts";
import { coerce, likeEscape, opsFor, paramRef } from "./queries.rules.ts";

const CAST: Record<FieldType, string> = {
  text: "text",
  enum: "text",
  user: "text",
  number: "numeric",
  boolean: "boolean",
  date: "date",
  datetime: "timestamptz",
};
const COMPARE: Record<string, string> = { lt: "<", lte: "<=", gt: ">", gte: ">=" };

export type Where = RawBuilder<unknown>;

function filterSql(
  spec: FieldSpec,
  op: string,
  value: unknown,
  path: string,
  errors: FieldError[],
): Where | null {
  const e = spec.expr;
  if (op === "isEmpty" || op === "isNotEmpty") {
    const empty = spec.type === "text" || spec.type === "enum" || spec.type === "user"
      ? sql`coalesce(${e}::text, '') = ''`
      : sql`${e} is null`;
    return op === "isEmpty" ? empty : sql`not (${empty})`;
  }
  const cast = sql.raw(CAST[spec.type]);
  const one = (v: unknown): unknown => {
    // An enum value may be given by its label, as people see it (the builder shows labels).
    const byLabel = spec.values?.find((x) =>
      typeof v === "string" && x.value !== v &&
      x.label.toLocaleLowerCase("tr") === v.trim().toLocaleLowerCase("tr")
    );
    const c = coerce(spec.type, byLabel ? byLabel.value : v);
    if ("error" in c) {
      errors.push({ path, message: `The value for ${spec.label} ${c.error}.` });
      return null;
    }
    return c.value;
  };
  if (op === "in") {
    const list = Array.isArray(value)
      ? value
      : typeof value === "string"
      ? value.split(",").map((s) => s.trim()).filter(Boolean)
      : [value];
    if (!list.length || list.length > 100) {
      errors.push({ path, message: "A list of 1 to 100 values is needed." });
      return null;
    }
    return sql`${e} in (${sql.join(list.map((v) => sql`${one(v)}::${cast}`))})`;
  }
  const v = one(value);
  if (v === null) return null;
  switch (op) {
    case "eq":
      return sql`${e} = ${v}::${cast}`;
    case "ne":
      return sql`${e} is distinct from ${v}::${cast}`;
    case "contains":
      return sql`${e} ilike ${`%${likeEscape(String(v))}%`}::text`;
    case "startsWith":
      return sql`${e} ilike ${`${likeEscape(String(v))}%`}::text`;
    default:
      return sql`${e} ${sql.raw(COMPARE[op])} ${v}::${cast}`;
  }
}

/** The definition's filters as SQL conditions; faults are collected into `errors`. */
export function filters(
  input: {
    definition: QueryDefinition;
    fields: Map<string, FieldSpec>;
    params: Map<string, unknown>;
    declared: Set<string>;
  },
  errors: FieldError[],
): Where[] {
  const out: Where[] = [];
  (input.definition.filters ?? []).forEach((f, i) => {
    const path = `definition.filters.${i}`;
    const spec = input.fields.get(f.field);
    if (!spec) return errors.push({ path: `${path}.field`, message: `Unknown field ${f.field}.` });
    if (!opsFor(spec.type).includes(f.op)) {
      return errors.push({
        path: `${path}.op`,
        message: `The comparison ${f.op} does not apply to ${spec.label}.`,
      });
    }
    let value = f.value;
    const name = f.op === "isEmpty" || f.op === "isNotEmpty" ? null : paramRef(f);
    if (name) {
      if (input.params.has(name)) value = input.params.get(name);
      else if (input.declared.has(name)) return; // optional and not given: no filter
      else return errors.push({ path: `${path}.param`, message: `Unknown parameter ${name}.` });
    } else if (value === undefined && f.op !== "isEmpty" && f.op !== "isNotEmpty") {
      return errors.push({
        path: `${path}.value`,
        message: `A value for ${spec.label} is needed.`,
      });
    }
    const w = filterSql(spec, f.op, value, `${path}.value`, errors);
    if (w) out.push(w);
  });
  return out;
}

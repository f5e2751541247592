/**
 * One filter of an analytics query as SQL: the comparison from a fixed list, the value coerced
 * to the field's type and sent as a bind parameter (cast in PostgreSQL so it compares like with
 * like; MySQL converts on its own).
 */
import { type RawBuilder, sql } from "kysely";
import type { FieldError } from "../../../shared/http/problem.ts";
import type { AnalyticsQuery, ResultColumn } from "./query.types.schemas.ts";
import { coerce, type FieldType, likeEscape } from "./query.values.lib.ts";
import { FILTER_OPS, opsFor } from "./query.filters.lib.ts";

type Dialect = "postgres" | "mysql";
type Filter = NonNullable<AnalyticsQuery["filters"]>[number];

const PG_CAST: Record<FieldType, string> = {
  text: "text",
  number: "float8",
  boolean: "boolean",
  date: "date",
  datetime: "timestamptz",
};
const COMPARE: Record<string, string> = { lt: "<", lte: "<=", gt: ">", gte: ">=" };

export function filterSql(
  dialect: Dialect,
  spec: ResultColumn,
  e: RawBuilder<unknown>,
  f: Filter,
  path: string,
  errors: FieldError[],
): RawBuilder<unknown> | null {
  if (!FILTER_OPS.includes(f.op)) {
    errors.push({ path: `${path}.op`, message: `Unknown comparison ${f.op}.` });
    return null;
  }
  if (!opsFor(spec.type).includes(f.op)) {
    errors.push({
      path: `${path}.op`,
      message: `The comparison ${f.op} does not apply to ${spec.label}.`,
    });
    return null;
  }
  if (f.op === "isNull") return sql`${e} is null`;
  if (f.op === "notNull") return sql`${e} is not null`;
  let failed = false;
  const one = (v: unknown) => {
    const c = coerce(spec.type, v);
    if ("error" in c) {
      failed = true;
      errors.push({ path: `${path}.value`, message: `The value for ${spec.label} ${c.error}.` });
      return sql`null`;
    }
    return dialect === "postgres"
      ? sql`${c.value}::${sql.raw(PG_CAST[spec.type])}`
      : sql`${c.value}`;
  };
  const list = (n?: number) => {
    const xs = Array.isArray(f.value) ? f.value : null;
    if (!xs || !xs.length || xs.length > 500 || (n !== undefined && xs.length !== n)) {
      failed = true;
      errors.push({
        path: `${path}.value`,
        message: n ? `Give ${n} values.` : "Give a list of 1 to 500 values.",
      });
      return [];
    }
    return xs.map(one);
  };
  let out: RawBuilder<unknown>;
  switch (f.op) {
    case "in":
      out = sql`${e} in (${sql.join(list())})`;
      break;
    case "between": {
      const [lo, hi] = list(2);
      out = sql`${e} between ${lo} and ${hi}`;
      break;
    }
    case "contains": {
      const pattern = `%${likeEscape(String(f.value ?? ""))}%`;
      out = dialect === "postgres"
        ? sql`${e}::text ilike ${pattern}::text`
        : sql`${e} like ${pattern}`;
      break;
    }
    case "eq":
      out = sql`${e} = ${one(f.value)}`;
      break;
    case "ne":
      out = dialect === "postgres"
        ? sql`${e} is distinct from ${one(f.value)}`
        : sql`not (${e} <=> ${one(f.value)})`;
      break;
    default:
      out = sql`${e} ${sql.raw(COMPARE[f.op])} ${one(f.value)}`;
  }
  return failed ? null : out;
}

/**
 * A saved question's SQL as kysely fragments (compile only — a DummyDriver can never run
 * anything): the text between placeholders stays as the author wrote it, and each placeholder
 * becomes a bind parameter with its declared type ($n::type in PostgreSQL, ? in MySQL), so a
 * value is never SQL text. The tenant's tables are offered by name as CTEs over
 * analytics_q.table_rows, their columns typed as the table declares them.
 */
import { type RawBuilder, sql } from "kysely";
import { dialects } from "../sources/sources.compile.repo.ts";
import type { Dialect, ParamDecl, Template } from "./questions.rules.ts";
import { PG_CAST } from "./questions.rules.ts";

export type Value = string | number | boolean | null;

/** The question's SQL with its values bound: a fragment to run or to wrap. */
export function questionSql(
  dialect: Dialect,
  t: Template,
  decls: ParamDecl[],
  values: Map<string, Value>,
): RawBuilder<unknown> {
  const types = new Map(decls.map((d) => [d.name, d.type]));
  const pieces: RawBuilder<unknown>[] = [sql.raw(t.parts[0])];
  t.names.forEach((name, i) => {
    const v = values.get(name) ?? null;
    const type = types.get(name) ?? "text";
    pieces.push(
      dialect === "postgres"
        ? sql`${sql.val(v)}::${sql.raw(PG_CAST[type])}`
        : sql`${sql.val(type === "boolean" && v !== null ? (v ? 1 : 0) : v)}`,
    );
    pieces.push(sql.raw(t.parts[i + 1]));
  });
  return sql.join(pieces, sql``);
}

export function compile(dialect: Dialect, q: RawBuilder<unknown>) {
  const c = q.compile(dialects[dialect]);
  return { sql: c.sql, parameters: [...c.parameters] };
}

/** The question as a widget query's source, aliased `s` (its fields are `s.<column>`). */
export const asSubquery = (q: RawBuilder<unknown>) => sql`(${q})`.as("s");

/** At most `cap` + 1 rows of the question (one more tells that the cap cut the result). */
export const capped = (q: RawBuilder<unknown>, cap: number) =>
  sql`select * from (${q}) as q limit ${sql.lit(cap + 1)}`;

/**
 * The question's column names (as the database reports them, one row of nulls) and types: the
 * first value is the names as JSON, the rest type the columns by position. Names are read this
 * way because the platform's connection renames result columns (snake_case to camelCase).
 */
export const describe = (q: RawBuilder<unknown>) =>
  sql`select row_to_json(x)::text as qnames, x.* from (select q.* from (select 1) as one
    left join (select * from (${q}) as u limit 0) as q on true) as x`;

/** The values of each row by position. */
export const valuesOf = (q: RawBuilder<unknown>, cap: number) =>
  sql`select q.* from (${q}) as q limit ${sql.lit(cap + 1)}`;

export interface TenantTable {
  id: string;
  /** The name the SQL uses (see sqlName). */
  sqlName: string;
  columns: { name: string; type: string }[];
}

const COLUMN = /^[a-z][a-z0-9_]{0,62}$/;

function columnExpr(name: string, type: string): RawBuilder<unknown> {
  const j = sql`data->${sql.lit(name)}`;
  const txt = sql`data->>${sql.lit(name)}`;
  switch (type) {
    case "number":
      return sql`(case jsonb_typeof(${j}) when 'number' then (${j})::float8 end)`;
    case "boolean":
      return sql`(case jsonb_typeof(${j}) when 'boolean' then (${j})::boolean end)`;
    case "date":
      return sql`(case when ${txt} ~ '^\\d{4}-\\d{2}-\\d{2}$' then (${txt})::date end)`;
    case "datetime":
      return sql`(case when ${txt} ~ '^\\d{4}-\\d{2}-\\d{2}' then (${txt})::timestamptz end)`;
    default:
      return txt;
  }
}

/**
 * `with <table> as (…), …` — each tenant table as a CTE, put before a statement (unreferenced
 * ones cost nothing: PostgreSQL drops them). Ids and names are literals, so the statement's own
 * parameters keep their numbers. Empty when the tenant has no tables.
 */
export function tablesPrefix(tables: TenantTable[]): string {
  if (!tables.length) return "";
  const ctes = tables.map((t) => {
    const cols = t.columns.filter((c) => COLUMN.test(c.name));
    const list = [
      sql`id`,
      ...cols.map((c) => sql`${columnExpr(c.name, c.type)} as ${sql.id(c.name)}`),
      sql`created_at`,
    ];
    return sql`${sql.id(t.sqlName)} as (select ${
      sql.join(list)
    } from analytics_q.table_rows where table_id = ${sql.lit(t.id)}::uuid)`;
  });
  const c = compile("postgres", sql`with ${sql.join(ctes)}`);
  if (c.parameters.length) throw new Error("table CTEs must not carry parameters");
  return c.sql + " ";
}

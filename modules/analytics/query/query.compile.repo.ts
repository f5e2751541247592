/**
 * The analytics query compiler (pure): a query + its source's field whitelist → parameterised
 * SQL in the PostgreSQL or MySQL dialect. kysely builds the statement compile-only (a
 * DummyDriver that can never run anything); every value travels as a bind parameter and only
 * whitelisted names reach the text, quoted as identifiers. Result columns get aliases (c0, a0)
 * so names people chose never reach the statement either.
 */
import {
  type AliasedRawBuilder,
  DummyDriver,
  type Expression,
  Kysely,
  MysqlAdapter,
  MysqlIntrospector,
  MysqlQueryCompiler,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type RawBuilder,
  sql,
  type SqlBool,
} from "kysely";
import type { FieldError } from "../../../shared/http/problem.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import "../common/common.messages.ts";
import type { AnalyticsQuery, ResultColumn } from "./query.types.schemas.ts";
import { DEFAULT_LIMIT, type FieldType, NAME, ROW_CAP, unprocessable } from "./query.values.lib.ts";
import { filterSql } from "./query.filters.repo.ts";
import "./query.messages.ts";

export type Dialect = "postgres" | "mysql";

/** A field a query may name: its type, label and SQL (default: the column `s.<name>`). */
export interface FieldSpec extends ResultColumn {
  expr?: RawBuilder<unknown>;
}

/** A joined source (over a defined relation): its aliased table and its ON condition. */
export interface JoinPlan {
  from: AliasedRawBuilder<unknown, string>;
  on: RawBuilder<unknown>;
}

export interface CompileExtra {
  /** The main source, aliased `s` (default: the dataset's view or the external table). */
  from?: AliasedRawBuilder<unknown, string>;
  /** Conditions that always apply (e.g. the tenant table's id). */
  where?: RawBuilder<unknown>[];
  joins?: JoinPlan[];
  locale?: string;
  /** Time buckets in UTC (platform data) rather than the session's zone (external tables). */
  utcBuckets?: boolean;
  /**
   * What counting rows means when the source is pre-counted (the ticket rollup: the sum of its
   * counts); also used for count(field) of a field in `countsAll` (never null there).
   */
  countAll?: RawBuilder<unknown>;
  countsAll?: Set<string>;
}

export interface OutColumn extends ResultColumn {
  alias: string;
}

export interface Compiled {
  sql: string;
  parameters: unknown[];
  columns: OutColumn[];
  /** Rows asked for; one more is fetched to tell whether the cap cut the result. */
  limit: number;
}

const dummy = (dialect: Dialect) =>
  // deno-lint-ignore no-explicit-any
  new Kysely<any>({
    dialect: dialect === "postgres"
      ? {
        createAdapter: () => new PostgresAdapter(),
        createDriver: () => new DummyDriver(),
        createIntrospector: (k) => new PostgresIntrospector(k),
        createQueryCompiler: () => new PostgresQueryCompiler(),
      }
      : {
        createAdapter: () => new MysqlAdapter(),
        createDriver: () => new DummyDriver(),
        createIntrospector: (k) => new MysqlIntrospector(k),
        createQueryCompiler: () => new MysqlQueryCompiler(),
      },
  });
const DB = { postgres: dummy("postgres"), mysql: dummy("mysql") };

const AGGREGATES = ["count", "countDistinct", "sum", "avg", "min", "max"];
const BUCKETS = ["day", "week", "month", "quarter", "year"];
const IDENT = /^[A-Za-z_][A-Za-z0-9_$]{0,63}$/;

export const exprOf = (f: FieldSpec) => f.expr ?? sql.ref(`s.${f.name}`);

/**
 * A time bucket's first day. Platform data (datasets, tenant tables) is bucketed in UTC whatever
 * the server's TimeZone, the same way the ticket rollup counts days; an external table's column
 * may be a timestamp without zone, so it is bucketed as the external session sees it.
 */
function bucketed(
  dialect: Dialect,
  e: RawBuilder<unknown>,
  bucket: string,
  type: FieldType,
  utc: boolean,
) {
  if (dialect === "postgres") {
    const at = !utc ? e : type === "date" ? sql`${e}::timestamp` : sql`(${e} at time zone 'UTC')`;
    return sql`date_trunc(${sql.lit(bucket)}, ${at})::date`;
  }
  switch (bucket) {
    case "day":
      return sql`date(${e})`;
    case "week":
      return sql`date_sub(date(${e}), interval weekday(${e}) day)`;
    case "month":
      return sql`date(date_format(${e}, '%Y-%m-01'))`;
    case "quarter":
      return sql`makedate(year(${e}), 1) + interval (quarter(${e}) - 1) quarter`;
    default:
      return sql`makedate(year(${e}), 1)`;
  }
}

function aggregate(
  dialect: Dialect,
  fn: string,
  e: RawBuilder<unknown> | null,
  countAll?: RawBuilder<unknown>,
) {
  const pg = dialect === "postgres";
  if (!e) return countAll ? sql`${countAll}::int` : pg ? sql`count(*)::int` : sql`count(*)`;
  switch (fn) {
    case "count":
      return pg ? sql`count(${e})::int` : sql`count(${e})`;
    case "countDistinct":
      return pg ? sql`count(distinct ${e})::int` : sql`count(distinct ${e})`;
    case "sum":
    case "avg":
      return pg ? sql`${sql.raw(fn)}(${e})::float8` : sql`${sql.raw(fn)}(${e})`;
    default:
      return sql`${sql.raw(fn === "min" ? "min" : "max")}(${e})`;
  }
}

/** The main source when the caller gives none: a dataset's view or an external table. */
function defaultFrom(query: AnalyticsQuery, errors: FieldError[]) {
  const s = query.source;
  if (s.kind === "dataset") return sql.table(`analytics_ds_${s.name}`).as("s");
  if (s.kind === "external") {
    if (!IDENT.test(s.table) || (s.schema !== undefined && !IDENT.test(s.schema))) {
      errors.push({ path: "source.table", message: "Unknown table." });
      return null;
    }
    return sql.table(s.schema ? `${s.schema}.${s.table}` : s.table).as("s");
  }
  errors.push({ path: "source", message: "A tenant table needs its rows source." });
  return null;
}

/**
 * Compiles a query against the given field whitelist; every fault is collected and refused
 * together as one 422 problem.
 */
export function compileFor(
  dialect: Dialect,
  query: AnalyticsQuery,
  whitelist: FieldSpec[] | Map<string, FieldSpec>,
  extra: CompileExtra = {},
): Compiled {
  const fields = whitelist instanceof Map ? whitelist : new Map(whitelist.map((f) => [f.name, f]));
  const locale = extra.locale ?? "en";
  const errors: FieldError[] = [];
  const columns: OutColumn[] = [];
  const selects: AliasedRawBuilder<unknown, string>[] = [];
  const groups: RawBuilder<unknown>[] = [];
  const byName = new Map<string, RawBuilder<unknown>>();
  const aggs = query.aggregates ?? [];
  const grouped = aggs.length > 0;
  const named = (name: string, path: string) => {
    if (!NAME.test(name) && !fields.has(name)) {
      errors.push({ path, message: `${name} is not a usable result name.` });
      return false;
    }
    if (byName.has(name)) {
      errors.push({ path, message: `Each result needs its own name; ${name} is used twice.` });
      return false;
    }
    return true;
  };

  const wanted: NonNullable<AnalyticsQuery["fields"]> = query.fields?.length
    ? query.fields
    : grouped
    ? []
    : [...fields.values()].filter((f) => !f.key).map((f) => ({ field: f.name }));
  wanted.forEach((w, i) => {
    const path = `fields.${i}`;
    const spec = fields.get(w.field);
    if (!spec) return errors.push({ path: `${path}.field`, message: `Unknown field ${w.field}.` });
    if (w.bucket && !BUCKETS.includes(w.bucket)) {
      return errors.push({ path: `${path}.bucket`, message: `Unknown time bucket ${w.bucket}.` });
    }
    if (w.bucket && spec.type !== "date" && spec.type !== "datetime") {
      return errors.push({
        path: `${path}.bucket`,
        message: `${spec.label} is not a date, so it cannot be grouped by ${w.bucket}.`,
      });
    }
    const name = w.as ?? w.field;
    if (!named(name, `${path}.as`)) return;
    const expr = w.bucket
      ? bucketed(dialect, exprOf(spec), w.bucket, spec.type, extra.utcBuckets ?? false)
      : exprOf(spec);
    byName.set(name, expr);
    if (grouped) groups.push(expr);
    selects.push(sql`${expr}`.as(`c${i}`));
    const col: OutColumn = {
      name,
      alias: `c${i}`,
      label: w.bucket ? `${spec.label} (${t(locale, `analytics.bucket.${w.bucket}`)})` : spec.label,
      type: w.bucket ? "date" : spec.type,
    };
    if (spec.values && !w.bucket) col.values = spec.values;
    columns.push(col);
  });

  aggs.forEach((a, i) => {
    const path = `aggregates.${i}`;
    if (!AGGREGATES.includes(a.fn)) {
      return errors.push({ path: `${path}.fn`, message: `Unknown aggregate ${a.fn}.` });
    }
    const spec = a.field ? fields.get(a.field) : undefined;
    if (a.field && !spec) {
      return errors.push({ path: `${path}.field`, message: `Unknown field ${a.field}.` });
    }
    if (!spec && a.fn !== "count") {
      return errors.push({ path: `${path}.field`, message: `${a.fn} needs a field.` });
    }
    if (spec && (a.fn === "sum" || a.fn === "avg") && spec.type !== "number") {
      return errors.push({ path: `${path}.field`, message: `${spec.label} is not a number.` });
    }
    if (!named(a.as, `${path}.as`)) return;
    const countsAll = a.fn === "count" && (!spec || extra.countsAll?.has(spec.name));
    const expr = aggregate(dialect, a.fn, countsAll ? null : exprOf(spec!), extra.countAll);
    byName.set(a.as, expr);
    selects.push(sql`${expr}`.as(`a${i}`));
    const fnLabel = t(locale, `analytics.agg.${a.fn}`);
    columns.push({
      name: a.as,
      alias: `a${i}`,
      label: spec ? `${fnLabel} · ${spec.label}` : fnLabel,
      type: (a.fn === "min" || a.fn === "max") && spec ? spec.type as FieldType : "number",
    });
  });

  const where: RawBuilder<unknown>[] = [...(extra.where ?? [])];
  (query.filters ?? []).forEach((f, i) => {
    const spec = fields.get(f.field);
    if (!spec) {
      return errors.push({ path: `filters.${i}.field`, message: `Unknown field ${f.field}.` });
    }
    const w = filterSql(dialect, spec, exprOf(spec), f, `filters.${i}`, errors);
    if (w) where.push(w);
  });

  const order: RawBuilder<unknown>[] = [];
  (query.sort ?? []).forEach((s, i) => {
    const expr = byName.get(s.field) ?? (grouped ? undefined : fields.get(s.field) &&
      exprOf(fields.get(s.field)!));
    if (!expr) {
      return errors.push({
        path: `sort.${i}.field`,
        message: grouped
          ? `Sort by a grouped field or a result name, not ${s.field}.`
          : `Unknown field ${s.field}.`,
      });
    }
    if (s.dir !== "asc" && s.dir !== "desc") {
      return errors.push({ path: `sort.${i}.dir`, message: "Sort up or down." });
    }
    order.push(sql`${expr} ${sql.raw(s.dir)}`);
  });
  if (query.limit !== undefined && (!Number.isInteger(query.limit) || query.limit < 1)) {
    errors.push({ path: "limit", message: "The limit is a whole number from 1." });
  }
  const from = extra.from ?? defaultFrom(query, errors);
  if (errors.length || !from) throw unprocessable(errors);
  if (!selects.length) selects.push(sql`count(*)`.as("a0"));

  // Grouped results read in group order unless sorted otherwise; stable either way.
  if (grouped) order.push(...groups.map((g) => sql`${g} asc`));
  const limit = Math.min(query.limit ?? DEFAULT_LIMIT, ROW_CAP);

  let q = DB[dialect].selectFrom(from);
  for (const j of extra.joins ?? []) {
    q = q.leftJoin(j.from, (jb) => jb.on(j.on as Expression<SqlBool>));
  }
  let built = q.select(selects);
  for (const w of where) built = built.where(w as Expression<SqlBool>);
  if (groups.length) built = built.groupBy(groups);
  for (const o of order) built = built.orderBy(o);
  const compiled = built.limit(limit + 1).compile();
  return { sql: compiled.sql, parameters: [...compiled.parameters], columns, limit };
}

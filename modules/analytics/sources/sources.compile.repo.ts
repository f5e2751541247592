/**
 * The query builder on an external source (pure): an AnalyticsQuery over one table compiled
 * with kysely in the source's dialect (compile only — a DummyDriver can never run anything),
 * every value a bind parameter and only introspected column names in the text.
 */
import {
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
import { Problem } from "../../../shared/http/problem.ts";
import type { AnalyticsQuery } from "../query/query.types.schemas.ts";
import type { RunColumn } from "./sources.engine.lib.ts";
import type { Engine } from "./sources.statement.lib.ts";

/**
 * Compile-only kysely instances per engine (a DummyDriver runs nothing); saved questions use them
 * too.
 */
// deno-lint-ignore no-explicit-any
export const dialects: Record<Engine, Kysely<any>> = {
  postgres: new Kysely({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  }),
  mysql: new Kysely({
    dialect: {
      createAdapter: () => new MysqlAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (k) => new MysqlIntrospector(k),
      createQueryCompiler: () => new MysqlQueryCompiler(),
    },
  }),
};

export interface CompiledExternal {
  sql: string;
  parameters: unknown[];
  /** Output columns: alias in the SQL → the name and type the caller sees. */
  columns: { alias: string; name: string; type: RunColumn["type"] }[];
}

const bucketExpr = (engine: Engine, bucket: string, col: RawBuilder<unknown>) => {
  if (engine === "postgres") return sql`date_trunc(${sql.lit(bucket)}, ${col})::date`;
  switch (bucket) {
    case "day":
      return sql`date(${col})`;
    case "week":
      return sql`date(${col} - interval weekday(${col}) day)`;
    case "month":
      return sql`date(date_format(${col}, '%Y-%m-01'))`;
    case "quarter":
      return sql`makedate(year(${col}), 1) + interval (quarter(${col}) - 1) quarter`;
    default:
      return sql`date(date_format(${col}, '%Y-01-01'))`;
  }
};

/** Compiles the query; every fault is collected and refused together as one 422. */
export function compileExternal(
  engine: Engine,
  q: AnalyticsQuery,
  table: { schema: string; table: string; columns: Map<string, RunColumn["type"]> },
  rowCap: number,
): CompiledExternal {
  const errors: FieldError[] = [];
  const ref = (field: string, path: string) => {
    if (!table.columns.has(field)) {
      errors.push({ path, message: `Unknown field ${field}.` });
      return null;
    }
    return sql.ref(field);
  };
  const selects: RawBuilder<unknown>[] = [];
  const aliases: string[] = [];
  const out: CompiledExternal["columns"] = [];
  const groups: RawBuilder<unknown>[] = [];
  const byName = new Map<string, RawBuilder<unknown>>();
  const aggregated = !!q.aggregates?.length;

  (q.fields ?? []).forEach((f, i) => {
    const col = ref(f.field, `fields.${i}.field`);
    if (!col) return;
    const type = table.columns.get(f.field)!;
    if (f.bucket && type !== "date" && type !== "datetime") {
      return errors.push({ path: `fields.${i}.bucket`, message: `${f.field} is not a date.` });
    }
    const expr = f.bucket ? bucketExpr(engine, f.bucket, col) : col;
    const name = f.as ?? (f.bucket ? `${f.field}_${f.bucket}` : f.field);
    selects.push(expr);
    aliases.push(`c${i}`);
    out.push({ alias: `c${i}`, name, type: f.bucket ? "date" : type });
    byName.set(name, expr);
    if (aggregated) groups.push(expr);
  });
  (q.aggregates ?? []).forEach((a, i) => {
    const col = a.field ? ref(a.field, `aggregates.${i}.field`) : null;
    if (a.field && !col) return;
    if (!col && a.fn !== "count") {
      return errors.push({ path: `aggregates.${i}.field`, message: `${a.fn} needs a field.` });
    }
    if ((a.fn === "sum" || a.fn === "avg") && table.columns.get(a.field!) !== "number") {
      return errors.push({ path: `aggregates.${i}.field`, message: `${a.field} is not a number.` });
    }
    const expr = !col
      ? sql`count(*)`
      : a.fn === "countDistinct"
      ? sql`count(distinct ${col})`
      : sql`${sql.raw(a.fn)}(${col})`;
    selects.push(expr);
    aliases.push(`a${i}`);
    const minMax = a.fn === "min" || a.fn === "max";
    out.push({
      alias: `a${i}`,
      name: a.as,
      type: minMax ? table.columns.get(a.field!)! : "number",
    });
    byName.set(a.as, expr);
  });
  if (!selects.length) errors.push({ path: "fields", message: "Choose at least one field." });

  const wheres: RawBuilder<SqlBool>[] = [];
  (q.filters ?? []).forEach((f, i) => {
    const col = ref(f.field, `filters.${i}.field`);
    if (!col) return;
    const v = f.value;
    const bad = (message: string) => errors.push({ path: `filters.${i}.value`, message });
    switch (f.op) {
      case "eq":
      case "ne":
      case "lt":
      case "lte":
      case "gt":
      case "gte": {
        const op = { eq: "=", ne: "<>", lt: "<", lte: "<=", gt: ">", gte: ">=" }[f.op];
        if (v === undefined || v === null || typeof v === "object") return bad("Give one value.");
        return wheres.push(sql<SqlBool>`${col} ${sql.raw(op)} ${v}`);
      }
      case "in":
        if (!Array.isArray(v) || !v.length || v.length > 500) return bad("Give a list of values.");
        return wheres.push(sql<SqlBool>`${col} in (${sql.join(v.map((x) => sql`${x}`))})`);
      case "contains": {
        if (typeof v !== "string") return bad("Give a text.");
        const like = `%${v.replace(/[\\%_]/g, (c) => "\\" + c)}%`;
        return wheres.push(
          engine === "postgres"
            ? sql<SqlBool>`${col}::text ilike ${like}`
            : sql<SqlBool>`${col} like ${like}`,
        );
      }
      case "between":
        if (!Array.isArray(v) || v.length !== 2) return bad("Give two values.");
        return wheres.push(sql<SqlBool>`${col} between ${v[0]} and ${v[1]}`);
      case "isNull":
        return wheres.push(sql<SqlBool>`${col} is null`);
      case "notNull":
        return wheres.push(sql<SqlBool>`${col} is not null`);
      default:
        return errors.push({ path: `filters.${i}.op`, message: "Unknown operator." });
    }
  });
  const orders: RawBuilder<unknown>[] = [];
  (q.sort ?? []).forEach((s, i) => {
    const expr = byName.get(s.field) ??
      (!aggregated && table.columns.has(s.field) ? sql.ref(s.field) : null);
    if (!expr) {
      return errors.push({ path: `sort.${i}.field`, message: `Cannot sort by ${s.field}.` });
    }
    orders.push(sql`${expr} ${sql.raw(s.dir === "desc" ? "desc" : "asc")}`);
  });
  if (errors.length) {
    throw new Problem(
      422,
      "validation",
      "Unprocessable Content",
      "The query is not valid.",
      errors,
    );
  }
  const limit = Math.max(1, Math.min(q.limit ?? rowCap, rowCap));
  const from = engine === "postgres" ? sql.id(table.schema, table.table) : sql.id(table.table);
  let built = dialects[engine].selectFrom(sql`${from}`.as("t")).select(
    selects.map((s, i) => sql`${s}`.as(aliases[i])),
  );
  for (const w of wheres) built = built.where(w as Expression<SqlBool>);
  if (groups.length) built = built.groupBy(groups);
  for (const o of orders) built = built.orderBy(o);
  const compiled = built.limit(limit + 1).compile();
  return { sql: compiled.sql, parameters: [...compiled.parameters], columns: out };
}

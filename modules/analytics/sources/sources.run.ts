/**
 * Running on an external source: the query builder's queries (compiled with kysely in the
 * source's dialect, fields checked against the introspected columns), raw SQL for users with
 * the permission, and the schema browser — all through openSource's safety rules.
 */
import type { Sql } from "../../../shared/db/database.ts";
import { problems } from "../../../shared/http/problem.ts";
import type { AnalyticsQuery, QueryResult } from "../query/query.types.ts";
import { compileExternal, kindOf } from "./sources.compile.ts";
import { operatorAllowlist } from "./sources.config.ts";
import { type SourceColumn, withSource } from "./sources.engine.ts";
import type { SchemaTree } from "./sources.schemas.ts";
import { checkRawStatement, WRAPPABLE } from "./sources.statement.ts";
import { loadTarget } from "./sources.target.ts";

/**
 * Runs an analytics query (source kind "external") on the tenant's external source: compiled
 * with kysely in that engine's dialect (PostgreSQL or MySQL), every value a parameter.
 */
export async function runExternalQuery(
  sql: Sql,
  query: AnalyticsQuery,
  _opts: { locale?: string } = {},
): Promise<QueryResult> {
  const ref = query.source;
  if (ref.kind !== "external") throw problems.unprocessable("Not an external source.");
  if (query.joins?.length) {
    throw problems.unprocessable("Joins are not available on external sources.");
  }
  const { target, limits } = await loadTarget(sql, ref.sourceId);
  return await withSource(target, operatorAllowlist(), async (c) => {
    const schema = ref.schema ?? (target.engine === "postgres" ? "public" : target.database);
    const cols = (await c.columns()).filter((x) => x.schema === schema && x.table === ref.table);
    if (!cols.length) throw problems.unprocessable(`No table ${ref.table} on the source.`);
    const compiled = compileExternal(target.engine, query, {
      schema,
      table: ref.table,
      columns: new Map(cols.map((x) => [x.column, kindOf(x.dataType)])),
    }, limits.rowCap);
    const cap = Math.min(limits.rowCap, query.limit ?? limits.rowCap);
    const r = await c.run(compiled.sql, compiled.parameters, { ...limits, rowCap: cap }, false);
    return {
      columns: compiled.columns.map((x) => ({ name: x.name, label: x.name, type: x.type })),
      rows: r.rows.map((row) =>
        Object.fromEntries(compiled.columns.map((x) => [x.name, row[x.alias]]))
      ),
      truncated: r.truncated,
    };
  });
}

/** Raw SQL mode: one reading statement, capped, in a read-only transaction with a timeout. */
export async function runRawSql(sql: Sql, sourceId: string, text: string): Promise<QueryResult> {
  const { target, limits } = await loadTarget(sql, sourceId);
  const { body, keyword } = checkRawStatement(text, target.engine);
  return await withSource(target, operatorAllowlist(), async (c) => {
    const r = await c.run(body, [], limits, WRAPPABLE.has(keyword));
    return {
      columns: r.columns.map((x) => ({ ...x, label: x.name })),
      rows: r.rows,
      truncated: r.truncated,
    };
  });
}

export function schemaTree(cols: SourceColumn[]): SchemaTree {
  const schemas = new Map<string, Map<string, SchemaTree["schemas"][0]["tables"][0]>>();
  for (const c of cols) {
    const tables = schemas.get(c.schema) ?? new Map();
    schemas.set(c.schema, tables);
    const t = tables.get(c.table) ?? { name: c.table, columns: [] };
    tables.set(c.table, t);
    t.columns.push({ name: c.column, dataType: c.dataType, type: kindOf(c.dataType) });
  }
  return {
    schemas: [...schemas].map(([name, tables]) => ({ name, tables: [...tables.values()] })),
  };
}

/** GET /schema: the schemas, tables and columns the source's account can read. */
export async function introspect(sql: Sql, sourceId: string): Promise<SchemaTree> {
  const { target } = await loadTarget(sql, sourceId);
  return await withSource(target, operatorAllowlist(), async (c) => schemaTree(await c.columns()));
}

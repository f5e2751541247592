/**
 * Running on an external source: the query builder's queries (compiled with kysely in the
 * source's dialect, fields checked against the introspected columns), raw SQL for users with
 * the permission, and the schema browser — all through openSource's safety rules.
 */
import type { SystemActor } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import type { AnalyticsQuery, QueryResult } from "../query/query.types.schemas.ts";
import { compileExternal } from "./sources.compile.repo.ts";
import { operatorAllowlist } from "./sources.config.lib.ts";
import { withSource } from "./sources.engine.repo.ts";
import { kindOf, schemaTree } from "./sources.engine.lib.ts";
import type { SchemaTree } from "./sources.schemas.ts";
import { checkRawStatement, WRAPPABLE } from "./sources.statement.lib.ts";
import { loadTarget } from "./sources.target.service.ts";

/**
 * Runs an analytics query (source kind "external") on the tenant's external source: compiled
 * with kysely in that engine's dialect (PostgreSQL or MySQL), every value a parameter.
 */
export async function runExternalQuery(
  actor: SystemActor,
  { query }: { query: AnalyticsQuery; locale?: string },
): Promise<QueryResult> {
  const ref = query.source;
  if (ref.kind !== "external") throw problems.unprocessable("Not an external source.");
  if (query.joins?.length) {
    throw problems.unprocessable("Joins are not available on external sources.");
  }
  const { target, limits } = await loadTarget(actor, ref.sourceId);
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
export async function runRawSql(
  actor: SystemActor,
  { sourceId, statement: text }: { sourceId: string; statement: string },
): Promise<QueryResult> {
  const { target, limits } = await loadTarget(actor, sourceId);
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

/** GET /schema: the schemas, tables and columns the source's account can read. */
export async function introspect(actor: SystemActor, sourceId: string): Promise<SchemaTree> {
  const { target } = await loadTarget(actor, sourceId);
  return await withSource(target, operatorAllowlist(), async (c) => schemaTree(await c.columns()));
}

/**
 * STUB written by the lead to fix the contract; the sources helper replaces this file.
 */
import type { Sql } from "../../../shared/db/database.ts";
import type { AnalyticsQuery, QueryResult } from "../query/query.types.ts";

/**
 * Runs an analytics query (source kind "external") on the tenant's external source: compiled
 * with kysely in that engine's dialect (PostgreSQL or MySQL), every value a parameter.
 */
export function runExternalQuery(
  _sql: Sql,
  _query: AnalyticsQuery,
  _opts: { locale?: string } = {},
): Promise<QueryResult> {
  return Promise.reject(new Error("external sources are not built yet"));
}

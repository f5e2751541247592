/**
 * STUB written by the lead to fix the contract; the query helper replaces this file.
 * (Import the types from query.types.ts, not query.api.ts: the door re-exports this file.)
 */
import type { Sql } from "../../../shared/db/database.ts";
import type { AnalyticsQuery, DatasetInfo, QueryResult } from "./query.types.ts";

/** Runs a query in the caller's scoped transaction (datasets, tables, external sources). */
export function runQuery(
  _sql: Sql,
  _query: AnalyticsQuery,
  _opts: { locale?: string } = {},
): Promise<QueryResult> {
  return Promise.reject(new Error("analytics queries are not built yet"));
}

/** The built-in datasets with their fields, in the reader's language. */
export function datasetCatalog(_locale = "en"): DatasetInfo[] {
  return [];
}

/**
 * STUB written by the lead to fix the contract; the queries helper replaces this file.
 * (Import the types from queries.types.ts, not queries.api.ts: the door re-exports this file.)
 */
import type { Sql } from "../../../shared/db/database.ts";
import type { AdHocQuery, QueryResult } from "./queries.types.ts";

/** Runs the tenant's saved query `key` with its parameters, in the caller's scoped transaction. */
export function runSavedQuery(
  _sql: Sql,
  _key: string,
  _params: Record<string, unknown>,
  _opts: { locale?: string } = {},
): Promise<QueryResult> {
  return Promise.reject(new Error("data queries are not built yet"));
}

/** Runs an unsaved definition (report studio, previews) in the caller's scoped transaction. */
export function runAdHocQuery(
  _sql: Sql,
  _query: AdHocQuery,
  _params: Record<string, unknown> = {},
  _opts: { locale?: string } = {},
): Promise<QueryResult> {
  return Promise.reject(new Error("data queries are not built yet"));
}

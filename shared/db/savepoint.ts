import type { Sql } from "./sql.ts";

/**
 * Runs fn in a savepoint when sql is a transaction, so a statement of fn that fails leaves the
 * transaction usable; on a handle without savepoints (a bare pool) fn runs as it is. postgres.js
 * gives every transaction `savepoint()`, which the shared Sql type does not show.
 */
export async function inSavepoint<T>(sql: Sql, fn: (sp: Sql) => Promise<T>): Promise<T> {
  const tx = sql as unknown as { savepoint?: (fn: (sp: Sql) => Promise<T>) => Promise<T> };
  return tx.savepoint ? await tx.savepoint(fn) : await fn(sql);
}

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

/**
 * Runs one statement of generated SQL (a report's, a dashboard's) in a savepoint under a
 * statement timeout: a slow or failing statement rolls back to the savepoint, the timeout with
 * it, and leaves the caller's transaction usable.
 */
export async function runTimed(
  sql: Sql,
  text: string,
  parameters: unknown[],
  timeoutMs: number,
): Promise<Record<string, unknown>[]> {
  return await inSavepoint(sql, async (tx) => {
    const [{ prev }] = await tx<{ prev: string }[]>`select current_setting('statement_timeout')
      as prev, set_config('statement_timeout', ${String(timeoutMs)}, true)`;
    const rows = await tx.unsafe(text, parameters as never[]);
    await tx`select set_config('statement_timeout', ${prev}, true)`;
    return [...rows] as Record<string, unknown>[];
  });
}

import type { PendingQuery, Sql } from "./sql.ts";

/** The role every scoped transaction switches to: it owns nothing and cannot bypass RLS. */
export const APP_ROLE = "platform_app";

export interface Scope {
  tenantId?: string | null;
  userId?: string | null;
  /** The HTTP request behind this work, recorded by the activity log. */
  requestId?: string | null;
}

/** Work to run once a transaction has committed (in-process fan-out, wake-ups). */
const commitHooks = new WeakMap<object, (() => void)[]>();
/** Connection pools (autocommit): work "after commit" there can run at once. */
const pools = new WeakSet<object>();

export function registerPool(sql: Sql) {
  pools.add(sql);
}

/**
 * Runs fn once tx commits; dropped if it rolls back. On a bare pool (autocommit) fn runs right
 * away. Any other handle (a savepoint) is refused: it cannot know when its outer transaction
 * commits, and running early would announce changes that may still roll back.
 */
export function afterCommit(tx: Sql, fn: () => void) {
  const hooks = commitHooks.get(tx);
  if (hooks) hooks.push(fn);
  else if (pools.has(tx)) queueMicrotask(fn);
  else throw new Error("afterCommit needs the transaction itself (or a pool), not a savepoint");
}

/**
 * A transaction whose first statement is `setup` (one statement), with after-commit hooks.
 * `setup` is sent without waiting for its answer: fn's first statement follows it on the same
 * connection in the same round trip (pipelined), and the server still runs them in order, so
 * the role and RLS settings apply to it. A failing setup aborts the transaction, and its own
 * error is the one thrown.
 */
export async function transaction<T>(
  sql: Sql,
  setup: (tx: Sql) => PromiseLike<unknown>,
  fn: (tx: Sql) => Promise<T>,
): Promise<T> {
  const hooks: (() => void)[] = [];
  const result = await sql.begin(async (raw) => {
    const tx = raw as unknown as Sql;
    commitHooks.set(tx, hooks);
    // then() is called right here, synchronously: postgres.js queues a statement when its then()
    // runs, so setup is queued before anything fn sends, however fn sends it.
    const ready = new Promise<unknown>((resolve, reject) => setup(tx).then(resolve, reject));
    ready.catch(() => {}); // awaited below; this only keeps an early rejection from going unhandled
    let out: T;
    try {
      out = await fn(tx);
    } catch (err) {
      await ready; // setup's own error first: fn's is then only "transaction aborted"
      throw err;
    }
    await ready;
    return out;
  }) as T;
  for (const hook of hooks) {
    try {
      hook();
    } catch { /* a hook must not undo a committed transaction */ }
  }
  return result;
}

/**
 * The statement that opens every scoped transaction: the application role and the RLS settings.
 * `guard`, a boolean SQL expression (a fragment of tx), is evaluated in the same statement: one
 * that raises refuses the scope, aborting the transaction before fn's first statement runs.
 */
export function scopeSetup(tx: Sql, scope: Scope, guard?: PendingQuery) {
  return tx`select set_config('role', ${APP_ROLE}, true),
                   set_config('app.tenant_id', ${scope.tenantId ?? ""}, true),
                   set_config('app.user_id', ${scope.userId ?? ""}, true),
                   set_config('app.request_id', ${scope.requestId ?? ""}, true),
                   ${guard ?? tx`true`}`;
}

/**
 * Runs fn in one transaction as the application role with the tenant and user set for RLS.
 * Throwing inside fn rolls everything back.
 */
export async function withScope<T>(sql: Sql, scope: Scope, fn: (tx: Sql) => Promise<T>) {
  return await transaction(sql, (tx) => scopeSetup(tx, scope), fn);
}

/** Points an open scoped transaction at another tenant (operator work across tenants). */
export async function setTenant(tx: Sql, tenantId: string | null) {
  await tx`select set_config('app.tenant_id', ${tenantId ?? ""}, true)`;
}

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

/** postgres.js's connection object, as a statement's `onexecute` option receives it. */
interface PgConnection {
  onclose: ((err: unknown) => void) | null;
}

/**
 * A transaction whose first statement is `setup` (one statement), with after-commit hooks.
 *
 * It runs on a reserved connection and nothing waits for `begin`: `begin`, `setup` and fn's
 * first statement leave in one round trip (pipelined) and the server runs them in order, so the
 * role and RLS settings apply to everything fn sends. (postgres.js's own `sql.begin` waits for
 * `begin` to answer first: one round trip more on every request, about a fifth of a list's
 * throughput on 2 cores.) A failing setup aborts the transaction, and its own error is the one
 * thrown. The handle offers `savepoint(fn)` like postgres.js's transactions do.
 *
 * A connection lost mid-transaction fails the transaction at once, as `sql.begin` does: on a
 * reserved connection postgres.js rejects only the statements already sent, and one waiting
 * behind them would never settle. Such a connection is not released either: postgres.js has
 * already moved it to its closed list, and releasing would hand the dead socket to the pool.
 */
export async function transaction<T>(
  sql: Sql,
  setup: (tx: Sql) => PromiseLike<unknown>,
  fn: (tx: Sql) => Promise<T>,
): Promise<T> {
  const hooks: (() => void)[] = [];
  const conn = await sql.reserve();
  const tx = transactionHandle(conn);
  commitHooks.set(tx, hooks);
  let connection: PgConnection | undefined;
  let lost = false;
  let onLost!: (err: unknown) => void;
  const closed = new Promise<never>((_, reject) =>
    onLost = (err) => {
      lost = true;
      reject(err);
    }
  );
  closed.catch(() => {}); // raced below; this only keeps it from going unhandled
  // Called when begin is written (always at once: the reserved connection is idle); answering
  // true lets the next statements follow without waiting.
  const onexecute = (c: PgConnection) => {
    connection = c;
    c.onclose = onLost;
    return true;
  };
  const run = async () => {
    const begun = conn.unsafe("begin", [], { onexecute } as never).execute();
    begun.catch(() => {}); // its failure surfaces as setup's
    // then() is called right here, synchronously: postgres.js queues a statement when its then()
    // runs, so setup is queued before anything fn sends, however fn sends it.
    const ready = new Promise<unknown>((resolve, reject) => setup(tx).then(resolve, reject));
    ready.catch(() => {}); // awaited below; this only keeps an early rejection from going unhandled
    let out: T;
    try {
      out = await fn(tx);
    } catch (err) {
      await begun;
      await ready; // setup's own error first: fn's is then only "transaction aborted"
      throw err;
    }
    await begun;
    await ready;
    // A statement fn sent without awaiting may have failed and aborted the transaction: then
    // PostgreSQL answers COMMIT with ROLLBACK, and that must not pass for success.
    const done = await conn.unsafe("commit");
    if (done.command !== "COMMIT") throw new Error("the transaction was rolled back");
    return out;
  };
  let out: T;
  try {
    out = await Promise.race([run(), closed]);
  } catch (err) {
    if (!lost) await Promise.race([conn.unsafe("rollback"), closed]).catch(() => {});
    throw err;
  } finally {
    if (!lost) {
      if (connection?.onclose === onLost) connection.onclose = null;
      conn.release();
    }
  }
  for (const hook of hooks) {
    try {
      hook();
    } catch { /* a hook must not undo a committed transaction */ }
  }
  return out;
}

/**
 * The reserved connection as a transaction handle: every postgres.js method, plus `savepoint`.
 * A savepoint gets a handle of its own (same connection), so afterCommit refuses it as before.
 */
function transactionHandle(conn: Sql & { release(): void }): Sql {
  let next = 0;
  const savepoint = async <R>(fn: (sp: Sql) => Promise<R>): Promise<R> => {
    const name = `s${next++}`;
    await conn.unsafe(`savepoint ${name}`);
    try {
      const out = await fn(handle());
      await conn.unsafe(`release savepoint ${name}`);
      return out;
    } catch (err) {
      await conn.unsafe(`rollback to savepoint ${name}`);
      throw err;
    }
  };
  const handle = () =>
    new Proxy(conn, {
      get: (target, key, receiver) =>
        key === "savepoint" ? savepoint : key === "release"
          ? undefined // the transaction releases the connection, not its users
          : Reflect.get(target, key, receiver),
    }) as Sql;
  return handle();
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

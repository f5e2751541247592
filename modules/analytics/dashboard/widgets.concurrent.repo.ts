/**
 * A sheet's widgets queried at the same time. On PostgreSQL each widget runs in a short
 * read-only transaction of its own on the pool, scoped to the caller's tenant and user like the
 * request's (RLS applies the same), a few at a time. The embedded database is one session behind
 * one connection, so there they run one after another in the request's transaction.
 *
 * The request keeps its own connection while it waits, so if every pool connection were held by
 * such waiting requests, no widget transaction could ever start: a widget that gets no
 * connection within ACQUIRE_MS runs in the request's transaction instead (its queued
 * transaction, once it starts, does nothing).
 */
import type { Database, Sql } from "../../../shared/db/database.ts";
import { withScope } from "../../../shared/db/scope.ts";
import type { Session } from "../../../shared/http/env.ts";

const ACQUIRE_MS = 250;
const SKIPPED = Symbol("skipped");

export interface ConcurrentContext {
  db: Database;
  poolSize: number;
  session: Session;
  requestId?: string;
  /** The request's own transaction (the embedded path and the fallback). */
  sql: Sql;
}

export async function mapWidgets<T, R>(
  ctx: ConcurrentContext,
  items: T[],
  work: (item: T, sql: Sql) => Promise<R>,
): Promise<R[]> {
  if (ctx.db.mode !== "postgres" || items.length < 2) {
    const out: R[] = [];
    for (const item of items) out.push(await work(item, ctx.sql));
    return out;
  }
  // Work that falls back to the request's transaction runs there one at a time.
  let inRequest: Promise<unknown> = Promise.resolve();
  const viaRequest = (item: T) => {
    const run = inRequest.then(() => work(item, ctx.sql));
    inRequest = run.catch(() => {});
    return run;
  };
  const scope = {
    tenantId: ctx.session.tenantId,
    userId: ctx.session.userId,
    requestId: ctx.requestId,
  };
  const one = async (item: T): Promise<R> => {
    let abandoned = false;
    let started!: () => void;
    const entered = new Promise<void>((resolve) => started = resolve);
    const own = withScope(ctx.db.sql, scope, async (tx) => {
      if (abandoned) return SKIPPED;
      started();
      await tx`set transaction read only`;
      return await work(item, tx);
    });
    own.catch(() => {}); // awaited below unless abandoned
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<"late">((resolve) => timer = setTimeout(resolve, ACQUIRE_MS, "late"));
    const first = await Promise.race([entered, late, own.then(() => {}, () => {})]);
    clearTimeout(timer);
    if (first === "late") {
      abandoned = true;
      return await viaRequest(item);
    }
    return await own as R;
  };
  // A few at a time, so one page does not take the whole pool from other requests.
  const width = Math.max(1, Math.min(items.length, Math.floor(ctx.poolSize / 2)));
  const out = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await one(items[i]);
      }
    }),
  );
  return out;
}

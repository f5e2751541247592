/**
 * The domain event log's SQL (migration 0080). Publishing runs in the caller's transaction as
 * the application role; reading, cursors and retention run as the dispatcher role, which sees
 * every tenant's log.
 */
import type { Sql } from "../../shared/db/database.ts";
import { APP_ROLE } from "../../shared/db/scope.ts";
import { WORKER_ROLE } from "../../shared/jobs/dispatcher.ts";

export interface LoggedEvent {
  seq: number;
  name: string;
  data: Record<string, unknown>;
}

export interface Cursor {
  seq: number;
  attempts: number;
}

export interface PendingLog {
  tenantId: string;
  subscriber: string;
}

/** The reader's transaction acts as the dispatcher role (cursors, every tenant's log)… */
export const asWorker = (tx: Sql) => tx`select set_config('role', ${WORKER_ROLE}, true)`;

/** …and as the application role in one tenant while the handlers run (RLS applies). */
export const asTenant = (tx: Sql, tenantId: string) =>
  tx`select set_config('role', ${APP_ROLE}, true),
            set_config('app.tenant_id', ${tenantId}, true),
            set_config('app.user_id', '', true)`;

/** Adds the event to the caller's tenant's log; it is numbered as the transaction commits. */
export async function insertEvent(sql: Sql, name: string, data: Record<string, unknown>) {
  await sql`insert into event_log (name, data) values (${name}, ${sql.json(data as never)})`;
}

/**
 * The (tenant, subscriber) pairs with events after the cursor that are not waiting for a retry,
 * creating the cursors of pairs seen for the first time (at 0: a subscriber sees a tenant's log
 * from its first event). Runs in its own short transaction, so creating a cursor never waits
 * for a reader holding another.
 */
export async function pendingLogs(
  sql: Sql,
  subscribers: string[],
  limit: number,
): Promise<PendingLog[]> {
  await sql`
    insert into event_cursors (tenant_id, subscriber)
    select h.tenant_id, s.name from event_heads h cross join unnest(${subscribers}::text[]) s(name)
    where not exists (select 1 from event_cursors c
                      where c.tenant_id = h.tenant_id and c.subscriber = s.name)
    on conflict do nothing`;
  return await sql<PendingLog[]>`
    select c.tenant_id as "tenantId", c.subscriber
    from event_cursors c join event_heads h on h.tenant_id = c.tenant_id
    where c.subscriber = any(${subscribers}::text[]) and h.seq > c.seq
      and (c.retry_at is null or c.retry_at <= now())
    limit ${limit}`;
}

/** Locks the cursor for this transaction, or null when another reader holds it. */
export async function lockCursor(sql: Sql, p: PendingLog): Promise<Cursor | null> {
  const [row] = await sql<{ seq: string; attempts: number; due: boolean }[]>`
    select seq, attempts, retry_at is null or retry_at <= now() as due from event_cursors
    where tenant_id = ${p.tenantId} and subscriber = ${p.subscriber}
    for update skip locked`;
  return row?.due ? { seq: Number(row.seq), attempts: row.attempts } : null;
}

/**
 * Locks a due cursor and reads the events after it in one statement: null when another reader
 * holds the cursor or it waits for a retry; one event at a time while one is being retried.
 */
export async function lockAndRead(
  sql: Sql,
  p: PendingLog,
  batch: number,
): Promise<{ cursor: Cursor; events: LoggedEvent[] } | null> {
  const rows = await sql<
    { cursor: string; attempts: number; seq: string | null; name: string; data: never }[]
  >`
    with c as (
      select seq, attempts from event_cursors
      where tenant_id = ${p.tenantId} and subscriber = ${p.subscriber}
        and (retry_at is null or retry_at <= now())
      for update skip locked
    )
    select c.seq as cursor, c.attempts, e.seq, e.name, e.data
    from c left join lateral (
      select seq, name, data from event_log
      where tenant_id = ${p.tenantId} and seq > c.seq
      order by seq limit case when c.attempts > 0 then 1 else ${batch}::int end
    ) e on true
    order by e.seq`;
  if (!rows.length) return null;
  return {
    cursor: { seq: Number(rows[0].cursor), attempts: rows[0].attempts },
    events: rows.filter((r) => r.seq !== null).map((r) => ({
      seq: Number(r.seq),
      name: r.name,
      data: r.data,
    })),
  };
}

/** Moves the cursor past `seq` and clears its failures. */
export async function advanceCursor(sql: Sql, p: PendingLog, seq: number) {
  await sql`
    update event_cursors set seq = ${seq}, attempts = 0, retry_at = null, last_error = null
    where tenant_id = ${p.tenantId} and subscriber = ${p.subscriber}`;
}

/** Records a failed read: the next try waits until `retryAt`, one event at a time. */
export async function failCursor(
  sql: Sql,
  p: PendingLog,
  f: { attempts: number; retryAt: Date; error: string },
) {
  await sql`
    update event_cursors set attempts = ${f.attempts}, retry_at = ${f.retryAt},
      last_error = ${f.error}
    where tenant_id = ${p.tenantId} and subscriber = ${p.subscriber}`;
}

/** Gives up on one event: it is recorded, and the cursor moves past it. */
export async function deadLetter(sql: Sql, p: PendingLog, e: LoggedEvent, error: string) {
  await sql`
    insert into event_failures (tenant_id, subscriber, seq, name, error)
    values (${p.tenantId}, ${p.subscriber}, ${e.seq}, ${e.name}, ${error})
    on conflict do nothing`;
  await advanceCursor(sql, p, e.seq);
}

/** Events not yet handled, per subscriber (benches, health). */
export async function backlog(sql: Sql, subscribers: string[]) {
  return await sql<{ subscriber: string; events: number }[]>`
    select s.name as subscriber,
      coalesce(sum(h.seq - coalesce(c.seq, 0)), 0)::int as events
    from unnest(${subscribers}::text[]) s(name) cross join event_heads h
    left join event_cursors c on c.tenant_id = h.tenant_id and c.subscriber = s.name
    group by s.name order by s.name`;
}

/**
 * Deletes events every subscriber has handled and older than `days`, at most `limit` at a
 * time; returns how many went.
 */
export async function sweepEvents(
  sql: Sql,
  subscribers: string[],
  days: number,
  limit: number,
): Promise<number> {
  const rows = await sql`
    with done as (
      select h.tenant_id, min(coalesce(c.seq, 0)) as seq
      from event_heads h cross join unnest(${subscribers}::text[]) s(name)
      left join event_cursors c on c.tenant_id = h.tenant_id and c.subscriber = s.name
      group by h.tenant_id
    ), old as (
      select e.tenant_id, e.seq from event_log e join done d on d.tenant_id = e.tenant_id
      where e.seq > 0 and e.seq <= d.seq
        and e.created_at < now() - make_interval(days => ${days})
      limit ${limit}
    )
    delete from event_log e using old
    where e.tenant_id = old.tenant_id and e.seq = old.seq
    returning 1`;
  return rows.length;
}

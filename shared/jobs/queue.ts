import { uuidv7 } from "uuidv7";
import type { Sql } from "../db/database.ts";
import { afterCommit } from "../db/scope.ts";

/** tenant_id of platform-wide jobs (system work that belongs to no tenant). */
export const PLATFORM_TENANT = "00000000-0000-0000-0000-000000000000";

export interface EnqueueOptions {
  payload?: unknown;
  /** Higher runs first. */
  priority?: number;
  runAfter?: Date;
  maxAttempts?: number;
  /** First retry delay; doubles with each attempt. */
  backoffSeconds?: number;
  /** At most one job per key and tenant, ever: a second enqueue is a no-op. */
  dedupeKey?: string;
  /** Defaults to the transaction's tenant (app.tenant_id). */
  tenantId?: string;
  /** Runs only while no other job of the tenant with this key runs (one at a time, in order). */
  serialKey?: string;
  /** With groupLimit: runs only while fewer than groupLimit jobs of the tenant with this key run. */
  groupKey?: string;
  groupLimit?: number;
}

export interface JobRow {
  tenantId: string;
  id: string;
  name: string;
  payload: unknown;
  priority: number;
  state: "queued" | "running" | "succeeded" | "dead" | "cancelled";
  runAfter: string;
  attempts: number;
  maxAttempts: number;
  backoffSeconds: number;
  dedupeKey: string | null;
  serialKey: string | null;
  groupKey: string | null;
  groupLimit: number | null;
  lockedBy: string | null;
  leaseUntil: string | null;
  lastError: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

/**
 * The channel a NOTIFY goes out on, once per enqueuing transaction (trigger of 0072), so the
 * dispatchers of other instances claim at once instead of at their next poll.
 */
export const JOBS_CHANNEL = "platform_jobs";

/** Listeners woken when jobs are enqueued in this process (dispatchers poll otherwise). */
const wakers = new Set<() => void>();
export function onEnqueue(fn: () => void) {
  wakers.add(fn);
  return () => wakers.delete(fn);
}

/** Transactions that already woke the dispatchers (one wake-up per commit, however many jobs). */
const waking = new WeakSet<Sql>();
function wakeAfterCommit(sql: Sql) {
  if (waking.has(sql)) return;
  waking.add(sql);
  afterCommit(sql, () => {
    waking.delete(sql);
    wakers.forEach((w) => w());
  });
}

/**
 * Adds a job inside the caller's transaction: it becomes visible (and runs) only if that
 * transaction commits. Returns the job id, or null when the dedupe key was already used.
 */
export async function enqueue(
  sql: Sql,
  name: string,
  opts: EnqueueOptions = {},
): Promise<string | null> {
  const id = uuidv7();
  const rows = await sql`
    insert into jobs (tenant_id, id, name, payload, priority, run_after, max_attempts,
                      backoff_seconds, dedupe_key, serial_key, group_key, group_limit)
    values (
      coalesce(${
    opts.tenantId ?? null
  }::uuid, nullif(current_setting('app.tenant_id', true), '')::uuid),
      ${id}, ${name}, ${sql.json((opts.payload ?? {}) as never)}, ${opts.priority ?? 0},
      ${opts.runAfter ?? new Date()}, ${opts.maxAttempts ?? 5}, ${opts.backoffSeconds ?? 10},
      ${opts.dedupeKey ?? null}, ${opts.serialKey ?? null}, ${opts.groupKey ?? null},
      ${opts.groupKey ? opts.groupLimit ?? 1 : null})
    on conflict (tenant_id, dedupe_key) where dedupe_key is not null do nothing
    returning id`;
  if (rows.length) wakeAfterCommit(sql);
  return rows.length ? id : null;
}

/**
 * Adds many jobs of one kind in one statement (fan-outs, imports, benchmarks), inside the
 * caller's transaction. Returns the ids added; a job whose dedupe key was used is left out.
 */
export async function enqueueMany(
  sql: Sql,
  name: string,
  jobs: EnqueueOptions[],
): Promise<string[]> {
  if (jobs.length === 0) return [];
  const rows = jobs.map((o) => ({
    tenantId: o.tenantId ?? null,
    id: uuidv7(),
    payload: o.payload ?? {},
    priority: o.priority ?? 0,
    runAfter: o.runAfter?.toISOString() ?? null,
    maxAttempts: o.maxAttempts ?? 5,
    backoffSeconds: o.backoffSeconds ?? 10,
    dedupeKey: o.dedupeKey ?? null,
    serialKey: o.serialKey ?? null,
    groupKey: o.groupKey ?? null,
    groupLimit: o.groupKey ? o.groupLimit ?? 1 : null,
  }));
  const added = await sql<{ id: string }[]>`
    insert into jobs (tenant_id, id, name, payload, priority, run_after, max_attempts,
                      backoff_seconds, dedupe_key, serial_key, group_key, group_limit)
    select coalesce(r."tenantId", nullif(current_setting('app.tenant_id', true), '')::uuid),
      r.id, ${name}, r.payload, r.priority, coalesce(r."runAfter", now()), r."maxAttempts",
      r."backoffSeconds", r."dedupeKey", r."serialKey", r."groupKey", r."groupLimit"
    from jsonb_to_recordset(${sql.json(rows as never)}) as r(
      "tenantId" uuid, id uuid, payload jsonb, priority int, "runAfter" timestamptz,
      "maxAttempts" int, "backoffSeconds" int, "dedupeKey" text, "serialKey" text,
      "groupKey" text, "groupLimit" int)
    on conflict (tenant_id, dedupe_key) where dedupe_key is not null do nothing
    returning id`;
  if (added.length) wakeAfterCommit(sql);
  return added.map((r) => r.id);
}

/** Cancels a job of the current tenant that has not started; false when it already has. */
export async function cancelQueued(sql: Sql, id: string): Promise<boolean> {
  const rows = await sql`update jobs set state = 'cancelled', finished_at = now()
                         where id = ${id} and state = 'queued' returning id`;
  return rows.length > 0;
}

/** Jobs of the current tenant, newest first (for history pages). */
export async function listJobs(sql: Sql, opts: { state?: string; limit: number }) {
  return await sql<JobRow[]>`
    select * from jobs ${opts.state ? sql`where state = ${opts.state}` : sql``}
    order by created_at desc, id desc limit ${opts.limit}`;
}

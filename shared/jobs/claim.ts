import { uuidv7 } from "uuidv7";
import type { Sql } from "../db/database.ts";
import type { JobRow } from "./queue.ts";

/**
 * First key of the per-tenant claim locks (the second is the tenant's hash). A claim holds the
 * lock of every tenant it takes jobs from until it commits, so the next claim of that tenant
 * (on any instance) counts its running jobs, serial and group keys after that commit: the
 * per-tenant limit and the keys stay exact, while claims of different tenants run side by side.
 */
const TENANT_LOCK = 7_202_613;
/** Tenants one claim considers (and locks) at most: the lock table is shared and finite. */
export const TENANT_WINDOW = 128;

const LEASE_LOST = "lease expired: the worker stopped answering";

/**
 * Requeues (or dead-letters) the jobs whose lease expired and records their runs as lost (a run
 * is written once, when it ends: by its dispatcher, or here when that dispatcher went silent).
 */
export async function reapExpired(tx: Sql) {
  // Skip locked: another dispatcher reaping the same rows must not hold this claim up. An
  // ordered index scan (not a bitmap scan) marks the dead index entries it passes, so the churn
  // of running jobs does not make every later scan walk them again.
  const lost = await tx<
    {
      tenantId: string;
      id: string;
      name: string;
      attempts: number;
      worker: string;
      startedAt: string;
    }[]
  >`
    with expired as (
      select tenant_id, id, name, attempts, locked_by, started_at from jobs
      where state = 'running' and lease_until <= now()
      order by lease_until limit 1000 for update skip locked
    )
    update jobs j set
      state = case when j.attempts >= j.max_attempts then 'dead' else 'queued' end,
      finished_at = case when j.attempts >= j.max_attempts then now() end,
      last_error = ${LEASE_LOST},
      locked_by = null, lease_until = null, run_after = now()
    from expired e where j.tenant_id = e.tenant_id and j.id = e.id
    returning e.tenant_id, e.id, e.name, e.attempts, e.locked_by as worker, e.started_at`;
  if (lost.length === 0) return;
  const runs = lost.map((j) => ({ ...j, runId: uuidv7() }));
  await tx`
    insert into job_runs (tenant_id, id, job_id, name, attempt, status, worker, started_at,
                          finished_at, error)
    select r."tenantId", r."runId", r.id, r.name, r.attempts, 'lost', r.worker, r."startedAt",
      now(), ${LEASE_LOST}
    from jsonb_to_recordset(${tx.json(runs as never)}) as r("tenantId" uuid, "runId" uuid,
      id uuid, name text, attempts int, worker text, "startedAt" timestamptz)`;
}

export interface TenantWindow {
  /** Tenants with queued work whose claim lock this transaction now holds. */
  locked: string[];
  /** Tenants with queued work that another claim holds right now. */
  skipped: number;
  /** Where the next claim's window starts (the window was full), or null: start anywhere. */
  next: string | null;
}

/**
 * Finds up to TENANT_WINDOW tenants with work due for these job names, starting after `after`
 * and wrapping round (a loose index scan: its cost follows the tenants, not the queue's length),
 * and takes the claim lock of each one that no other claim holds (skip locked, tenant by tenant).
 */
export async function lockTenants(
  tx: Sql,
  after: string,
  names: string[],
): Promise<TenantWindow> {
  const rows = await tx<{ tenantId: string; locked: boolean }[]>`
    with recursive from_cursor as (
      (select tenant_id from jobs where state = 'queued' and tenant_id > ${after}::uuid
       order by tenant_id limit 1)
      union all
      select (select j.tenant_id from jobs j where j.state = 'queued' and j.tenant_id > t.tenant_id
              order by j.tenant_id limit 1)
      from from_cursor t where t.tenant_id is not null
    ), from_start as (
      (select tenant_id from jobs where state = 'queued' order by tenant_id limit 1)
      union all
      select (select j.tenant_id from jobs j where j.state = 'queued' and j.tenant_id > t.tenant_id
              order by j.tenant_id limit 1)
      from from_start t where t.tenant_id is not null and t.tenant_id < ${after}::uuid
    ), due as (
      -- Only tenants with work due for this dispatcher: one index probe each (jobs_due).
      select tenant_id, part from (
        select tenant_id, 1 as part from from_cursor where tenant_id is not null
        union all
        select tenant_id, 2 as part from from_start
        where tenant_id is not null and tenant_id <= ${after}::uuid
      ) w
      where exists (select 1 from jobs j where j.tenant_id = w.tenant_id and j.state = 'queued'
                    and j.run_after <= now() and j.name = any(${names}))
    ), tenant_window as materialized (
      select tenant_id, part from due limit ${TENANT_WINDOW}
    )
    select tenant_id, pg_try_advisory_xact_lock(${TENANT_LOCK}, hashtext(tenant_id::text)) as locked
    from tenant_window order by part, tenant_id`;
  return {
    locked: rows.filter((r) => r.locked).map((r) => r.tenantId),
    skipped: rows.filter((r) => !r.locked).length,
    next: rows.length >= TENANT_WINDOW ? rows[rows.length - 1].tenantId : null,
  };
}

export interface ClaimInput {
  tenants: string[];
  limit: number;
  perTenantLimit: number;
  names: string[];
  workerId: string;
  leaseSeconds: number;
}

/**
 * Claims up to `limit` due jobs of the locked tenants in one statement.
 * Each tenant offers its best jobs within its free share of the per-tenant limit (serial and
 * group keys checked against running jobs and within the claim); the claim then takes them by
 * priority and, within one priority, round-robin across tenants (every tenant's first job
 * before anyone's second), so a tenant with a deep backlog cannot crowd out another's job.
 */
export async function claimJobs(tx: Sql, input: ClaimInput): Promise<JobRow[]> {
  const { tenants, limit, perTenantLimit, names, workerId, leaseSeconds } = input;
  if (tenants.length === 0 || limit <= 0) return [];
  // Each tenant offers about twice its even share of the claim (not its whole free limit): the
  // claim sorts a few hundred candidates, not tenants x limit, and a lone tenant still fills it.
  const share = Math.min(limit, Math.ceil((2 * limit) / tenants.length));
  return await tx<JobRow[]>`
    with candidates as (
      select c.* from unnest(${tenants}::uuid[]) as t(tenant_id)
      cross join lateral (select count(*)::int as n from jobs r
        where r.tenant_id = t.tenant_id and r.state = 'running') x
      cross join lateral (
        select j.tenant_id, j.id, j.priority, j.run_after, j.serial_key, j.group_key,
          j.group_limit - (select count(*)::int from jobs r
            where r.tenant_id = j.tenant_id and r.group_key = j.group_key
              and r.state = 'running') as group_free
        from jobs j
        where j.tenant_id = t.tenant_id and j.state = 'queued' and j.run_after <= now()
          and j.name = any(${names})
          -- Keys are checked before the limit, so blocked jobs do not starve the rest.
          and (j.serial_key is null or not exists (select 1 from jobs r
            where r.tenant_id = j.tenant_id and r.serial_key = j.serial_key
              and r.state = 'running'))
          and (j.group_key is null or j.group_limit > (select count(*) from jobs r
            where r.tenant_id = j.tenant_id and r.group_key = j.group_key
              and r.state = 'running'))
        order by j.priority desc, j.run_after, j.id
        limit least(greatest(${perTenantLimit}::int - x.n, 0), ${share}::int)
      ) c
    ), ranked as (
      -- Within one claim, at most one job per serial key and group_free per group key.
      select *,
        row_number() over (partition by tenant_id, serial_key
                           order by priority desc, run_after, id) as serial_rank,
        row_number() over (partition by tenant_id, group_key
                           order by priority desc, run_after, id) as group_rank
      from candidates
    ), eligible as (
      select *, row_number() over (partition by tenant_id, priority
                                   order by run_after, id) as turn
      from ranked
      where (serial_key is null or serial_rank = 1)
        and (group_key is null or group_rank <= group_free)
    ), picked as (
      select tenant_id, id,
        row_number() over (order by priority desc, turn, run_after, id) as rn
      from eligible order by priority desc, turn, run_after, id limit ${limit}
    ), claimed as (
      update jobs j set state = 'running', attempts = j.attempts + 1, locked_by = ${workerId},
        lease_until = now() + make_interval(secs => ${leaseSeconds}), started_at = now()
      from picked p
      where j.tenant_id = p.tenant_id and j.id = p.id and j.state = 'queued'
      returning j.*, p.rn
    )
    select * from claimed order by rn`;
}

/** Extends the leases of this worker's running jobs, in one statement. */
export async function renewLeases(
  tx: Sql,
  jobs: Pick<JobRow, "tenantId" | "id">[],
  workerId: string,
  leaseSeconds: number,
) {
  if (jobs.length === 0) return;
  await tx`
    update jobs j set lease_until = now() + make_interval(secs => ${leaseSeconds})
    from unnest(${jobs.map((j) => j.tenantId)}::uuid[], ${jobs.map((j) => j.id)}::uuid[])
      as r(tenant_id, id)
    where j.tenant_id = r.tenant_id and j.id = r.id and j.locked_by = ${workerId}
      and j.state = 'running'`;
}

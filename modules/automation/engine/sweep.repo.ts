import type { Sql } from "../../../shared/db/database.ts";
import { setTenant } from "../../../shared/db/scope.ts";
import { WORKER_ROLE } from "../../../shared/jobs/dispatcher.ts";

/** Where the backlog warning links to; also how a recent warning is recognised. */
export const BACKLOG_LINK = "/automation/jobs/history?status=queued";

/**
 * Switches an open scoped transaction to the dispatcher role (asWorker for a transaction the
 * queue opened: the session user may take either role, `set_config` is local to it).
 */
export async function asWorkerIn(tx: Sql) {
  await tx`select set_config('role', ${WORKER_ROLE}, true)`;
}

/** Runs fn as the application role inside one tenant, then returns to the dispatcher role. */
export async function asAppIn(tx: Sql, tenantId: string, fn: () => Promise<void>) {
  await tx`select set_config('role', 'platform_app', true)`;
  await setTenant(tx, tenantId);
  try {
    await fn();
  } finally {
    await setTenant(tx, null);
    await asWorkerIn(tx);
  }
}

export interface StaleRun {
  tenantId: string;
  id: string;
  jobId: string | null;
  jobName: string | null;
  agentId: string;
  agentName: string;
  trigger: string;
  queueState: string | null;
}

/** Runs marked running without a heartbeat whose queue job no longer runs (every tenant). */
export async function staleRuns(tx: Sql, seconds: number): Promise<StaleRun[]> {
  return await tx<StaleRun[]>`
    select r.tenant_id, r.id, r.job_id, j.name as job_name, r.agent_id, a.name as agent_name,
      r.trigger, q.state as queue_state
    from automation_runs r
    join automation_agents a on a.tenant_id = r.tenant_id and a.id = r.agent_id
    left join automation_jobs j on j.tenant_id = r.tenant_id and j.id = r.job_id
    left join jobs q on q.tenant_id = r.tenant_id and q.id = r.queue_job_id
    where r.status = 'running' and r.heartbeat_at < now() - make_interval(secs => ${seconds})
      and q.state is distinct from 'running'
    order by r.heartbeat_at limit 500
    for update of r skip locked`;
}

export async function requeueStaleRun(tx: Sql, id: string, error: string) {
  await tx`update automation_runs set status = 'queued', error = ${error}, worker = null
           where id = ${id} and status = 'running'`;
}

export async function failStaleRun(tx: Sql, id: string, error: string) {
  const rows = await tx`
    update automation_runs set status = 'failed', error = ${error}, finished_at = now(),
      duration_ms = (extract(epoch from (now() - started_at)) * 1000)::int
    where id = ${id} and status = 'running' returning id`;
  return rows.length > 0;
}

/** Tenants with more queued runs than their backlog threshold (default 50). */
export async function backlogs(tx: Sql) {
  return await tx<{ tenantId: string; queued: number; threshold: number }[]>`
    select r.tenant_id, count(*)::int as queued,
      coalesce(min(s.backlog_threshold), 50)::int as threshold
    from automation_runs r
    left join automation_settings s on s.tenant_id = r.tenant_id
    where r.status = 'queued'
    group by r.tenant_id
    having count(*) > coalesce(min(s.backlog_threshold), 50)`;
}

/** Whether the tenant was warned about its backlog within the last hour. */
export async function backlogWarnedRecently(tx: Sql): Promise<boolean> {
  const rows = await tx`select 1 from notifications
                        where module = 'automation' and link = ${BACKLOG_LINK}
                          and created_at > now() - interval '1 hour' limit 1`;
  return rows.length > 0;
}

export async function deleteOldRuns(sql: Sql, days: number): Promise<number> {
  const rows = await sql`
    delete from automation_runs
    where queued_at < now() - make_interval(days => ${days})
      and status not in ('queued', 'running')
    returning id`;
  return rows.length;
}

export async function blankOldLogs(sql: Sql, days: number): Promise<number> {
  const rows = await sql`
    update automation_runs set log = '', log_truncated = false
    where finished_at < now() - make_interval(days => ${days}) and log <> ''
    returning id`;
  return rows.length;
}

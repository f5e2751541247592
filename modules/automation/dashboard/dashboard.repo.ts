import type { Sql } from "../../../shared/db/database.ts";

/** Rows counted by one key (a state, a trigger kind, a status). */
export interface CountRow {
  key: string;
  n: number;
}

export async function countAgentsByState(sql: Sql): Promise<CountRow[]> {
  return await sql<CountRow[]>`
    select state as key, count(*)::int as n from automation_agents group by state`;
}

export async function countJobsByTrigger(
  sql: Sql,
): Promise<(CountRow & { enabled: number })[]> {
  return await sql<(CountRow & { enabled: number })[]>`
    select trigger_kind as key, count(*)::int as n, count(*) filter (where enabled)::int as enabled
    from automation_jobs group by trigger_kind`;
}

/** Runs queued since `since`, by status. */
export async function countRunsSince(sql: Sql, since: Date): Promise<CountRow[]> {
  return await sql<CountRow[]>`
    select status as key, count(*)::int as n from automation_runs
    where queued_at >= ${since} group by status`;
}

/**
 * Runs per day and status over the last `days` days (the day a run was queued, in `timeZone`,
 * today included). Every day comes back as `YYYY-MM-DD`; a day without runs has one row with a
 * null key and 0.
 */
export async function countRunsPerDay(
  sql: Sql,
  days: number,
  timeZone: string,
): Promise<{ day: string; key: string | null; n: number }[]> {
  return await sql<{ day: string; key: string | null; n: number }[]>`
    with d as (
      select generate_series(
        date_trunc('day', now() at time zone ${timeZone}) - make_interval(days => ${days - 1}),
        date_trunc('day', now() at time zone ${timeZone}),
        interval '1 day') as day
    )
    select to_char(d.day, 'YYYY-MM-DD') as day, r.status as key, count(r.id)::int as n
    from d left join automation_runs r
      on r.queued_at >= d.day at time zone ${timeZone}
      and r.queued_at < (d.day + interval '1 day') at time zone ${timeZone}
    group by 1, 2
    order by 1`;
}

/** Runs queued since the start of today in `timeZone`, by status. */
export async function countRunsToday(sql: Sql, timeZone: string): Promise<CountRow[]> {
  return await sql<CountRow[]>`
    select status as key, count(*)::int as n from automation_runs
    where queued_at >= date_trunc('day', now() at time zone ${timeZone}) at time zone ${timeZone}
    group by status`;
}

/** Median and 95th percentile of the durations of runs that finished since `since`. */
export async function durationPercentiles(
  sql: Sql,
  since: Date,
): Promise<{ p50: number | null; p95: number | null }> {
  const [row] = await sql<{ p50: number | null; p95: number | null }[]>`
    select percentile_cont(0.5) within group (order by duration_ms)::float8 as p50,
      percentile_cont(0.95) within group (order by duration_ms)::float8 as p95
    from automation_runs
    where finished_at >= ${since} and duration_ms is not null
      and status in ('succeeded', 'failed', 'timed_out')`;
  return row;
}

/** The tenant's runs waiting and running now, and when the oldest waiting one was queued. */
export async function runQueue(
  sql: Sql,
): Promise<{ queued: number; running: number; oldestQueuedAt: string | null }> {
  const [row] = await sql<{ queued: number; running: number; oldestQueuedAt: string | null }[]>`
    select count(*) filter (where status = 'queued')::int as queued,
      count(*) filter (where status = 'running')::int as running,
      min(queued_at) filter (where status = 'queued') as oldest_queued_at
    from automation_runs where status in ('queued', 'running')`;
  return row;
}

/**
 * The tenant's part of the shared job queue (every module's jobs, not only runs): jobs due and
 * waiting, jobs running, and the workers that held one of its jobs within `windowSeconds` (or
 * reported a run's heartbeat then).
 */
export async function sharedQueue(
  sql: Sql,
  windowSeconds: number,
): Promise<{ due: number; running: number; workers: number }> {
  const [row] = await sql<{ due: number; running: number; workers: number }[]>`
    with q as (
      select count(*) filter (where state = 'queued' and run_after <= now())::int as due,
        count(*) filter (where state = 'running')::int as running
      from jobs where state in ('queued', 'running')
    ), w as (
      select locked_by as worker from jobs
      where locked_by is not null and (state = 'running'
        or coalesce(finished_at, started_at) >= now() - make_interval(secs => ${windowSeconds}))
      union
      select worker from automation_runs
      where worker is not null
        and coalesce(heartbeat_at, finished_at, started_at)
          >= now() - make_interval(secs => ${windowSeconds})
    )
    select q.due, q.running, (select count(*)::int from w) as workers from q`;
  return row;
}

export interface NextRunRow {
  jobId: string;
  jobName: string;
  agentId: string;
  agentName: string;
  triggerKind: string;
  nextRunAt: string;
}

/** The enabled jobs due next (of agents that are not switched off). */
export async function selectNextRuns(sql: Sql, limit: number): Promise<NextRunRow[]> {
  return await sql<NextRunRow[]>`
    select j.id as job_id, j.name as job_name, a.id as agent_id, a.name as agent_name,
      j.trigger_kind, j.next_run_at
    from automation_jobs j
      join automation_agents a on a.tenant_id = j.tenant_id and a.id = j.agent_id
    where j.enabled and j.next_run_at is not null and a.state <> 'pasif'
    order by j.next_run_at, j.id
    limit ${limit}`;
}

export interface FailureRow {
  runId: string;
  jobId: string | null;
  jobName: string | null;
  agentId: string;
  agentName: string;
  status: string;
  error: string | null;
  finishedAt: string;
}

/** The latest failed and timed-out runs. */
export async function selectRecentFailures(sql: Sql, limit: number): Promise<FailureRow[]> {
  return await sql<FailureRow[]>`
    select r.id as run_id, r.job_id, j.name as job_name, r.agent_id, a.name as agent_name,
      r.status, left(r.error, 300) as error, r.finished_at
    from automation_runs r
      join automation_agents a on a.tenant_id = r.tenant_id and a.id = r.agent_id
      left join automation_jobs j on j.tenant_id = r.tenant_id and j.id = r.job_id
    where r.status in ('failed', 'timed_out') and r.finished_at is not null
    order by r.finished_at desc, r.id desc
    limit ${limit}`;
}

import type { Sql } from "../../../shared/db/database.ts";
import type { AgentState, JobRecord, RunStatus } from "../common/common.schemas.ts";

// Keyset key with microseconds: jobs created in one transaction share one now().
const US = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;

/** A job with what its list row shows: agent, live run counts, last run, keyset key. */
export type JobRow = JobRecord & {
  agentName: string;
  agentState: AgentState;
  running: number;
  queued: number;
  lastRunId: string | null;
  lastRunStatus: RunStatus | null;
  lastRunAt: string | null;
  sortKey: string;
};

// The input travels as text: the driver's camelCase transform would rename keys inside it.
const JOB_COLUMNS = `j.id, j.name, j.description, j.agent_id, j.trigger_kind, j.cron, j.timezone,
  j.run_at, j.interval_seconds, j.event, j.webhook_secret_hash, j.input::text as input_json,
  j.priority, j.timeout_seconds, j.max_attempts, j.backoff_seconds, j.concurrency, j.catchup,
  j.catchup_limit, j.notify_on_failure, j.enabled, j.next_run_at, j.last_fired_at, j.created_by,
  j.created_at, j.updated_at`;

/** The job's own columns (for code that locks and fires it). */
export const jobColumns = (sql: Sql) => sql.unsafe(JOB_COLUMNS);

const rowColumns = (sql: Sql) =>
  sql.unsafe(`${JOB_COLUMNS}, a.name as agent_name, a.state as agent_state,
  coalesce(live.running, 0) as running, coalesce(live.queued, 0) as queued,
  last.id as last_run_id, last.status as last_run_status,
  coalesce(last.finished_at, last.started_at, last.queued_at) as last_run_at,
  to_char(j.created_at at time zone 'UTC', ${US}) as sort_key`);

const rowFrom = (sql: Sql) =>
  sql`from automation_jobs j
      join automation_agents a on a.id = j.agent_id
      left join lateral (
        select count(*) filter (where r.status = 'running')::int as running,
               count(*) filter (where r.status = 'queued')::int as queued
        from automation_runs r where r.job_id = j.id and r.status in ('queued', 'running')
      ) live on true
      left join lateral (
        select r.id, r.status, r.queued_at, r.started_at, r.finished_at from automation_runs r
        where r.job_id = j.id order by r.queued_at desc, r.id desc limit 1
      ) last on true`;

type Raw<T> = Omit<T, "input"> & { inputJson: string };

export function toRecord<T extends JobRecord>({ inputJson, ...r }: Raw<T>): T {
  return { ...r, input: JSON.parse(inputJson) } as unknown as T;
}

export interface JobFilter {
  agentId?: string;
  trigger?: string;
  enabled?: boolean;
  state?: "active" | "pending";
  q?: string;
}

/** Jobs newest first, keyset-paged on (created_at, id); fetches limit + 1. */
export async function selectJobs(
  sql: Sql,
  f: JobFilter,
  limit: number,
  after: [string, string] | null,
): Promise<JobRow[]> {
  const like = f.q ? `%${f.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
  const rows = await sql<Raw<JobRow>[]>`
    select ${rowColumns(sql)} ${rowFrom(sql)}
    where true
      ${f.agentId ? sql`and j.agent_id = ${f.agentId}` : sql``}
      ${f.trigger ? sql`and j.trigger_kind = ${f.trigger}` : sql``}
      ${f.enabled !== undefined ? sql`and j.enabled = ${f.enabled}` : sql``}
      ${
    f.state === "active" ? sql`and coalesce(live.running, 0) + coalesce(live.queued, 0) > 0` : sql``
  }
      ${f.state === "pending" ? sql`and j.enabled and j.next_run_at is not null` : sql``}
      ${like ? sql`and (j.name ilike ${like} or a.name ilike ${like})` : sql``}
      ${
    after ? sql`and (j.created_at, j.id) < (${after[0]}::timestamptz, ${after[1]}::uuid)` : sql``
  }
    order by j.created_at desc, j.id desc limit ${limit + 1}`;
  return rows.map(toRecord);
}

export async function findJobRow(sql: Sql, id: string): Promise<JobRow | null> {
  const [row] = await sql<Raw<JobRow>[]>`select ${rowColumns(sql)} ${rowFrom(sql)}
                                         where j.id = ${id}`;
  return row ? toRecord(row) : null;
}

/** The job's own record, optionally locked for an update in this transaction. */
export async function findJob(sql: Sql, id: string, lock = false): Promise<JobRecord | null> {
  const [row] = await sql<Raw<JobRecord>[]>`
    select ${jobColumns(sql)} from automation_jobs j where j.id = ${id}
    ${lock ? sql`for update` : sql``}`;
  return row ? toRecord(row) : null;
}

/** The stored columns a create or update writes. */
export type JobWrite = Omit<
  JobRecord,
  "id" | "createdBy" | "createdAt" | "updatedAt" | "lastFiredAt"
>;

export async function insertJob(sql: Sql, id: string, w: JobWrite, createdBy: string) {
  await sql`
    insert into automation_jobs (tenant_id, id, created_by, name, description, agent_id,
      trigger_kind, cron, timezone, run_at, interval_seconds, event, webhook_secret_hash, input,
      priority, timeout_seconds, max_attempts, backoff_seconds, concurrency, catchup,
      catchup_limit, notify_on_failure, enabled, next_run_at)
    values (nullif(current_setting('app.tenant_id', true), '')::uuid, ${id}, ${createdBy},
      ${w.name}, ${w.description}, ${w.agentId}, ${w.triggerKind}, ${w.cron}, ${w.timezone},
      ${w.runAt}, ${w.intervalSeconds}, ${w.event}, ${w.webhookSecretHash},
      ${sql.json(w.input as never)}, ${w.priority}, ${w.timeoutSeconds}, ${w.maxAttempts},
      ${w.backoffSeconds}, ${w.concurrency}, ${w.catchup}, ${w.catchupLimit},
      ${w.notifyOnFailure}, ${w.enabled}, ${w.nextRunAt})`;
}

export async function updateJob(sql: Sql, id: string, w: JobWrite) {
  await sql`
    update automation_jobs set name = ${w.name}, description = ${w.description},
      agent_id = ${w.agentId}, trigger_kind = ${w.triggerKind}, cron = ${w.cron},
      timezone = ${w.timezone}, run_at = ${w.runAt}, interval_seconds = ${w.intervalSeconds},
      event = ${w.event}, webhook_secret_hash = ${w.webhookSecretHash},
      input = ${sql.json(w.input as never)}, priority = ${w.priority},
      timeout_seconds = ${w.timeoutSeconds}, max_attempts = ${w.maxAttempts},
      backoff_seconds = ${w.backoffSeconds}, concurrency = ${w.concurrency},
      catchup = ${w.catchup}, catchup_limit = ${w.catchupLimit},
      notify_on_failure = ${w.notifyOnFailure}, enabled = ${w.enabled},
      next_run_at = ${w.nextRunAt}, updated_at = now()
    where id = ${id}`;
}

export async function deleteJob(sql: Sql, id: string): Promise<boolean> {
  const rows = await sql`delete from automation_jobs where id = ${id} returning id`;
  return rows.length > 0;
}

export async function setWebhookHash(sql: Sql, id: string, hash: string) {
  await sql`update automation_jobs set webhook_secret_hash = ${hash}, updated_at = now()
            where id = ${id}`;
}

/** The agent a job names: its state decides whether a run starts. */
export async function findAgent(sql: Sql, id: string) {
  const [row] = await sql<{ id: string; name: string; state: AgentState }[]>`
    select id, name, state from automation_agents where id = ${id}`;
  return row ?? null;
}

/** Agents to pick from (the job form), by name. */
export async function agentChoices(sql: Sql) {
  return await sql<{ id: string; name: string; state: AgentState }[]>`
    select id, name, state from automation_agents order by name limit 500`;
}

/** When the job's latest run was queued (the minimum interval between runs). */
export async function lastQueuedAt(sql: Sql, jobId: string): Promise<string | null> {
  const [row] = await sql<{ queuedAt: string }[]>`
    select queued_at from automation_runs where job_id = ${jobId}
    order by queued_at desc limit 1`;
  return row?.queuedAt ?? null;
}

/** Enabled jobs triggered by a domain event. */
export async function jobsOnEvent(sql: Sql, event: string): Promise<JobRecord[]> {
  const rows = await sql<Raw<JobRecord>[]>`
    select ${jobColumns(sql)} from automation_jobs j
    where j.trigger_kind = 'event' and j.enabled and j.event = ${event}
    order by j.created_at`;
  return rows.map(toRecord);
}

/** The transaction's tenant (the webhook URL names it). */
export async function currentTenant(sql: Sql): Promise<string> {
  const [{ tenantId }] = await sql`select current_setting('app.tenant_id', true) as tenant_id`;
  return tenantId;
}

/** Whether the transaction's tenant is active (a suspended one receives no webhooks). */
export async function tenantActive(sql: Sql): Promise<boolean> {
  const [row] = await sql`select status from tenants
                          where id = nullif(current_setting('app.tenant_id', true), '')::uuid`;
  return row?.status === "active";
}

/** Whether another job (not `except`) already has this name. */
export async function jobNameTaken(sql: Sql, name: string, except?: string): Promise<boolean> {
  const [taken] = await sql`select 1 from automation_jobs where name = ${name}
                            ${except ? sql`and id <> ${except}` : sql``}`;
  return !!taken;
}

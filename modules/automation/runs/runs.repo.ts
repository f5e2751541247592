import type { Sql } from "../../../shared/db/database.ts";
import type { RunRecord, RunStatus, RunTrigger } from "../common/common.schemas.ts";
import { type FieldColumns, selectList } from "../../../shared/db/fieldset.ts";

// Keyset key with microseconds: runs queued in one transaction share one now().
const US = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;

/** A run with the names a person reads (job and agent) and its keyset key. */
export type RunRow = RunRecord & { jobName: string | null; agentName: string; sortKey: string };

/**
 * A run's API fields and their select items, for a sparse fieldset (`fields=`,
 * shared/db/fieldset.ts): the history reads the asked ones, the id and its keyset key.
 */
const RUN_FIELDS: FieldColumns = {
  id: "r.id",
  jobId: "r.job_id",
  jobName: "j.name as job_name",
  agentId: "r.agent_id",
  agentName: "a.name as agent_name",
  agentVersion: "r.agent_version",
  trigger: "r.trigger",
  occurrence: "r.occurrence",
  status: "r.status",
  attempt: "r.attempt",
  maxAttempts: "r.max_attempts",
  input: "r.input::text as input_json",
  result: "r.result::text as result_json",
  error: "r.error",
  logTruncated: "r.log_truncated",
  cancelRequested: "r.cancel_requested",
  queuedAt: "r.queued_at",
  startedAt: "r.started_at",
  finishedAt: "r.finished_at",
  durationMs: "r.duration_ms",
  createdBy: "r.created_by",
};

/**
 * The run's columns and its keyset key: every API field plus what the engine and the run page
 * need (the queue job, the worker, its heartbeat, the log or an empty one), or a sparse fieldset's
 * fields and the id. JSON columns travel as text: the driver's camelCase transform would rename
 * keys inside them.
 */
const columns = (sql: Sql, withLog: boolean, fields?: readonly string[]) =>
  sql.unsafe(
    `${selectList(RUN_FIELDS, fields, ["id"])}, ${
      fields
        ? ""
        : `r.queue_job_id, r.worker, r.heartbeat_at, ${withLog ? "r.log" : "''::text as log"},`
    } to_char(r.queued_at at time zone 'UTC', ${US}) as sort_key`,
  );

const from = (sql: Sql) =>
  sql`from automation_runs r
      join automation_agents a on a.id = r.agent_id
      left join automation_jobs j on j.id = r.job_id`;

type RawRun = Omit<RunRow, "input" | "result"> & {
  inputJson: string | null;
  resultJson: string | null;
};

// A column a sparse fieldset did not read stays undefined (and out of the answer).
const parsed = (json: string | null | undefined) =>
  typeof json === "string" ? JSON.parse(json) : json;

function toRun({ inputJson, resultJson, ...r }: RawRun): RunRow {
  return { ...r, input: parsed(inputJson), result: parsed(resultJson) };
}

export interface NewRun {
  id: string;
  jobId: string | null;
  agentId: string;
  agentVersion: number;
  trigger: RunTrigger;
  occurrence: Date | null;
  status: "queued" | "skipped";
  maxAttempts: number;
  input: unknown;
  error: string | null;
  createdBy: string | null;
}

/** Inserts a run; false when the job's occurrence already has one (exactly once). */
export async function insertRun(sql: Sql, r: NewRun): Promise<boolean> {
  const finished = r.status === "skipped";
  const rows = await sql`
    insert into automation_runs (tenant_id, id, job_id, agent_id, agent_version, trigger,
      occurrence, status, max_attempts, input, error, created_by, finished_at)
    values (nullif(current_setting('app.tenant_id', true), '')::uuid, ${r.id}, ${r.jobId},
      ${r.agentId}, ${r.agentVersion}, ${r.trigger}, ${r.occurrence}, ${r.status},
      ${r.maxAttempts}, ${sql.json((r.input ?? {}) as never)}, ${r.error}, ${r.createdBy},
      ${finished ? sql`now()` : null})
    on conflict (tenant_id, job_id, occurrence) where occurrence is not null do nothing
    returning id`;
  return rows.length > 0;
}

export async function setQueueJob(sql: Sql, runId: string, queueJobId: string) {
  await sql`update automation_runs set queue_job_id = ${queueJobId} where id = ${runId}`;
}

export async function findRun(sql: Sql, id: string, withLog = true): Promise<RunRow | null> {
  const [row] = await sql<RawRun[]>`select ${columns(sql, withLog)} ${from(sql)}
                                    where r.id = ${id}`;
  return row ? toRun(row) : null;
}

/** The run's log as it stands, its length in bytes (see RunEvent.end) and its status. */
export async function findRunLog(sql: Sql, id: string) {
  const [row] = await sql<{ log: string; end: number; status: RunStatus }[]>`
    select log, octet_length(log) as end, status from automation_runs where id = ${id}`;
  return row ?? null;
}

/** The job's runs that are waiting or running (for the concurrency policies), locked. */
export async function activeRunsOfJob(sql: Sql, jobId: string) {
  return await sql<{ id: string; status: RunStatus; queueJobId: string | null }[]>`
    select id, status, queue_job_id from automation_runs
    where job_id = ${jobId} and status in ('queued', 'running')
    order by queued_at for update`;
}

export interface HistoryFilter {
  statuses?: RunStatus[];
  jobId?: string;
  agentId?: string;
  trigger?: string;
  from?: string;
  to?: string;
}

const filterSql = (sql: Sql, f: HistoryFilter) =>
  sql`${f.statuses?.length ? sql`and r.status = any(${f.statuses})` : sql``}
      ${f.jobId ? sql`and r.job_id = ${f.jobId}` : sql``}
      ${f.agentId ? sql`and r.agent_id = ${f.agentId}` : sql``}
      ${f.trigger ? sql`and r.trigger = ${f.trigger}` : sql``}
      ${f.from ? sql`and r.queued_at >= ${f.from}::timestamptz` : sql``}
      ${f.to ? sql`and r.queued_at < ${f.to}::timestamptz` : sql``}`;

/**
 * Runs newest first, keyset-paged on (queued_at, id); fetches limit + 1. With `fields` (a sparse
 * fieldset) only those columns, the id and the keyset key.
 */
export async function selectRuns(
  sql: Sql,
  f: HistoryFilter,
  limit: number,
  after: [string, string] | null,
  fields?: readonly string[],
): Promise<RunRow[]> {
  const rows = await sql<RawRun[]>`
    select ${columns(sql, false, fields)} ${from(sql)}
    where true ${filterSql(sql, f)}
      ${
    after ? sql`and (r.queued_at, r.id) < (${after[0]}::timestamptz, ${after[1]}::uuid)` : sql``
  }
    order by r.queued_at desc, r.id desc limit ${limit + 1}`;
  return rows.map(toRun);
}

export interface StatRow {
  key: string;
  label: string;
  succeeded: number;
  failed: number;
  other: number;
  total: number;
}

/** Finished runs of the last `days` days counted by agent, job or day (UTC). */
export async function runStats(
  sql: Sql,
  days: number,
  groupBy: "agent" | "job" | "day",
): Promise<StatRow[]> {
  const [key, label] = groupBy === "agent"
    ? ["r.agent_id::text", "a.name"]
    : groupBy === "job"
    ? ["coalesce(r.job_id::text, '')", "coalesce(j.name, '')"]
    : ["to_char(r.queued_at at time zone 'UTC', 'YYYY-MM-DD')", "min(0)::text"];
  return await sql<StatRow[]>`
    select ${sql.unsafe(key)} as key,
      ${groupBy === "day" ? sql.unsafe(key) : sql.unsafe(`min(${label})`)} as label,
      count(*) filter (where r.status = 'succeeded')::int as succeeded,
      count(*) filter (where r.status in ('failed', 'timed_out'))::int as failed,
      count(*) filter (where r.status in ('cancelled', 'skipped'))::int as other,
      count(*)::int as total
    ${from(sql)}
    where r.queued_at >= now() - make_interval(days => ${days})
      and r.status not in ('queued', 'running')
    group by 1 order by ${groupBy === "day" ? sql`1` : sql`total desc, 2`}
    limit 500`;
}

/** Marks a queued run cancelled at once (returns false when it had already started). */
export async function cancelQueuedRun(sql: Sql, id: string) {
  const rows = await sql`
    update automation_runs set status = 'cancelled', cancel_requested = true,
      finished_at = now(), error = coalesce(error, 'cancelled before it started')
    where id = ${id} and status = 'queued' returning id`;
  return rows.length > 0;
}

/** Asks the worker running the run to stop (it checks at each heartbeat and on the bus). */
export async function requestCancel(sql: Sql, id: string) {
  const rows = await sql`update automation_runs set cancel_requested = true
                         where id = ${id} and status = 'running' returning id`;
  return rows.length > 0;
}

/** Runs of the tenant waiting in the queue (the backlog warning). */
export async function countQueued(sql: Sql): Promise<number> {
  const [{ n }] = await sql`select count(*)::int as n from automation_runs
                            where status = 'queued'`;
  return n;
}

/** What enqueueing needs of an agent: its state and the version a run records. */
export async function agentForRun(sql: Sql, id: string) {
  const [row] = await sql<
    { id: string; name: string; state: string; version: number; createdBy: string | null }[]
  >`select id, name, state, version, created_by from automation_agents where id = ${id}`;
  return row ?? null;
}

/** The transaction's tenant (bus messages carry it so listeners can filter). */
export async function currentTenant(sql: Sql): Promise<string> {
  const [{ tenantId }] = await sql`select current_setting('app.tenant_id', true) as tenant_id`;
  return tenantId;
}

/** The agents and jobs of the tenant by name, for the history page's filters. */
export async function historyChoices(sql: Sql) {
  const [agents, jobs] = await Promise.all([
    sql<{ id: string; name: string }[]>`select id, name from automation_agents order by name, id`,
    sql<{ id: string; name: string }[]>`select id, name from automation_jobs order by name, id`,
  ]);
  return { agents: [...agents], jobs: [...jobs] };
}

/** How a run ended: its status, result as text JSON (keys keep their spelling) and error. */
export async function runOutcomeRow(
  sql: Sql,
  runId: string,
): Promise<{ status: string; resultJson: string | null; error: string | null } | null> {
  const [row] = await sql<{ status: string; resultJson: string | null; error: string | null }[]>`
    select status, result::text as result_json, error from automation_runs where id = ${runId}`;
  return row ?? null;
}

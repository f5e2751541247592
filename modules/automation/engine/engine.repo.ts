import type { Sql } from "../../../shared/db/database.ts";
import type { RunStatus } from "../common/common.schemas.ts";

/** What the engine reads of a run before starting it (locked: one worker starts it). */
export interface RunToStart {
  id: string;
  jobId: string | null;
  agentId: string;
  agentVersion: number;
  trigger: string;
  status: RunStatus;
  maxAttempts: number;
  inputJson: string;
  cancelRequested: boolean;
  logBytes: number;
  logTruncated: boolean;
}

export async function lockRun(sql: Sql, id: string): Promise<RunToStart | null> {
  const [row] = await sql<RunToStart[]>`
    select id, job_id, agent_id, agent_version, trigger, status, max_attempts,
      input::text as input_json, cancel_requested, octet_length(log) as log_bytes, log_truncated
    from automation_runs where id = ${id} for update`;
  return row ?? null;
}

export async function markRunning(
  sql: Sql,
  id: string,
  attempt: number,
  worker: string,
  separator: string,
) {
  await sql`update automation_runs set status = 'running', attempt = ${attempt},
              worker = ${worker}, started_at = now(), heartbeat_at = now(), finished_at = null,
              log = log || ${separator}
            where id = ${id}`;
}

/** Beats the run's heart; returns whether someone asked it to stop. */
export async function beat(sql: Sql, id: string): Promise<boolean> {
  const [row] = await sql`update automation_runs set heartbeat_at = now()
                          where id = ${id} and status = 'running'
                          returning cancel_requested`;
  return row ? row.cancelRequested : true;
}

/**
 * Appends to the run's log; returns the log's length in bytes after the chunk, which the live log
 * uses to tell lines it already has (from the snapshot a stream starts with) from new ones.
 */
export async function appendLog(sql: Sql, id: string, chunk: string, truncated: boolean) {
  const [row] = await sql<{ end: number }[]>`update automation_runs set log = log || ${chunk},
              log_truncated = log_truncated or ${truncated}, heartbeat_at = now()
            where id = ${id} returning octet_length(log) as end`;
  return row?.end;
}

export interface Outcome {
  status: RunStatus;
  result: unknown;
  error: string | null;
  durationMs: number;
}

/** The run's final state (only from running: a sweep that already failed it wins). */
export async function finishRun(sql: Sql, id: string, o: Outcome) {
  const rows = await sql`
    update automation_runs set status = ${o.status},
      result = ${o.result === undefined || o.result === null ? null : sql.json(o.result as never)},
      error = ${o.error}, duration_ms = ${Math.round(o.durationMs)}, finished_at = now()
    where id = ${id} and status = 'running' returning id`;
  return rows.length > 0;
}

/** A failed attempt that the queue will retry: the run waits again, showing the last error. */
export async function requeueRun(sql: Sql, id: string, error: string, durationMs: number) {
  await sql`update automation_runs set status = 'queued', error = ${error},
              duration_ms = ${Math.round(durationMs)}, worker = null
            where id = ${id} and status = 'running'`;
}

export interface JobForRun {
  id: string;
  name: string;
  timeoutSeconds: number | null;
  notifyOnFailure: boolean;
  createdBy: string | null;
}

export async function jobForRun(sql: Sql, id: string): Promise<JobForRun | null> {
  const [row] = await sql<JobForRun[]>`
    select id, name, timeout_seconds, notify_on_failure, created_by
    from automation_jobs where id = ${id}`;
  return row ?? null;
}

/** Active members among `ids` with their e-mail, and the tenant's language (notifications). */
export async function recipientsOf(sql: Sql, ids: string[]) {
  return await sql<{ userId: string; email: string; locale: string }[]>`
    select d.user_id, d.email, coalesce(t.locale, 'en') as locale
    from member_directory d
    left join tenants t on t.id = nullif(current_setting('app.tenant_id', true), '')::uuid
    where d.user_id = any(${ids}::uuid[]) and d.status = 'active'`;
}

/** Runs of the tenant waiting in the queue. */
export async function queuedCount(sql: Sql): Promise<number> {
  const [{ n }] = await sql`select count(*)::int as n from automation_runs
                            where status = 'queued'`;
  return n;
}

/** Sets the run to running (before finishRun records how it ended). */
export async function setRunning(sql: Sql, id: string) {
  await sql`update automation_runs set status = 'running' where id = ${id}`;
}

/** The run's status, or null when there is no such run. */
export async function runStatus(sql: Sql, id: string): Promise<string | null> {
  const [row] = await sql<{ status: string }[]>`select status from automation_runs
                                                where id = ${id}`;
  return row?.status ?? null;
}

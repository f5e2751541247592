import { uuidv7 } from "uuidv7";
import type { Sql } from "../db/database.ts";
import { log } from "../log.ts";
import type { JobRow } from "./queue.ts";

const MAX_BACKOFF_SECONDS = 3600;

/** How one run ended. `failed` requeues the job after `delaySeconds`. */
export interface Outcome {
  tenantId: string;
  id: string;
  attempt: number;
  status: "succeeded" | "failed" | "dead";
  error: string | null;
  delaySeconds: number;
  log: string;
}

/** How a run ended, from its error (null: success); failures back off exponentially. */
export function outcome(
  job: JobRow,
  error: string | null,
  retry: boolean,
  logText: string,
): Outcome {
  const dead = error !== null && (!retry || job.attempts >= job.maxAttempts);
  const status = error === null ? "succeeded" : dead ? "dead" : "failed";
  const delay = Math.min(job.backoffSeconds * 2 ** (job.attempts - 1), MAX_BACKOFF_SECONDS) *
    (0.9 + Math.random() * 0.2);
  if (error) {
    log.warn("job failed", { job: job.name, id: job.id, attempt: job.attempts, status, error });
  }
  return {
    tenantId: job.tenantId,
    id: job.id,
    attempt: job.attempts,
    status,
    error,
    delaySeconds: delay,
    log: logText,
  };
}

/** Most outcomes one statement records (keeps the statement's parameter bounded). */
const MAX_BATCH = 500;

/**
 * Records finished runs, for many jobs in one statement: the jobs (done, dead, or queued again
 * with backoff) and one job_runs row each (a run is written once, when it ends). Fenced by worker
 * and attempt, so a job whose lease was lost (recorded lost, and maybe running elsewhere now) is
 * not overwritten.
 */
export async function completeJobs(tx: Sql, workerId: string, outcomes: Outcome[]) {
  const rows = outcomes.map((o) => ({ ...o, runId: uuidv7() }));
  await tx`
    with input as (
      select * from jsonb_to_recordset(${tx.json(rows as never)})
        as i("tenantId" uuid, id uuid, attempt int, status text, error text,
             "delaySeconds" float8, log text, "runId" uuid)
    ), done as (
      update jobs j set
        state = case when i.status = 'failed' then 'queued' else i.status end,
        run_after = case when i.status = 'failed'
                    then now() + make_interval(secs => i."delaySeconds") else j.run_after end,
        finished_at = case when i.status <> 'failed' then now() end,
        last_error = i.error, locked_by = null, lease_until = null
      from input i
      where j.tenant_id = i."tenantId" and j.id = i.id and j.locked_by = ${workerId}
        and j.attempts = i.attempt and j.state = 'running'
      returning j.tenant_id, j.id, j.name, j.started_at, i.attempt, i.status, i.error, i.log,
        i."runId"
    )
    insert into job_runs (tenant_id, id, job_id, name, attempt, status, worker, started_at,
                          finished_at, error, log)
    select d.tenant_id, d."runId", d.id, d.name, d.attempt, d.status, ${workerId}, d.started_at,
      now(), d.error, d.log
    from done d`;
}

interface Pending {
  outcome: Outcome;
  resolve: () => void;
  reject: (err: unknown) => void;
}

/**
 * Gathers the outcomes of runs that end close together and records them in one statement: the
 * runs of one claim usually end within the same few milliseconds. One write is in flight at a
 * time; outcomes arriving meanwhile form the next one. submit() resolves once its outcome is
 * recorded (or rejects with the write's error).
 */
export class CompletionBatcher {
  private pending: Pending[] = [];
  private flushing: Promise<void> | null = null;

  constructor(private readonly write: (outcomes: Outcome[]) => Promise<void>) {}

  submit(outcome: Outcome): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({ outcome, resolve, reject });
      this.flushing ??= this.flush();
    });
  }

  private async flush() {
    // One timer turn: the other runs of the claim, finishing in this turn, join the write.
    await new Promise((r) => setTimeout(r, 0));
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, MAX_BATCH);
      try {
        await this.write(batch.map((p) => p.outcome));
        for (const p of batch) p.resolve();
      } catch (err) {
        for (const p of batch) p.reject(err);
      }
    }
    this.flushing = null;
  }
}

import { uuidv7 } from "uuidv7";
import type { Database, Sql } from "../db/database.ts";
import { transaction, withScope } from "../db/scope.ts";
import { log } from "../log.ts";
import { type JobRow, onEnqueue, PLATFORM_TENANT } from "./queue.ts";
import { type Bus, createBus } from "../realtime/bus.ts";

export const WORKER_ROLE = "platform_worker";
// Claims are serialized by this transaction-level lock so per-tenant limits hold exactly.
const CLAIM_LOCK = 7_202_613;
const MAX_BACKOFF_SECONDS = 3600;
const LOG_LIMIT = 4000;

export interface JobContext {
  job: JobRow;
  /** The job's tenant, or null for platform-wide jobs. */
  tenantId: string | null;
  payload: unknown;
  attempt: number;
  /** Appends a line to the run's log excerpt (kept in job_runs). */
  log(line: string): void;
  /** Runs fn in a transaction scoped to the job's tenant (RLS applies). */
  scoped<T>(fn: (sql: Sql) => Promise<T>): Promise<T>;
  /** Real-time fan-out, for jobs that notify users. */
  bus: Bus;
  /**
   * Aborted when the run passes the dispatcher's maximum run time: the run is recorded as
   * failed and the job released; long handlers should pass it on (fetch, sleeps). After it,
   * `scoped` refuses new transactions, so an overrunning handler cannot write any more.
   */
  signal: AbortSignal;
}

export type JobHandler = (ctx: JobContext) => Promise<void>;

export interface DispatcherOptions {
  workerId?: string;
  /** Jobs run at once by this dispatcher. */
  concurrency?: number;
  /** Jobs of one tenant running at once across all dispatchers. */
  perTenantLimit?: number;
  leaseSeconds?: number;
  pollMs?: number;
  /** For handlers that publish real-time messages; defaults to an in-process bus. */
  bus?: Bus;
  /** Claim only these job names (a dedicated pool); default: the names in `handlers`. */
  onlyNames?: string[];
  /** A hard limit on one run (the lease is renewed while a run is alive: it is no timeout). */
  maxRunSeconds?: number;
}

/** The run passed the dispatcher's maximum run time. */
export class RunTimeExceeded extends Error {}

/** Runs fn as the dispatcher role, which sees every tenant's queue rows and nothing else. */
export async function asWorker<T>(sql: Sql, fn: (tx: Sql) => Promise<T>): Promise<T> {
  return await transaction(sql, (tx) => tx`select set_config('role', ${WORKER_ROLE}, true)`, fn);
}

/**
 * Claims due jobs (priority, then age), runs their handlers with a renewed lease, records each
 * run in job_runs, retries failures with exponential backoff and dead-letters them at the limit.
 * Several dispatchers (in one process or many) share the queue safely.
 */
export class Dispatcher {
  readonly workerId: string;
  private readonly concurrency: number;
  private readonly perTenantLimit: number;
  private readonly leaseSeconds: number;
  private readonly pollMs: number;
  private readonly maxRunMs: number;
  private readonly onlyNames: string[];
  private readonly bus: Bus;
  private readonly active = new Set<Promise<void>>();
  private running = false;
  /** Runs ended so far (drain compares it around a claim). */
  private finished = 0;
  private wake: (() => void) | null = null;
  private loop: Promise<void> | null = null;
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly db: Database,
    private readonly handlers: Map<string, JobHandler>,
    opts: DispatcherOptions = {},
  ) {
    this.workerId = opts.workerId ?? `worker-${uuidv7().slice(-12)}`;
    this.concurrency = opts.concurrency ?? 4;
    this.perTenantLimit = opts.perTenantLimit ?? 2;
    this.leaseSeconds = opts.leaseSeconds ?? 30;
    this.pollMs = opts.pollMs ?? 1000;
    this.maxRunMs = (opts.maxRunSeconds ?? 900) * 1000;
    // By default only jobs this instance can run: during a rolling deploy an older instance
    // must not dead-letter jobs that only the newer one knows.
    this.onlyNames = opts.onlyNames ?? [...handlers.keys()];
    this.bus = opts.bus ?? createBus(db);
  }

  start() {
    if (this.running) return;
    this.running = true;
    this.unsubscribe = onEnqueue(() => this.wake?.());
    this.loop = this.run();
  }

  /** Stops claiming and waits for running jobs to finish. */
  async stop() {
    this.running = false;
    this.unsubscribe?.();
    this.wake?.();
    await this.loop;
    await Promise.all(this.active);
  }

  private async run() {
    while (this.running) {
      let claimed = 0;
      try {
        claimed = await this.claimAndStart(this.concurrency - this.active.size);
      } catch (err) {
        log.error("job claim failed", { worker: this.workerId, error: String(err) });
      }
      if (claimed > 0 && this.active.size < this.concurrency) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, this.pollMs);
        function done() {
          clearTimeout(timer);
          resolve();
        }
        this.wake = done;
      });
      this.wake = null;
    }
  }

  /** Claims and runs whatever is due now, waiting until those jobs finish (tests, benchmarks). */
  async drain(): Promise<number> {
    let total = 0;
    while (true) {
      // A job that finishes while the claim runs may have queued more work after the claim's
      // snapshot: only a claim that began after every run ended can say the queue is empty.
      const finishedBefore = this.finished;
      const claimed = await this.claimAndStart(this.concurrency - this.active.size);
      total += claimed;
      if (claimed === 0 && this.active.size === 0 && this.finished === finishedBefore) {
        return total;
      }
      const full = claimed === 0 || this.active.size >= this.concurrency;
      if (full && this.active.size > 0) await Promise.race(this.active);
    }
  }

  private async claimAndStart(free: number): Promise<number> {
    if (free <= 0) return 0;
    const jobs = await this.claim(free);
    for (const job of jobs) {
      const p: Promise<void> = this.execute(job).finally(() => {
        this.finished++;
        this.active.delete(p);
        this.wake?.();
      });
      this.active.add(p);
    }
    return jobs.length;
  }

  /** Reaps expired leases, then claims up to `limit` due jobs within the per-tenant limit. */
  async claim(limit: number): Promise<JobRow[]> {
    const { workerId, leaseSeconds, perTenantLimit } = this;
    return await asWorker(this.db.sql, async (tx) => {
      await tx`select pg_advisory_xact_lock(${CLAIM_LOCK})`;
      const lost = await tx`
        update jobs set
          state = case when attempts >= max_attempts then 'dead' else 'queued' end,
          finished_at = case when attempts >= max_attempts then now() end,
          last_error = 'lease expired: the worker stopped answering',
          locked_by = null, lease_until = null, run_after = now()
        where state = 'running' and lease_until <= now()
        returning tenant_id, id`;
      for (const j of lost) {
        await tx`update job_runs set status = 'lost', finished_at = now(),
                   error = 'lease expired: the worker stopped answering'
                 where tenant_id = ${j.tenantId} and job_id = ${j.id} and status = 'running'`;
      }
      // Cost grows with tenants x per-tenant limit, not with the queue's length: a loose index
      // scan finds the tenants with queued work, then each gives its best few jobs.
      const runIds = Array.from({ length: limit }, () => uuidv7());
      const names = this.onlyNames;
      const claimed = await tx<JobRow[]>`
        with recursive tenants_due as (
          (select tenant_id from jobs where state = 'queued' order by tenant_id limit 1)
          union all
          select (select j.tenant_id from jobs j
                  where j.state = 'queued' and j.tenant_id > t.tenant_id
                  order by j.tenant_id limit 1)
          from tenants_due t where t.tenant_id is not null
        ), running as (
          select tenant_id, count(*)::int as n from jobs where state = 'running' group by tenant_id
        ), candidates as (
          select c.* from tenants_due t
          left join running x using (tenant_id)
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
            limit greatest(${perTenantLimit}::int - coalesce(x.n, 0), 0)
          ) c
          where t.tenant_id is not null
        ), ranked as (
          -- Within one claim, at most one job per serial key and group_free per group key.
          select *,
            row_number() over (partition by tenant_id, serial_key
                               order by priority desc, run_after, id) as serial_rank,
            row_number() over (partition by tenant_id, group_key
                               order by priority desc, run_after, id) as group_rank
          from candidates
        ), picked as (
          select tenant_id, id, row_number() over (order by priority desc, run_after, id) as rn
          from ranked
          where (serial_key is null or serial_rank = 1)
            and (group_key is null or group_rank <= group_free)
          order by priority desc, run_after, id limit ${limit}
        ), claimed as (
          update jobs j set state = 'running', attempts = j.attempts + 1, locked_by = ${workerId},
            lease_until = now() + make_interval(secs => ${leaseSeconds}), started_at = now()
          from picked p
          where j.tenant_id = p.tenant_id and j.id = p.id and j.state = 'queued'
          returning j.*, p.rn
        ), runs as (
          insert into job_runs (tenant_id, id, job_id, name, attempt, status, worker)
          select c.tenant_id, r.id, c.id, c.name, c.attempts, 'running', ${workerId}
          from claimed c join unnest(${runIds}::uuid[]) with ordinality as r(id, rn) using (rn)
        )
        select * from claimed order by rn`;
      return claimed;
    });
  }

  private async execute(job: JobRow) {
    const lines: string[] = [];
    const tenantId = job.tenantId === PLATFORM_TENANT ? null : job.tenantId;
    const deadline = new AbortController();
    const overrun = () =>
      new RunTimeExceeded(`the run exceeded the maximum run time of ${this.maxRunMs / 1000} s`);
    const ctx: JobContext = {
      job,
      tenantId,
      payload: job.payload,
      attempt: job.attempts,
      log: (line) => lines.push(`${new Date().toISOString()} ${line}`),
      // Platform jobs run scoped to the platform's own (nil) tenant: they see their own queue rows
      // and no tenant's data.
      scoped: (fn) =>
        deadline.signal.aborted
          ? Promise.reject(overrun())
          : withScope(this.db.sql, { tenantId: job.tenantId }, fn),
      bus: this.bus,
      signal: deadline.signal,
    };
    const heartbeat = setInterval(
      () => this.renew(job).catch(() => {}),
      (this.leaseSeconds * 1000) / 3,
    );
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const err = overrun();
        deadline.abort(err);
        reject(err);
      }, this.maxRunMs);
    });
    let error: string | null = null;
    let retry = true;
    try {
      const handler = this.handlers.get(job.name);
      if (!handler) throw new NoHandler(`no handler registered for job ${job.name}`);
      await Promise.race([handler(ctx), timedOut]);
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
      if (err instanceof NoHandler) retry = false;
    } finally {
      clearTimeout(timer);
      clearInterval(heartbeat);
    }
    try {
      await this.finish(job, error, retry, lines.join("\n").slice(-LOG_LIMIT));
    } catch (err) {
      // The lease will expire and another dispatcher retries the job.
      log.error("job completion failed", { job: job.id, error: String(err) });
    }
  }

  private async renew(job: JobRow) {
    await asWorker(
      this.db.sql,
      (tx) =>
        tx`update jobs set lease_until = now() + make_interval(secs => ${this.leaseSeconds})
         where tenant_id = ${job.tenantId} and id = ${job.id}
           and locked_by = ${this.workerId} and state = 'running'`,
    );
  }

  private async finish(job: JobRow, error: string | null, retry: boolean, logText: string) {
    const dead = error !== null && (!retry || job.attempts >= job.maxAttempts);
    const status = error === null ? "succeeded" : dead ? "dead" : "failed";
    const delay = Math.min(job.backoffSeconds * 2 ** (job.attempts - 1), MAX_BACKOFF_SECONDS) *
      (0.9 + Math.random() * 0.2);
    await asWorker(this.db.sql, async (tx) => {
      // Fenced by worker and attempt: a job whose lease was lost is not overwritten.
      const updated = await tx`
        update jobs set
          state = ${status === "failed" ? "queued" : status},
          run_after = case when ${status === "failed"} then now() + make_interval(secs => ${delay})
                      else run_after end,
          finished_at = case when ${status !== "failed"} then now() end,
          last_error = ${error}, locked_by = null, lease_until = null
        where tenant_id = ${job.tenantId} and id = ${job.id} and locked_by = ${this.workerId}
          and attempts = ${job.attempts} and state = 'running'`;
      if (updated.count === 0) return;
      await tx`update job_runs set status = ${status}, finished_at = now(), error = ${error},
                 log = ${logText}
               where tenant_id = ${job.tenantId} and job_id = ${job.id}
                 and attempt = ${job.attempts} and status = 'running'`;
    });
    if (error) {
      log.warn("job failed", { job: job.name, id: job.id, attempt: job.attempts, status, error });
    }
  }
}

class NoHandler extends Error {}

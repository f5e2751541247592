import { uuidv7 } from "uuidv7";
import type { Database, Sql } from "../db/database.ts";
import { transaction, withScope } from "../db/scope.ts";
import { log } from "../log.ts";
import { type JobRow, JOBS_CHANNEL, onEnqueue, PLATFORM_TENANT } from "./queue.ts";
import { type Bus, createBus } from "../realtime/bus.ts";
import { claimJobs, lockTenants, reapExpired, renewLeases } from "./claim.ts";
import { completeJobs, CompletionBatcher, outcome } from "./complete.ts";

export const WORKER_ROLE = "platform_worker";
/** A claim found tenants locked by another claim: try again this soon (not at the next poll). */
const CONTENDED_RETRY_MS = 10;
/**
 * How often the loop looks for expired leases. A lease lasts tens of seconds, so looking at
 * every claim (hundreds a second) only walked the lease index again and again.
 */
const REAP_EVERY_MS = 1000;
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

/**
 * The claim's transaction: the dispatcher role, and generic plans. The claim statement is large
 * (planning it took longer than running it); its prepared generic plan is as good, all index
 * lookups by parameter.
 */
const claimSetup = (tx: Sql) =>
  tx`select set_config('role', ${WORKER_ROLE}, true),
            set_config('plan_cache_mode', 'force_generic_plan', true)`;

/** Runs fn as the dispatcher role, which sees every tenant's queue rows and nothing else. */
export async function asWorker<T>(sql: Sql, fn: (tx: Sql) => Promise<T>): Promise<T> {
  return await transaction(sql, (tx) => tx`select set_config('role', ${WORKER_ROLE}, true)`, fn);
}

/**
 * Claims due jobs in batches (priority, then round-robin across tenants, then age), runs their
 * handlers with a renewed lease, records the runs in job_runs in batches, retries failures with
 * exponential backoff and dead-letters them at the limit. Several dispatchers (in one process or
 * many) share the queue safely; claims of different tenants do not wait for each other.
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
  /** Runs not yet recorded (their handlers may have ended; their outcomes are being written). */
  private readonly active = new Set<Promise<void>>();
  /** Handlers running now: what `concurrency` bounds. */
  private busy = 0;
  /** The jobs running here, by id: their leases are renewed together. */
  private readonly leases = new Map<string, JobRow>();
  private readonly completions: CompletionBatcher;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  /** Where the next claim's tenant window starts (matters only past TENANT_WINDOW tenants). */
  private tenantCursor = PLATFORM_TENANT;
  /** Tenants the last claim skipped because another claim held them. */
  private skipped = 0;
  private running = false;
  /** Runs ended so far (drain compares it around a claim). */
  private finished = 0;
  /** A wake-up came while the loop was not waiting: claim again before sleeping. */
  private poked = false;
  private lastReap = 0;
  private wake: (() => void) | null = null;
  private loop: Promise<void> | null = null;
  private unsubscribe: (() => void)[] = [];

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
    this.completions = new CompletionBatcher((outcomes) =>
      asWorker(this.db.sql, (tx) => completeJobs(tx, this.workerId, outcomes))
    );
  }

  start() {
    if (this.running) return;
    this.running = true;
    this.unsubscribe.push(onEnqueue(() => this.poke()));
    // Other instances' enqueues (PostgreSQL: one NOTIFY per enqueuing transaction, 0072).
    this.bus.subscribe(JOBS_CHANNEL, () => this.poke()).then(
      (stop) => this.running ? this.unsubscribe.push(stop) : stop(),
      (err) => log.warn("job wake-ups unavailable: polling", { error: String(err) }),
    );
    this.loop = this.run();
  }

  /** Stops claiming and waits for running jobs to finish. */
  async stop() {
    this.running = false;
    for (const stop of this.unsubscribe.splice(0)) stop();
    this.wake?.();
    await this.loop;
    await Promise.all(this.active);
  }

  private poke() {
    this.poked = true;
    this.wake?.();
  }

  /**
   * Slots for a claim. A run whose handler ended frees its slot while its outcome is written, so
   * the next claim overlaps that write; at most `concurrency` outcomes wait to be written.
   */
  private free() {
    return Math.min(this.concurrency - this.busy, 2 * this.concurrency - this.active.size);
  }

  private async run() {
    while (this.running) {
      this.poked = false;
      let claimed = 0;
      try {
        claimed = await this.claimAndStart(this.free());
      } catch (err) {
        log.error("job claim failed", { worker: this.workerId, error: String(err) });
      }
      if (!this.running) break;
      const room = this.free() > 0;
      if (room && (claimed > 0 || this.poked)) continue;
      await this.sleep(room && this.skipped > 0 ? CONTENDED_RETRY_MS : this.pollMs);
    }
  }

  /** Waits up to `ms`; a wake-up (an enqueue, a run ending) ends the wait. */
  private async sleep(ms: number) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
    this.wake = null;
  }

  /** Claims and runs whatever is due now, waiting until those jobs finish (tests, benchmarks). */
  async drain(): Promise<number> {
    let total = 0;
    let first = true;
    while (true) {
      // A job that finishes while the claim runs may have queued more work after the claim's
      // snapshot: only a claim that began after every run ended can say the queue is empty.
      const finishedBefore = this.finished;
      // The first claim of a drain looks for expired leases whenever the last look was.
      const claimed = await this.claimAndStart(this.free(), first ? true : undefined);
      first = false;
      total += claimed;
      const idle = this.active.size === 0 && this.finished === finishedBefore;
      if (claimed === 0 && idle) {
        // Tenants another claim held at that moment may still have work for us.
        if (this.skipped === 0) return total;
        await new Promise((r) => setTimeout(r, CONTENDED_RETRY_MS));
        continue;
      }
      const full = claimed === 0 || this.free() <= 0;
      if (full && this.active.size > 0) await Promise.race(this.active);
    }
  }

  private async claimAndStart(free: number, reap?: boolean): Promise<number> {
    if (free <= 0) return 0;
    const jobs = await this.claim(free, { reap });
    for (const job of jobs) {
      this.leases.set(job.id, job);
      this.busy++;
      const p: Promise<void> = this.execute(job).finally(() => {
        this.finished++;
        this.leases.delete(job.id);
        this.active.delete(p);
        if (this.active.size === 0) this.stopHeartbeat();
        this.poke();
      });
      this.active.add(p);
    }
    if (jobs.length > 0) this.startHeartbeat();
    return jobs.length;
  }

  /**
   * Reaps expired leases (at most once a second unless `reap` says), then claims up to `limit`
   * due jobs within the per-tenant limit.
   */
  async claim(limit: number, opts: { reap?: boolean } = {}): Promise<JobRow[]> {
    const reap = opts.reap ?? Date.now() - this.lastReap >= REAP_EVERY_MS;
    return await transaction(this.db.sql, claimSetup, async (tx) => {
      if (reap) {
        await reapExpired(tx);
        this.lastReap = Date.now();
      }
      const window = await lockTenants(tx, this.tenantCursor, this.onlyNames);
      this.tenantCursor = window.next ?? PLATFORM_TENANT;
      this.skipped = window.skipped;
      // A statement after the locks: its snapshot sees every claim that held them committed.
      return await claimJobs(tx, {
        tenants: window.locked,
        limit,
        perTenantLimit: this.perTenantLimit,
        names: this.onlyNames,
        workerId: this.workerId,
        leaseSeconds: this.leaseSeconds,
      });
    });
  }

  /** One timer renews the leases of every job running here, in one statement. */
  private startHeartbeat() {
    this.heartbeat ??= setInterval(() => {
      const jobs = [...this.leases.values()];
      asWorker(this.db.sql, (tx) => renewLeases(tx, jobs, this.workerId, this.leaseSeconds))
        .catch((err) => log.warn("lease renewal failed", { error: String(err) }));
    }, (this.leaseSeconds * 1000) / 3);
  }

  private stopHeartbeat() {
    if (this.heartbeat !== null) clearInterval(this.heartbeat);
    this.heartbeat = null;
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
      this.busy--;
      this.poke();
    }
    try {
      await this.completions.submit(outcome(job, error, retry, lines.join("\n").slice(-LOG_LIMIT)));
    } catch (err) {
      // The lease will expire and another dispatcher retries the job.
      log.error("job completion failed", { job: job.id, error: String(err) });
    }
  }
}

class NoHandler extends Error {}

/**
 * Shared pieces of the concurrency and worker-kill tests: agents and jobs seeded with SQL in the
 * tenant's scope (independent of the API shapes), dispatchers on their own connection pools
 * (like separate processes), a run handler that counts executions, polling, and a look at
 * the process table (`ps`) for sandbox processes.
 */
import { uuidv7 } from "uuidv7";
import { type Database, openDatabase, type Sql } from "../../shared/db/database.ts";
import { withScope } from "../../shared/db/scope.ts";
import { Dispatcher, type JobHandler } from "../../shared/jobs/dispatcher.ts";
import type { Bus } from "../../shared/realtime/bus.ts";
import type {
  ConcurrencyPolicy,
  JobRecord,
} from "../../modules/automation/common/common.schemas.ts";
import { runJob } from "../../modules/automation/engine/engine.service.ts";
import { RUN_JOB } from "../../modules/automation/runs/runs.enqueue.service.ts";
import { testApp, type TestTenant } from "../helpers.ts";

/** These tests need several pools (or processes) on one server: PostgreSQL only. */
export const NO_POSTGRES = !Deno.env.get("DATABASE_URL");

/** Runs fn in the tenant's scope (as its owner, so created_by is a real member). */
export async function inTenant<T>(t: TestTenant, fn: (tx: Sql) => Promise<T>): Promise<T> {
  const { platform } = await testApp();
  return await withScope(platform.db.sql, { tenantId: t.id, userId: t.owner.id }, fn);
}

export interface AgentSeed {
  kind?: "script" | "email";
  code?: string;
  config?: Record<string, unknown>;
}

/** A script agent returning 1 in the sandbox. */
export const TRIVIAL_CODE = "export default async () => 1;";
/** A script agent that waits `ms` before returning (a run that is visibly `running`). */
export const sleepCode = (ms: number) =>
  `export default async () => { await new Promise((r) => setTimeout(r, ${ms})); return "slept"; };`;
/** An e-mail agent: a host-mode kind that costs one outbox row (no subprocess). */
export const EMAIL_CONFIG = {
  to: ["automation-count@example.test"],
  subject: "Run {{input.n}}",
  body: "Occurrence run.",
};

export async function seedAgent(t: TestTenant, seed: AgentSeed = {}): Promise<string> {
  const id = uuidv7();
  const kind = seed.kind ?? "script";
  const code = kind === "script" ? seed.code ?? TRIVIAL_CODE : "";
  const config = seed.config ?? (kind === "email" ? EMAIL_CONFIG : {});
  await inTenant(t, async (tx) => {
    await tx`insert into automation_agents (tenant_id, id, name, kind, config, code, created_by)
             values (${t.id}, ${id}, ${`agent-${id.slice(-8)}`}, ${kind}, ${
      tx.json(config as never)
    },
               ${code}, ${t.owner.id})`;
    await tx`insert into automation_agent_versions (tenant_id, agent_id, version, config, code)
             values (${t.id}, ${id}, 1, ${tx.json(config as never)}, ${code})`;
  });
  return id;
}

export interface JobSeed {
  triggerKind?: "interval" | "manual";
  intervalSeconds?: number;
  nextRunAt?: Date | null;
  concurrency?: ConcurrencyPolicy;
  catchup?: "none" | "latest" | "all";
  catchupLimit?: number;
  maxAttempts?: number;
  backoffSeconds?: number;
  timeoutSeconds?: number;
  priority?: number;
}

/** Inserts a job and returns it as the record enqueueRun takes. */
export async function seedJob(t: TestTenant, agentId: string, s: JobSeed = {}) {
  const id = uuidv7();
  const [job] = await inTenant(t, (tx) =>
    tx<JobRecord[]>`
      insert into automation_jobs (tenant_id, id, name, agent_id, trigger_kind, interval_seconds,
        next_run_at, concurrency, catchup, catchup_limit, max_attempts, backoff_seconds,
        timeout_seconds, priority, created_by)
      values (${t.id}, ${id}, ${`job-${id.slice(-8)}`}, ${agentId}, ${s.triggerKind ?? "manual"},
        ${s.intervalSeconds ?? null}, ${s.nextRunAt ?? null}, ${s.concurrency ?? "allow"},
        ${s.catchup ?? "latest"}, ${s.catchupLimit ?? 10}, ${s.maxAttempts ?? 1},
        ${s.backoffSeconds ?? 0}, ${s.timeoutSeconds ?? null}, ${s.priority ?? 0},
        ${t.owner.id})
      returning *`);
  return job;
}

/** The tenant's automation settings row with this run concurrency (the group limit). */
export async function setConcurrency(t: TestTenant, concurrency: number) {
  await inTenant(
    t,
    (tx) =>
      tx`insert into automation_settings (tenant_id, concurrency) values (${t.id}, ${concurrency})
       on conflict (tenant_id) do update set concurrency = excluded.concurrency`,
  );
}

/** Stops the tenants' schedules, so later tests' tickers and workers leave them alone. */
export async function disableJobs(tenants: TestTenant[]) {
  for (const t of tenants) {
    await inTenant(t, (tx) => tx`update automation_jobs set enabled = false`);
  }
}

/** A second connection pool on the same server, as another process would have. */
export async function openSecondPool(): Promise<Database> {
  const { platform } = await testApp();
  return await openDatabase(platform.config);
}

/** Counts how often the engine was entered for each run (the queue payload's runId). */
export class ExecutionCounter {
  readonly byRun = new Map<string, number>();
  readonly byWorker = new Map<string, number>();
  get total() {
    return [...this.byRun.values()].reduce((a, b) => a + b, 0);
  }
  handler(label: string): JobHandler {
    return async (ctx) => {
      const { runId } = ctx.payload as { runId: string };
      this.byRun.set(runId, (this.byRun.get(runId) ?? 0) + 1);
      this.byWorker.set(label, (this.byWorker.get(label) ?? 0) + 1);
      await runJob.handler(ctx);
    };
  }
}

/** A dispatcher that only runs automation runs (through the real engine), counted. */
export function runDispatcher(
  db: Database,
  bus: Bus,
  opts: {
    workerId: string;
    counter?: ExecutionCounter;
    concurrency?: number;
    perTenantLimit?: number;
    leaseSeconds?: number;
  },
) {
  const handler = opts.counter ? opts.counter.handler(opts.workerId) : runJob.handler;
  return new Dispatcher(db, new Map([[RUN_JOB, handler]]), {
    workerId: opts.workerId,
    concurrency: opts.concurrency ?? 8,
    perTenantLimit: opts.perTenantLimit ?? 16,
    leaseSeconds: opts.leaseSeconds ?? 30,
    pollMs: 100,
    bus,
    onlyNames: [RUN_JOB],
  });
}

/** Polls until check() returns a value (not undefined/false) or the time is up. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 30_000,
  everyMs = 50,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  while (true) {
    const value = await check();
    if (value !== undefined && value !== false) return value as T;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** The most intervals [start, end) open at one instant. */
export function maxOverlap(intervals: { start: number; end: number }[]): number {
  const points = intervals.flatMap((i) => [[i.start, 1], [i.end, -1]] as const)
    // Ends before starts at the same instant: touching intervals do not overlap.
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let open = 0, most = 0;
  for (const [, d] of points) {
    open += d;
    most = Math.max(most, open);
  }
  return most;
}

export interface ProcInfo {
  pid: number;
  ppid: number;
  state: string;
  cmdline: string[];
}

/**
 * Live processes whose command line matches; zombies count as gone. Asked of `ps`, as the
 * server's memory watchdog does: the tests run without --allow-all, so /proc is closed to them.
 * The command line comes back as words split at spaces (enough to match a path in it); `-ww`
 * keeps it whole whatever the terminal's width (COLUMNS).
 */
export async function processes(match: (cmdline: string[]) => boolean): Promise<ProcInfo[]> {
  const ps = new Deno.Command("ps", {
    args: ["-ww", "-eo", "pid=,ppid=,stat=,args="],
    stdout: "piped",
  })
    .spawn();
  const { stdout } = await ps.output();
  const out: ProcInfo[] = [];
  for (const line of new TextDecoder().decode(stdout).split("\n")) {
    const [pid, ppid, state, ...cmdline] = line.trim().split(/\s+/);
    if (!pid || Number(pid) === ps.pid || /^[ZX]/.test(state) || !match(cmdline)) continue;
    out.push({ pid: Number(pid), ppid: Number(ppid), state: state[0], cmdline });
  }
  return out;
}

/** Sandbox runner processes (the runner file under modules/automation/sandbox/). */
export const isSandbox = (cmdline: string[]) =>
  cmdline.some((a) => a.includes("modules/automation/sandbox/"));

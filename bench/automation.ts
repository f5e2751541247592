// Automation figures for bench/README.md: the overhead of one trivial run (queue → sandbox →
// result), sustained runs per minute across 100 tenants, and the memory of a sandbox process.
// Usage: DATABASE_URL=postgres://... deno task bench:automation
//   BENCH_SECONDS (default 60): length of the sustained phase; BENCH_TENANTS (default 100).
// Creates its own tenants (slug bench-auto-<id>-n) and deletes them at the end. Takes about
// 1.5 minutes. Prints a markdown table at the end.
import { loadConfig } from "../shared/config.ts";
import { type Database, openDatabase } from "../shared/db/database.ts";
import { withScope } from "../shared/db/scope.ts";
import { asWorker, Dispatcher } from "../shared/jobs/dispatcher.ts";
import { setLogLevel } from "../shared/log.ts";
import { preparePlatform } from "../app/start.ts";
import { MODULES } from "../app/registry.ts";
import { runJob } from "../modules/automation/engine/engine.service.ts";
import { enqueueRun, RUN_JOB } from "../modules/automation/runs/runs.enqueue.service.ts";
import { runInSandbox } from "../modules/automation/sandbox/sandbox.lib.ts";

const DATABASE_URL = Deno.env.get("DATABASE_URL");
if (!DATABASE_URL) {
  console.error(
    "bench:automation needs DATABASE_URL (a PostgreSQL the bench may add and remove tenants in):\n" +
      "  DATABASE_URL=postgres://user@host:5432/db deno task bench:automation",
  );
  Deno.exit(1);
}

const SEQUENTIAL = 50;
const WARMUP = 3;
const SANDBOX_ONLY = 30;
const SECONDS = Number(Deno.env.get("BENCH_SECONDS") ?? 60);
const TENANTS = Number(Deno.env.get("BENCH_TENANTS") ?? 100);
const CORES = navigator.hardwareConcurrency ?? 2;
/** Two dispatchers (two pools, like two processes), cores × 2 runs at once in all. */
const PER_DISPATCHER = CORES;
/** Queued runs kept waiting during the sustained phase, so dispatchers never idle. */
const BACKLOG = Math.max(4 * CORES * 2, 2 * TENANTS);
const TRIVIAL = "export default async (ctx) => ({ ok: true, n: ctx.input.n ?? 0 });";
const SLEEPER = "export default async () => { await new Promise((r) => setTimeout(r, 1500)); };";

setLogLevel("error");
const benchId = crypto.randomUUID().slice(0, 8);
const dataDir = await Deno.makeTempDir({ prefix: "bench-automation-" });
const config = loadConfig({
  ...Deno.env.toObject(),
  DATA_DIR: dataDir,
  LOG_LEVEL: "error",
  // Only used when this database has never been started: keeps the bootstrap quiet.
  ADMIN_PASSWORD: Deno.env.get("ADMIN_PASSWORD") ?? crypto.randomUUID(),
});
const platform = await preparePlatform(config, MODULES);
const db = platform.db;
const db2: Database = await openDatabase(config);
const sql = db.sql;

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : NaN;
};
const fmt = (n: number, unit = "ms") => `${Math.round(n)} ${unit}`;
const mb = (kb: number) => `${(kb / 1024).toFixed(1)} MB`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function dispatcher(d: Database, n: number, concurrency: number, perTenantLimit: number) {
  return new Dispatcher(d, new Map([[RUN_JOB, runJob.handler]]), {
    workerId: `bench-auto-${benchId}-${n}`,
    concurrency,
    perTenantLimit,
    pollMs: 100,
    bus: platform.bus,
    onlyNames: [RUN_JOB],
  });
}

async function createTenants(count: number) {
  const rows = Array.from({ length: count }, (_, i) => ({
    id: crypto.randomUUID(),
    slug: `bench-auto-${benchId}-${i}`,
    name: `Bench automation ${benchId} ${i}`,
  }));
  await sql`insert into tenants ${sql(rows, "id", "slug", "name")}`;
  const agents: string[] = [];
  for (const t of rows) {
    const agentId = crypto.randomUUID();
    await withScope(sql, { tenantId: t.id }, async (tx) => {
      await tx`insert into automation_agents (tenant_id, id, name, kind, code)
               values (${t.id}, ${agentId}, 'bench', 'script', ${TRIVIAL})`;
      await tx`insert into automation_agent_versions (tenant_id, agent_id, version, config, code)
               values (${t.id}, ${agentId}, 1, '{}', ${TRIVIAL})`;
    });
    agents.push(agentId);
  }
  return rows.map((t, i) => ({ id: t.id, agentId: agents[i] }));
}

async function enqueueTest(tenant: { id: string; agentId: string }, n: number) {
  const queued = await withScope(
    sql,
    { tenantId: tenant.id },
    (tx) =>
      enqueueRun({ sql: tx, bus: platform.bus }, {
        job: null,
        agentId: tenant.agentId,
        trigger: "test",
        input: { n },
      }),
  );
  if (!queued) throw new Error("run not queued");
  return queued.runId;
}

interface Timing {
  status: string;
  total: number;
  pickup: number;
  sandbox: number;
}

async function timingOf(tenantId: string, runId: string): Promise<Timing | null> {
  const [row] = await withScope(sql, { tenantId }, (tx) =>
    tx<Timing[]>`
      select status,
        extract(epoch from finished_at - queued_at) * 1000 as total,
        extract(epoch from started_at - queued_at) * 1000 as pickup,
        duration_ms as sandbox
      from automation_runs where id = ${runId} and finished_at is not null`);
  return row ? { ...row, total: Number(row.total), pickup: Number(row.pickup) } : null;
}

/** 1. One run at a time: enqueue → picked up → sandbox → result recorded. */
async function sequentialOverhead(tenant: { id: string; agentId: string }) {
  const d = dispatcher(db, 1, 2, 2);
  d.start();
  const timings: Timing[] = [];
  const wall: number[] = [];
  try {
    for (let i = 0; i < SEQUENTIAL + WARMUP; i++) {
      const began = performance.now();
      const runId = await enqueueTest(tenant, i);
      let t: Timing | null = null;
      while (!(t = await timingOf(tenant.id, runId))) await sleep(2);
      if (t.status !== "succeeded") throw new Error(`trivial run ${t.status}`);
      if (i >= WARMUP) {
        timings.push(t);
        wall.push(performance.now() - began);
      }
    }
  } finally {
    await d.stop();
  }
  return { timings, wall };
}

/** 2. Every tenant keeps runs queued for SECONDS; two dispatchers work them off. */
async function sustained(tenants: { id: string; agentId: string }[]) {
  const ds = [dispatcher(db, 2, PER_DISPATCHER, 2), dispatcher(db2, 3, PER_DISPATCHER, 2)];
  const ids = tenants.map((t) => t.id);
  const queuedNow = async () => {
    const [{ n }] = await asWorker(sql, (tx) =>
      tx`select count(*)::int as n from automation_runs
         where tenant_id = any(${ids}::uuid[]) and status = 'queued'`);
    return n as number;
  };
  let next = 0, enqueued = 0;
  const top = async () => {
    const missing = BACKLOG - await queuedNow();
    for (let k = 0; k < missing; k++) {
      await enqueueTest(tenants[next++ % tenants.length], k);
      enqueued++;
    }
  };
  await top();
  const startedAt = new Date();
  for (const d of ds) d.start();
  const until = performance.now() + SECONDS * 1000;
  while (performance.now() < until) {
    await top();
    await sleep(250);
  }
  const endedAt = new Date();
  await Promise.all(ds.map((d) => d.stop()));
  const [stats] = await asWorker(sql, (tx) =>
    tx`select count(*)::int as done,
         count(*) filter (where status <> 'succeeded')::int as bad,
         count(distinct tenant_id)::int as tenants,
         percentile_cont(0.5) within group (order by duration_ms) as sandbox_p50,
         percentile_cont(0.5) within group (
           order by extract(epoch from finished_at - started_at) * 1000) as run_p50
       from automation_runs
       where tenant_id = any(${ids}::uuid[]) and finished_at >= ${startedAt}
         and finished_at < ${endedAt}`);
  const minutes = (endedAt.getTime() - startedAt.getTime()) / 60_000;
  return {
    perMinute: stats.done / minutes,
    done: stats.done as number,
    bad: stats.bad as number,
    tenants: stats.tenants as number,
    enqueued,
    sandboxP50: Number(stats.sandboxP50),
    runP50: Number(stats.runP50),
    seconds: minutes * 60,
  };
}

/** Sandbox runner processes on this host (Linux /proc), by pid. */
function sandboxPids(): Set<number> {
  const pids = new Set<number>();
  for (const e of Deno.readDirSync("/proc")) {
    if (!/^\d+$/.test(e.name)) continue;
    try {
      const cmd = Deno.readTextFileSync(`/proc/${e.name}/cmdline`);
      if (cmd.includes("modules/automation/sandbox/")) pids.add(Number(e.name));
    } catch {
      // Ended meanwhile.
    }
  }
  return pids;
}

function memoryOf(pid: number): { rssKb: number; hwmKb: number } | null {
  try {
    const status = Deno.readTextFileSync(`/proc/${pid}/status`);
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, "m").exec(status)?.[1]);
    return { rssKb: kb("VmRSS"), hwmKb: kb("VmHWM") };
  } catch {
    return null;
  }
}

const sandboxRequest = (code: string) => ({
  tenantId: crypto.randomUUID(),
  code,
  config: {},
  input: {},
  env: {},
  allowlist: [],
  memoryMb: 128,
  timeoutMs: 10_000,
  logCapBytes: 64 * 1024,
});

/** 3. The sandbox alone: spawn → result, and the memory of one process while it waits. */
async function sandboxFigures() {
  const times: number[] = [];
  for (let i = 0; i < SANDBOX_ONLY + WARMUP; i++) {
    const began = performance.now();
    const r = await runInSandbox(sandboxRequest(TRIVIAL));
    if (r.status !== "succeeded") throw new Error(`sandbox run ${r.status}: ${r.error}`);
    if (i >= WARMUP) times.push(performance.now() - began);
  }
  const samples: { rssKb: number; hwmKb: number; peak?: number }[] = [];
  for (let i = 0; i < 3; i++) {
    const before = sandboxPids();
    const running = runInSandbox(sandboxRequest(SLEEPER));
    let seen: { rssKb: number; hwmKb: number } | null = null;
    const until = performance.now() + 1300;
    while (performance.now() < until) {
      await sleep(100);
      for (const pid of sandboxPids()) {
        if (before.has(pid)) continue;
        const m = memoryOf(pid);
        if (m && (!seen || m.hwmKb >= seen.hwmKb)) seen = m;
      }
    }
    const r = await running;
    if (seen) samples.push({ ...seen, peak: r.peakRssBytes });
  }
  return { times, samples };
}

const failures: string[] = [];
let tenants: { id: string; agentId: string }[] = [];
try {
  console.log(
    `automation bench on PostgreSQL: ${CORES} cores, ${TENANTS} tenants, ` +
      `${SECONDS} s sustained, run ${benchId}`,
  );
  // Other work on the host skews every figure: say how busy it was.
  const loadBefore = Deno.loadavg()[0];
  tenants = await createTenants(TENANTS);

  console.log(`1. ${SEQUENTIAL} sequential trivial runs ...`);
  const seq = await sequentialOverhead(tenants[0]);
  const totals = seq.timings.map((t) => t.total);
  const sandboxShare = seq.timings.map((t) => t.sandbox);
  const pickups = seq.timings.map((t) => t.pickup);
  const platformShare = seq.timings.map((t) => t.total - t.sandbox);

  console.log(`2. sustained load for ${SECONDS} s ...`);
  const load = await sustained(tenants);
  if (load.bad) failures.push(`${load.bad} runs did not succeed under load`);

  console.log("3. sandbox alone and its memory ...");
  const sb = await sandboxFigures();
  const hwm = sb.samples.map((s) => s.hwmKb);
  const rss = sb.samples.map((s) => s.rssKb);
  const peak = sb.samples.map((s) => s.peak).filter((p): p is number => typeof p === "number");

  const rows: [string, string][] = [
    [
      `Trivial run, enqueue → finished (${SEQUENTIAL} sequential)`,
      `p50 ${fmt(quantile(totals, 0.5))}, p95 ${fmt(quantile(totals, 0.95))}`,
    ],
    [
      "… of which the sandbox (spawn → result)",
      `p50 ${fmt(quantile(sandboxShare, 0.5))}, p95 ${fmt(quantile(sandboxShare, 0.95))}`,
    ],
    [
      "… of which queue and engine (pick-up, bookkeeping)",
      `p50 ${fmt(quantile(platformShare, 0.5))}, p95 ${fmt(quantile(platformShare, 0.95))} ` +
      `(pick-up p50 ${fmt(quantile(pickups, 0.5))})`,
    ],
    [
      "Wall clock seen by the caller (enqueue → result visible)",
      `p50 ${fmt(quantile(seq.wall, 0.5))}, p95 ${fmt(quantile(seq.wall, 0.95))}`,
    ],
    [
      `Sandbox alone, trivial agent (${SANDBOX_ONLY} runs)`,
      `p50 ${fmt(quantile(sb.times, 0.5))}, p95 ${fmt(quantile(sb.times, 0.95))}`,
    ],
    [
      `Sustained, ${load.tenants} tenants, 2 dispatchers × ${PER_DISPATCHER}`,
      `${Math.round(load.perMinute)} runs/min (${load.done} runs in ${
        load.seconds.toFixed(0)
      } s; ` +
      `run p50 ${fmt(load.runP50)}, sandbox p50 ${fmt(load.sandboxP50)})`,
    ],
    [
      "Memory of one sandbox process (trivial agent, per-run process)",
      hwm.length
        ? `VmHWM ${mb(quantile(hwm, 0.5))}, VmRSS ${mb(quantile(rss, 0.5))}` +
          (peak.length ? `; sandbox's peakRss ${mb(quantile(peak, 0.5) / 1024)}` : "")
        : "not measured (no sandbox process found in /proc)",
    ],
  ];
  const load1 = `load ${loadBefore.toFixed(1)} → ${Deno.loadavg()[0].toFixed(1)}`;
  console.log(`\n| Automation (${CORES} cores, PostgreSQL, ${load1}) | Measured |`);
  console.log("|---|---|");
  for (const [what, value] of rows) console.log(`| ${what} | ${value} |`);
  console.log();
} catch (err) {
  failures.push(String(err));
  console.error(err);
} finally {
  const ids = tenants.map((t) => t.id);
  try {
    // Queue rows have no foreign key to tenants; the automation tables cascade.
    await sql`delete from job_runs where tenant_id = any(${ids}::uuid[])`;
    await sql`delete from jobs where tenant_id = any(${ids}::uuid[])`;
    await sql`delete from tenants where slug like ${`bench-auto-${benchId}-%`}`;
  } catch (err) {
    failures.push(`cleanup: ${err}`);
    console.error("cleanup failed:", err);
  }
  await db2.close();
  await platform.bus.close();
  await db.close();
  await Deno.remove(dataDir, { recursive: true }).catch(() => {});
}
if (failures.length) {
  console.error(`FAILED: ${failures.join("; ")}`);
  Deno.exit(1);
}

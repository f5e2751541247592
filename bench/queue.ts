// Queue throughput and fairness (issue 39), next to pg-boss on the same machine.
//   1. drain: 100,000 trivial jobs over 100 tenants, two dispatchers (two pools) → jobs/s;
//   2. fairness: tenant A has 100,000 queued; tenant B enqueues one job every 100 ms → B's
//      latency from commit to start (the per-tenant limit set to the dispatcher's concurrency,
//      so only the claim's round-robin order keeps B from waiting behind A);
//   3. pg-boss 12.38 in its own database: the same 100,000 jobs, batch insert, then two
//      instances fetching and completing in batches.
// Usage: DATABASE_URL=postgres://... deno run --config deno.test.json -A bench/queue.ts
//        (BENCH_JOBS, BENCH_CONCURRENCY, BENCH_TENANT_LIMIT, BENCH_PGBOSS=0 to skip pg-boss)
import { PgBoss } from "pg-boss";
import { loadConfig } from "../shared/config.ts";
import { type Database, openDatabase } from "../shared/db/database.ts";
import { migrate } from "../shared/db/migrate.ts";
import { asWorker, Dispatcher, type JobHandler } from "../shared/jobs/dispatcher.ts";
import { enqueueMany } from "../shared/jobs/queue.ts";
import { setLogLevel } from "../shared/log.ts";

const TOTAL = Number(Deno.env.get("BENCH_JOBS") ?? 100_000);
const TENANTS = 100;
const CONCURRENCY = Number(Deno.env.get("BENCH_CONCURRENCY") ?? 64);
const TENANT_LIMIT = Number(Deno.env.get("BENCH_TENANT_LIMIT") ?? 16);
const FAIR_PROBES = 30;
const PGBOSS = Deno.env.get("BENCH_PGBOSS") !== "0";

setLogLevel("warn");
const databaseUrl = Deno.env.get("DATABASE_URL");
if (!databaseUrl) throw new Error("bench/queue.ts measures PostgreSQL: set DATABASE_URL");
const config = loadConfig({ ...Deno.env.toObject(), DATABASE_URL: databaseUrl });
const db = await openDatabase(config);
const db2 = await openDatabase(config);
const sql = db.sql;
await migrate(sql);
const runId = crypto.randomUUID().slice(0, 8);
const failures: string[] = [];
const rate = (n: number, ms: number) =>
  `${Math.round(n / (ms / 1000)).toLocaleString("en")} jobs/s`;
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

async function newTenants(n: number, label: string) {
  const rows = Array.from({ length: n }, (_, i) => ({
    id: crypto.randomUUID(),
    slug: `bench-q-${runId}-${label}-${i}`,
    name: `Bench queue ${runId} ${label} ${i}`,
  }));
  await sql`insert into tenants ${sql(rows, "id", "slug", "name")}`;
  return rows.map((r) => r.id);
}

/** Enqueues as the dispatcher role (tenant ids explicit), 10,000 rows a statement. */
async function fill(name: string, jobs: { tenantId: string }[]) {
  for (let i = 0; i < jobs.length; i += 10_000) {
    await asWorker(sql, (tx) => enqueueMany(tx, name, jobs.slice(i, i + 10_000)));
  }
}

function dispatchers(name: string, handler: JobHandler, perTenantLimit: number) {
  return [db, db2].map((d: Database, i) =>
    new Dispatcher(d, new Map([[name, handler]]), {
      workerId: `bench-q-${runId}-${i + 1}`,
      concurrency: CONCURRENCY,
      perTenantLimit,
      onlyNames: [name],
    })
  );
}

async function drainBench() {
  const name = `bench.queue.${runId}`;
  const tenants = await newTenants(TENANTS, "drain");
  const t0 = performance.now();
  await fill(name, Array.from({ length: TOTAL }, (_, i) => ({ tenantId: tenants[i % TENANTS] })));
  const enqueueMs = performance.now() - t0;
  let ran = 0;
  const ds = dispatchers(name, () => Promise.resolve(void ran++), TENANT_LIMIT);
  const t1 = performance.now();
  ds.forEach((d) => d.start());
  while (ran < TOTAL && performance.now() - t1 < 600_000) {
    await new Promise((r) => setTimeout(r, 5));
  }
  const ranMs = performance.now() - t1;
  await Promise.all(ds.map((d) => d.stop()));
  const recordedMs = performance.now() - t1;
  const [s] = await sql<{ ok: number; runs: number }[]>`
    select (select count(*)::int from jobs where name = ${name} and state = 'succeeded') as ok,
      (select count(*)::int from job_runs where name = ${name} and status = 'succeeded') as runs`;
  console.log(`enqueue ${TOTAL} (enqueueMany, 10,000 a statement): ${rate(TOTAL, enqueueMs)}`);
  console.log(`drain, 2 dispatchers × ${CONCURRENCY}, per-tenant ${TENANT_LIMIT}:`);
  console.log(`  all ran:      ${ranMs.toFixed(0)} ms → ${rate(ran, ranMs)}`);
  console.log(`  all recorded: ${recordedMs.toFixed(0)} ms → ${rate(s.ok, recordedMs)}`);
  if (ran !== TOTAL || s.ok !== TOTAL || s.runs !== TOTAL) {
    failures.push(`drain: ran ${ran}, succeeded ${s.ok}, runs ${s.runs} of ${TOTAL}`);
  }
  return { name, tenants };
}

async function fairnessBench() {
  const name = `bench.queue.fair.${runId}`;
  const [a, b] = await newTenants(2, "fair");
  await fill(name, Array.from({ length: TOTAL }, () => ({ tenantId: a })));
  const enqueued = new Map<string, number>();
  const latencies: number[] = [];
  let ranA = 0;
  const ds = dispatchers(name, (ctx) => {
    if (ctx.tenantId === b) latencies.push(performance.now() - enqueued.get(ctx.job.id)!);
    else ranA++;
    return Promise.resolve();
  }, CONCURRENCY);
  ds.forEach((d) => d.start());
  await new Promise((r) => setTimeout(r, 300)); // A's backlog is being drained at full speed
  for (let i = 0; i < FAIR_PROBES; i++) {
    // The clock starts before the commit: the latency includes the enqueue itself.
    const start = performance.now();
    const [id] = await asWorker(sql, (tx) => enqueueMany(tx, name, [{ tenantId: b }]));
    enqueued.set(id, start);
    await new Promise((r) => setTimeout(r, 100));
  }
  while (latencies.length < FAIR_PROBES) await new Promise((r) => setTimeout(r, 10));
  await Promise.all(ds.map((d) => d.stop()));
  const [{ left }] = await sql<{ left: number }[]>`
    select count(*)::int as left from jobs where name = ${name} and state = 'queued'`;
  console.log(
    `fairness: A ${TOTAL} queued, B one job every 100 ms (${FAIR_PROBES}), ` +
      `per-tenant limit = concurrency (${CONCURRENCY}):`,
  );
  console.log(
    `  B's latency p50 ${pct(latencies, 0.5).toFixed(1)} ms, ` +
      `p95 ${pct(latencies, 0.95).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms; ` +
      `A ran ${ranA} meanwhile, ${left} still queued`,
  );
  if (Math.max(...latencies) >= 1000) failures.push("fairness: B waited 1 s or more");
  return { name, tenants: [a, b] };
}

async function pgBossBench() {
  const dbName = "bench_pgboss";
  const [{ exists }] = await sql`select exists (select 1 from pg_database
                                   where datname = ${dbName}) as exists`;
  if (!exists) await sql.unsafe(`create database ${dbName}`);
  const url = new URL(databaseUrl!);
  url.pathname = `/${dbName}`;
  const bosses = [0, 1].map(() =>
    new PgBoss({ connectionString: url.toString(), max: 10, supervise: false, schedule: false })
  );
  for (const boss of bosses) {
    boss.on("error", (err) => console.error("pg-boss:", err));
    await boss.start();
  }
  const queue = `bench-${runId}`;
  await bosses[0].createQueue(queue);
  let t0 = performance.now();
  for (let i = 0; i < TOTAL; i += 1000) {
    await bosses[0].insert(queue, Array.from({ length: 1000 }, (_, n) => ({ data: { n: i + n } })));
  }
  const enqueueMs = performance.now() - t0;
  let done = 0;
  t0 = performance.now();
  // Each instance: four loops, each fetching 100 jobs and completing them in one call.
  await Promise.all(bosses.flatMap((boss) =>
    Array.from({ length: 4 }, async () => {
      while (true) {
        const jobs = await boss.fetch(queue, { batchSize: 100 });
        if (jobs.length === 0) return;
        await boss.complete(queue, jobs.map((j) => j.id));
        done += jobs.length;
      }
    })
  ));
  const drainMs = performance.now() - t0;
  console.log(
    `pg-boss 12.38 (own database): insert ${rate(TOTAL, enqueueMs)} (1,000 a call); ` +
      `2 instances × 4 loops, fetch 100 + complete: ${rate(done, drainMs)} (${done} jobs)`,
  );
  await bosses[0].deleteQueue(queue);
  for (const boss of bosses) await boss.stop({ graceful: false });
}

const cleanup: { name: string; tenants: string[] }[] = [];
try {
  console.log(`queue bench: ${TOTAL} jobs, run ${runId}, ${new Date().toISOString()}`);
  cleanup.push(await drainBench());
  cleanup.push(await fairnessBench());
  if (PGBOSS) await pgBossBench();
} catch (err) {
  failures.push(String(err));
  console.error(err);
} finally {
  for (const { name, tenants } of cleanup) {
    await sql`delete from job_runs where name = ${name}`;
    await sql`delete from jobs where name = ${name}`;
    await sql`delete from tenants where id = any(${tenants}::uuid[])`;
  }
  await db2.close();
  await db.close();
}
if (failures.length) {
  console.error(`FAILED: ${failures.join("; ")}`);
  Deno.exit(1);
}

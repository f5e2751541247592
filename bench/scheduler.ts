// Job queue throughput: enqueues 10,000 due jobs across 100 tenants, runs them with two
// dispatchers and checks that every job ran exactly once.
// Usage: deno run -A bench/scheduler.ts                       (embedded PGlite, in memory)
//        DATABASE_URL=postgres://... deno run -A bench/scheduler.ts
// On PostgreSQL each dispatcher gets its own connection pool, like two separate processes;
// PGlite is a single session, so there both share it.
import { loadConfig } from "../shared/config.ts";
import { type Database, openDatabase } from "../shared/db/database.ts";
import { migrate } from "../shared/db/migrate.ts";
import { withScope } from "../shared/db/scope.ts";
import { Dispatcher, type JobHandler } from "../shared/jobs/dispatcher.ts";
import { enqueue } from "../shared/jobs/queue.ts";
import { setLogLevel } from "../shared/log.ts";

const TENANTS = Number(Deno.env.get("BENCH_TENANTS") ?? 100);
const JOBS_PER_TENANT = Number(Deno.env.get("BENCH_JOBS_PER_TENANT") ?? 100);
const CONCURRENCY = Number(Deno.env.get("BENCH_CONCURRENCY") ?? 8);
const PER_TENANT_LIMIT = 2;
const TIMEOUT_MS = 600_000;
const TOTAL = TENANTS * JOBS_PER_TENANT;

setLogLevel("warn");
const runId = crypto.randomUUID().slice(0, 8);
const jobName = `bench.scheduler.${runId}`;
const databaseUrl = Deno.env.get("DATABASE_URL") || undefined;
const dataDir = databaseUrl ? null : await Deno.makeTempDir({ prefix: "bench-scheduler-" });
const config = loadConfig({
  ...Deno.env.toObject(),
  DATABASE_URL: databaseUrl ?? "",
  ...(dataDir ? { DATA_DIR: dataDir } : {}),
});
const db = await openDatabase(config, { inMemory: true });
// A second pool for the second dispatcher on PostgreSQL; PGlite has one session only.
const db2: Database = db.mode === "postgres" ? await openDatabase(config) : db;
const sql = db.sql;

const ms = (t: number) => `${t.toFixed(0)} ms`;
const failures: string[] = [];
function check(ok: boolean, what: string) {
  console.log(`  ${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failures.push(what);
}

const runs = new Map<string, number>(); // job id -> executions
const byDispatcher = new Map<string, number>();
let executions = 0;
function handlerFor(label: string): JobHandler {
  return (ctx) => {
    runs.set(ctx.job.id, (runs.get(ctx.job.id) ?? 0) + 1);
    byDispatcher.set(label, (byDispatcher.get(label) ?? 0) + 1);
    executions++;
    return Promise.resolve();
  };
}
const dispatchers = [db, db2].map((d, i) => {
  const workerId = `bench-${runId}-${i + 1}`;
  return new Dispatcher(d, new Map([[jobName, handlerFor(workerId)]]), {
    workerId,
    concurrency: CONCURRENCY,
    perTenantLimit: PER_TENANT_LIMIT,
    pollMs: 250,
    onlyNames: [jobName],
  });
});

try {
  console.log(
    `scheduler bench (${db.mode}): ${TOTAL} jobs, ${TENANTS} tenants, 2 dispatchers × ` +
      `concurrency ${CONCURRENCY}, per-tenant limit ${PER_TENANT_LIMIT}, run ${runId}`,
  );
  await migrate(sql);

  const tenantIds: string[] = [];
  const tenantRows = Array.from({ length: TENANTS }, (_, i) => {
    const id = crypto.randomUUID();
    tenantIds.push(id);
    return { id, slug: `bench-${runId}-${i}`, name: `Bench ${runId} ${i}` };
  });
  await sql`insert into tenants ${sql(tenantRows, "id", "slug", "name")}`;

  // One scoped transaction per tenant (its 100 inserts pipelined), a few tenants at a time.
  let t0 = performance.now();
  let enqueued = 0;
  const parallel = db.mode === "postgres" ? config.DATABASE_POOL_SIZE : 1;
  for (let i = 0; i < tenantIds.length; i += parallel) {
    await Promise.all(
      tenantIds.slice(i, i + parallel).map((tenantId) =>
        withScope(sql, { tenantId }, async (tx) => {
          const ids = await Promise.all(
            Array.from(
              { length: JOBS_PER_TENANT },
              (_, n) => enqueue(tx, jobName, { payload: { n } }),
            ),
          );
          enqueued += ids.filter(Boolean).length;
        })
      ),
    );
  }
  const enqueueMs = performance.now() - t0;

  t0 = performance.now();
  for (const d of dispatchers) d.start();
  while (runs.size < TOTAL && performance.now() - t0 < TIMEOUT_MS) {
    await new Promise((r) => setTimeout(r, 5));
  }
  const allRanMs = performance.now() - t0;
  await Promise.all(dispatchers.map((d) => d.stop()));
  const allFinishedMs = performance.now() - t0;

  const twice = [...runs.values()].reduce((n, c) => n + c - 1, 0);
  console.log(
    `enqueue:        ${ms(enqueueMs)} (${(enqueued / (enqueueMs / 1000)).toFixed(0)} jobs/s)`,
  );
  console.log(`all ran after:  ${ms(allRanMs)} (all recorded finished: ${ms(allFinishedMs)})`);
  console.log(`throughput:     ${(runs.size / (allRanMs / 1000)).toFixed(0)} jobs/s`);
  console.log(`ran twice:      ${twice}`);
  console.log(
    `split:          ${
      dispatchers.map((d) => `${d.workerId} ${byDispatcher.get(d.workerId) ?? 0}`).join(", ")
    }`,
  );

  const states = await sql<{ state: string; n: number }[]>`
    select state, count(*)::int as n from jobs where name = ${jobName} group by state`;
  const [jobStats] = await sql<{ n: number; multi: number }[]>`
    select count(*)::int as n, count(*) filter (where attempts <> 1)::int as multi
    from jobs where name = ${jobName}`;
  const [runStats] = await sql<{ n: number; jobs: number; ok: number }[]>`
    select count(*)::int as n, count(distinct job_id)::int as jobs,
           count(*) filter (where status = 'succeeded')::int as ok
    from job_runs where name = ${jobName}`;
  const succeeded = states.find((s) => s.state === "succeeded")?.n ?? 0;
  console.log("checks:");
  check(enqueued === TOTAL, `enqueued ${enqueued} / ${TOTAL}`);
  check(
    runs.size === TOTAL && executions === TOTAL,
    `executed ${executions} for ${runs.size} jobs`,
  );
  check(twice === 0, `ran twice: ${twice}`);
  check(
    succeeded === TOTAL && jobStats.n === TOTAL,
    `jobs succeeded ${succeeded} / ${jobStats.n} (${
      states.map((s) => `${s.state} ${s.n}`).join(", ")
    })`,
  );
  check(jobStats.multi === 0, `jobs with attempts <> 1: ${jobStats.multi}`);
  check(
    runStats.n === TOTAL && runStats.jobs === TOTAL && runStats.ok === TOTAL,
    `job_runs ${runStats.n} rows, ${runStats.jobs} jobs, ${runStats.ok} succeeded`,
  );
} catch (err) {
  failures.push(String(err));
  console.error(err);
} finally {
  await Promise.all(dispatchers.map((d) => d.stop())).catch(() => {});
  try {
    await sql`delete from job_runs where name = ${jobName}`;
    await sql`delete from jobs where name = ${jobName}`;
    await sql`delete from tenants where slug like ${`bench-${runId}-%`}`;
  } catch (err) {
    failures.push(`cleanup: ${err}`);
    console.error("cleanup failed:", err);
  }
  if (db2 !== db) await db2.close();
  await db.close();
  if (dataDir) await Deno.remove(dataDir, { recursive: true });
}
if (failures.length) {
  console.error(`FAILED: ${failures.join("; ")}`);
  Deno.exit(1);
}

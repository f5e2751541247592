/**
 * Issue 14 "Must show": several dispatchers and tickers on one PostgreSQL fire every occurrence
 * once and run every run once; `skip` skips while a run is running; a tenant's concurrency
 * setting caps its running runs across dispatchers while other tenants keep going.
 * PostgreSQL only (several pools on one server); ignored in embedded mode.
 */
import assert from "node:assert/strict";
import type { Database } from "../../shared/db/database.ts";
import { asWorker } from "../../shared/jobs/dispatcher.ts";
import { tickAutomation } from "../../modules/automation/scheduler/ticker.service.ts";
import { enqueueRun, SKIP_REASONS } from "../../modules/automation/runs/runs.enqueue.service.ts";
import { newTenant, testApp, type TestTenant } from "../helpers.ts";
import {
  disableJobs,
  ExecutionCounter,
  inTenant,
  maxOverlap,
  NO_POSTGRES,
  openSecondPool,
  runDispatcher,
  seedAgent,
  seedJob,
  setConcurrency,
  sleepCode,
  waitFor,
} from "./concurrency.fixtures.ts";

const options = { ignore: NO_POSTGRES, sanitizeOps: false, sanitizeResources: false };
const SECOND = 1000;

/**
 * The count test's agent: `email` (host mode, one outbox row: the queue, ticker and engine are
 * what is under test) unless AUTOMATION_COUNT_KIND=script asks for 1,000 sandbox processes
 * (the sandbox has its own tests; on 2 cores that takes about a minute).
 */
const COUNT_KIND = Deno.env.get("AUTOMATION_COUNT_KIND") === "script" ? "script" : "email";
const TENANTS = 10;
const PER_TENANT = 100;

Deno.test({
  ...options,
  name: "two tickers and two dispatchers: 1,000 occurrences, one run each, each run once",
  fn: async () => {
    const { platform } = await testApp();
    const db2 = await openSecondPool();
    const counter = new ExecutionCounter();
    const dispatchers = [platform.db, db2].map((db: Database, i) =>
      runDispatcher(db, platform.bus, {
        workerId: `count-${i + 1}`,
        counter,
        concurrency: 8,
        perTenantLimit: 16,
      })
    );
    const tenants: TestTenant[] = [];
    try {
      const now = new Date();
      const jobs: string[] = [];
      for (let i = 0; i < TENANTS; i++) {
        const t = await newTenant();
        await setConcurrency(t, 16);
        const agentId = await seedAgent(t, { kind: COUNT_KIND });
        // Every second, stopped for 99 s: with catch-up `all` the 100 missed ones all fire.
        const job = await seedJob(t, agentId, {
          triggerKind: "interval",
          intervalSeconds: 1,
          nextRunAt: new Date(now.getTime() - (PER_TENANT - 1) * SECOND),
          catchup: "all",
          catchupLimit: PER_TENANT,
          concurrency: "allow",
        });
        tenants.push(t);
        jobs.push(job.id);
      }
      for (const d of dispatchers) d.start();

      // Two instances tick at the same instant, twice: only one may fire each occurrence.
      const fired = [
        ...await Promise.all([
          tickAutomation({ sql: platform.db.sql, bus: platform.bus }, now),
          tickAutomation({ sql: db2.sql, bus: platform.bus }, now),
        ]),
        ...await Promise.all([
          tickAutomation({ sql: platform.db.sql, bus: platform.bus }, now),
          tickAutomation({ sql: db2.sql, bus: platform.bus }, now),
        ]),
      ];
      const total = TENANTS * PER_TENANT;
      // A tick fires every workspace's due jobs: one another test file left due in this database
      // adds to the count. Ours are counted exactly below (runs per job, engine entries per run).
      assert.ok(fired.reduce((a, b) => a + b, 0) >= total, `fired per tick: ${fired}`);
      assert.deepEqual(fired.slice(2), [0, 0], `the second ticks fired again: ${fired}`);

      const tenantIds = tenants.map((t) => t.id);
      await waitFor(
        "every run to finish",
        async () => {
          const [{ open }] = await asWorker(
            platform.db.sql,
            (tx) =>
              tx`select count(*)::int as open from automation_runs
             where tenant_id = any(${tenantIds}::uuid[]) and status in ('queued', 'running')`,
          );
          return open === 0;
        },
        120_000,
        200,
      );

      const runs = await asWorker(platform.db.sql, (tx) =>
        tx<
          {
            jobId: string;
            occurrence: string;
            status: string;
            attempt: number;
            queueJobId: string | null;
            id: string;
            worker: string | null;
          }[]
        >`select id, job_id, occurrence, status, attempt, queue_job_id, worker
          from automation_runs where tenant_id = any(${tenantIds}::uuid[])`);
      assert.deepEqual(runs.length, total);
      // Each job: exactly its 100 occurrences, one second apart, ending at `now`.
      for (const jobId of jobs) {
        const mine = runs.filter((r) => r.jobId === jobId).map((r) =>
          new Date(r.occurrence).getTime()
        );
        const expected = Array.from(
          { length: PER_TENANT },
          (_, k) => now.getTime() - (PER_TENANT - 1 - k) * SECOND,
        );
        assert.deepEqual(mine.sort((a, b) => a - b), expected);
      }
      const notOk = runs.filter((r) => r.status !== "succeeded" || r.attempt !== 1);
      assert.deepEqual(notOk.length, 0, `not succeeded on attempt 1: ${JSON.stringify(notOk[0])}`);

      // The engine was entered exactly once per run, by one of the two dispatchers. Runs an
      // earlier test file left queued in this database may be taken too: only ours count.
      const ours = new Set(runs.map((r) => r.id));
      const entered = [...counter.byRun].filter(([runId]) => ours.has(runId));
      assert.deepEqual(entered.length, total);
      assert.deepEqual(entered.reduce((sum, [, n]) => sum + n, 0), total);
      for (const d of dispatchers) {
        assert((counter.byWorker.get(d.workerId) ?? 0) > 0, `${d.workerId} ran nothing`);
      }
      const byWorker = new Map<string, number>();
      for (const r of runs) byWorker.set(r.worker ?? "", (byWorker.get(r.worker ?? "") ?? 0) + 1);
      assert.deepEqual([...byWorker.keys()].sort(), ["count-1", "count-2"]);

      // The queue saw one claim per run: one job, one attempt, one job_runs row, succeeded.
      // The queue records an attempt after the handler that finished the run returns: stopping
      // the dispatchers waits for that.
      await Promise.all(dispatchers.map((d) => d.stop()));
      const queueIds = runs.map((r) => r.queueJobId);
      assert.deepEqual(new Set(queueIds).size, total);
      assert(queueIds.every(Boolean), "a run without its queue job");
      const [queue] = await asWorker(platform.db.sql, (tx) =>
        tx`select count(*)::int as jobs,
             count(*) filter (where state = 'succeeded' and attempts = 1)::int as once,
             (select count(*)::int from job_runs r
              where r.tenant_id = any(${tenantIds}::uuid[]) and r.job_id = any(${queueIds}::uuid[]))
               as attempts,
             (select count(*)::int from job_runs r
              where r.tenant_id = any(${tenantIds}::uuid[]) and r.job_id = any(${queueIds}::uuid[])
                and r.status = 'succeeded' and r.attempt = 1) as attempts_ok
           from jobs where tenant_id = any(${tenantIds}::uuid[]) and id = any(${queueIds}::uuid[])`);
      assert.deepEqual(queue, { jobs: total, once: total, attempts: total, attemptsOk: total });

      // Nothing more is due at `now`: the jobs moved on to the next second.
      assert.deepEqual(await tickAutomation({ sql: platform.db.sql, bus: platform.bus }, now), 0);
    } finally {
      await Promise.all(dispatchers.map((d) => d.stop()));
      await db2.close();
      await disableJobs(tenants);
    }
  },
});

Deno.test({
  ...options,
  name: "`skip if running`: the occurrence that comes while a run is running is skipped",
  fn: async () => {
    const { platform } = await testApp();
    const t = await newTenant();
    const agentId = await seedAgent(t, { code: sleepCode(2500) });
    const now = new Date();
    const job = await seedJob(t, agentId, {
      triggerKind: "interval",
      intervalSeconds: 1,
      nextRunAt: now,
      catchup: "latest",
      concurrency: "skip",
    });
    const dispatcher = runDispatcher(platform.db, platform.bus, { workerId: "skip-1" });
    dispatcher.start();
    const runOf = async (occurrence: Date) => {
      const [run] = await inTenant(
        t,
        (tx) =>
          tx`select id, status, error, queue_job_id from automation_runs
           where job_id = ${job.id} and occurrence = ${occurrence}`,
      );
      return run;
    };
    try {
      // The tick fires every workspace's due jobs: a job another test file left in this database
      // may be due too, so at least ours (its run is checked next).
      assert.ok(await tickAutomation({ sql: platform.db.sql, bus: platform.bus }, now) >= 1);
      const first = await waitFor("the first run to be running", async () => {
        const run = await runOf(now);
        return run?.status === "running" ? run : undefined;
      });

      // The next second's occurrence, while the first run is still running.
      const next = new Date(now.getTime() + SECOND);
      await tickAutomation({ sql: platform.db.sql, bus: platform.bus }, next);
      const skipped = await runOf(next);
      assert.deepEqual(skipped?.status, "skipped");
      assert.deepEqual(skipped?.error, SKIP_REASONS.running);
      assert.deepEqual(skipped?.queueJobId, null, "a skipped run must not be queued");
      assert.deepEqual((await runOf(now))?.status, "running", "the first run was disturbed");

      // Once it has finished, the following occurrence runs again.
      await waitFor("the first run to finish", async () => {
        const run = await runOf(now);
        return run?.status === "succeeded";
      });
      const later = new Date(now.getTime() + 2 * SECOND);
      await tickAutomation({ sql: platform.db.sql, bus: platform.bus }, later);
      const third = await runOf(later);
      assert(third && third.status !== "skipped", `after the run: ${JSON.stringify(third)}`);
      assert(third.id !== first.id);
      await waitFor("the third run to finish", async () => {
        return (await runOf(later))?.status === "succeeded";
      });
    } finally {
      await dispatcher.stop();
      await disableJobs([t]);
    }
  },
});

Deno.test({
  ...options,
  name: "a tenant's concurrency setting caps its running runs across two dispatchers",
  fn: async () => {
    const { platform } = await testApp();
    const db2 = await openSecondPool();
    const capped = await newTenant();
    const other = await newTenant();
    await setConcurrency(capped, 2);
    await setConcurrency(other, 8);
    const RUNS = 8;
    for (const t of [capped, other]) {
      const agentId = await seedAgent(t, { code: sleepCode(600) });
      const job = await seedJob(t, agentId, { concurrency: "allow" });
      await inTenant(t, async (tx) => {
        for (let i = 0; i < RUNS; i++) {
          await enqueueRun({ sql: tx, bus: platform.bus }, { job, agentId, trigger: "manual" });
        }
      });
    }
    // Each dispatcher alone could run all of them at once: only the tenant setting limits.
    const dispatchers = [platform.db, db2].map((db, i) =>
      runDispatcher(db, platform.bus, {
        workerId: `cap-${i + 1}`,
        concurrency: 8,
        perTenantLimit: 16,
      })
    );
    const ids = [capped.id, other.id];
    const sampled = new Map<string, number>();
    try {
      for (const d of dispatchers) d.start();
      await waitFor(
        "every run to finish",
        async () => {
          const rows = await asWorker(
            platform.db.sql,
            (tx) =>
              tx<{ tenantId: string; running: number; open: number }[]>`
            select tenant_id,
              count(*) filter (where status = 'running')::int as running,
              count(*) filter (where status in ('queued', 'running'))::int as open
            from automation_runs where tenant_id = any(${ids}::uuid[]) group by tenant_id`,
          );
          for (const r of rows) {
            sampled.set(r.tenantId, Math.max(sampled.get(r.tenantId) ?? 0, r.running));
          }
          return rows.every((r) => r.open === 0);
        },
        60_000,
        20,
      );
    } finally {
      await Promise.all(dispatchers.map((d) => d.stop()));
      await db2.close();
    }

    // Microseconds from the database clock (the same clock for both dispatchers).
    const runs = await asWorker(
      platform.db.sql,
      (tx) =>
        tx<{ tenantId: string; status: string; worker: string; startUs: string; endUs: string }[]>`
        select tenant_id, status, worker,
          (extract(epoch from started_at) * 1000000)::bigint::text as start_us,
          (extract(epoch from finished_at) * 1000000)::bigint::text as end_us
        from automation_runs where tenant_id = any(${ids}::uuid[])`,
    );
    assert.deepEqual(runs.length, 2 * RUNS);
    assert(runs.every((r) => r.status === "succeeded"), JSON.stringify(runs.map((r) => r.status)));
    const spans = (tenantId: string) =>
      runs.filter((r) => r.tenantId === tenantId)
        .map((r) => ({ start: Number(r.startUs), end: Number(r.endUs) }));
    const cappedMost = maxOverlap(spans(capped.id));
    const otherMost = maxOverlap(spans(other.id));
    // The cap holds, and is reached (a test that cannot fail proves nothing).
    assert.deepEqual(cappedMost, 2, `capped tenant ran ${cappedMost} at once`);
    assert((sampled.get(capped.id) ?? 0) <= 2, `sampled ${sampled.get(capped.id)} running`);
    // The other tenant went past 2 at the same time: the cap is per tenant, not global.
    assert(otherMost > 2, `other tenant ran at most ${otherMost} at once`);
    const a = spans(capped.id), b = spans(other.id);
    assert(
      a.some((x) => b.some((y) => x.start < y.end && y.start < x.end)),
      "the two tenants never ran at the same time",
    );
    // Both dispatchers took part in the capped tenant's runs or the other's.
    assert.deepEqual(new Set(runs.map((r) => r.worker)).size, 2);
  },
});

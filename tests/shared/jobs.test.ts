import assert from "node:assert/strict";
import { itest, newTenant, testApp, unique } from "../helpers.ts";
import { enqueue, PLATFORM_TENANT } from "../../shared/jobs/queue.ts";
import { Dispatcher, type JobHandler } from "../../shared/jobs/dispatcher.ts";
import { parseCron, Scheduler } from "../../shared/jobs/scheduler.ts";
import { withScope } from "../../shared/db/scope.ts";
import { Problem } from "../../shared/http/problem.ts";

/** A dispatcher that only takes this test's job names, so tests never run each other's jobs. */
async function dispatcher(
  handlers: Record<string, JobHandler>,
  opts: {
    concurrency?: number;
    perTenantLimit?: number;
    leaseSeconds?: number;
    maxRunSeconds?: number;
  } = {},
) {
  const { platform } = await testApp();
  return new Dispatcher(platform.db, new Map(Object.entries(handlers)), {
    onlyNames: Object.keys(handlers),
    ...opts,
  });
}

async function jobRows(name: string) {
  const { platform } = await testApp();
  return await platform.db.sql`select * from jobs where name = ${name} order by created_at, id`;
}

async function runRows(jobId: string) {
  const { platform } = await testApp();
  return await platform.db
    .sql`select * from job_runs where job_id = ${jobId} order by attempt, started_at`;
}

async function enqueueIn(tenantId: string, name: string, opts: Parameters<typeof enqueue>[2] = {}) {
  const { platform } = await testApp();
  return await withScope(platform.db.sql, { tenantId }, (tx) => enqueue(tx, name, opts));
}

itest("jobs: a failing job is retried with backoff and dead-lettered at the limit", async () => {
  const t = await newTenant();
  const name = unique("job.fail");
  let calls = 0;
  const d = await dispatcher({
    [name]: (ctx) => {
      calls++;
      ctx.log(`attempt ${ctx.attempt}`);
      throw new Error(`boom ${ctx.attempt}`);
    },
  });
  const id = (await enqueueIn(t.id, name, { maxAttempts: 3, backoffSeconds: 0 }))!;
  for (let i = 0; i < 5; i++) await d.drain();
  assert.equal(calls, 3);
  const [job] = await jobRows(name);
  assert.equal(job.state, "dead");
  assert.equal(job.attempts, 3);
  assert.equal(job.lastError, "boom 3");
  const runs = await runRows(id);
  assert.deepEqual(runs.map((r) => r.status), ["failed", "failed", "dead"]);
  assert.match(runs[2].log, /attempt 3/);
  assert.equal(runs[0].tenantId, t.id);
});

itest("jobs: retries wait for exponential backoff", async () => {
  const t = await newTenant();
  const name = unique("job.backoff");
  const d = await dispatcher({ [name]: () => Promise.reject(new Error("later")) });
  await enqueueIn(t.id, name, { maxAttempts: 5, backoffSeconds: 60 });
  await d.drain();
  await d.drain();
  const [job] = await jobRows(name);
  assert.equal(job.state, "queued");
  assert.equal(job.attempts, 1, "not retried before its time");
  const wait = (new Date(job.runAfter).getTime() - Date.now()) / 1000;
  assert.ok(wait > 45 && wait <= 66, `retry in ${wait}s`);
});

itest("jobs: a job whose worker died is picked up again when its lease expires", async () => {
  const t = await newTenant();
  const name = unique("job.lease");
  const { platform } = await testApp();
  const crashed = await dispatcher({ [name]: () => Promise.resolve() }, { leaseSeconds: 60 });
  const id = (await enqueueIn(t.id, name))!;
  const [claimed] = await crashed.claim(1); // claimed, then the worker "dies" without finishing
  assert.equal(claimed.id, id);

  let ran = 0;
  const survivor = await dispatcher({ [name]: () => Promise.resolve(void ran++) });
  assert.equal(await survivor.drain(), 0, "the lease still holds");
  await platform.db.sql`update jobs set lease_until = now() - interval '1 second' where id = ${id}`;
  assert.equal(await survivor.drain(), 1);
  assert.equal(ran, 1);
  const [job] = await jobRows(name);
  assert.equal(job.state, "succeeded");
  assert.equal(job.attempts, 2);
  assert.deepEqual((await runRows(id)).map((r) => r.status), ["lost", "succeeded"]);
});

itest("jobs: higher priority runs first", async () => {
  const t = await newTenant();
  const name = unique("job.prio");
  const order: number[] = [];
  const d = await dispatcher({
    [name]: (ctx) => Promise.resolve(void order.push((ctx.payload as { p: number }).p)),
  }, {
    concurrency: 1,
  });
  for (const p of [1, 5, 3, 10, 0]) await enqueueIn(t.id, name, { priority: p, payload: { p } });
  await d.drain();
  assert.deepEqual(order, [10, 5, 3, 1, 0]);
});

itest("jobs: the per-tenant concurrency limit holds across dispatchers", async () => {
  const a = await newTenant();
  const b = await newTenant();
  const name = unique("job.limit");
  const running = new Map<string, number>();
  const peak = new Map<string, number>();
  const handler: JobHandler = async (ctx) => {
    const k = ctx.tenantId!;
    running.set(k, (running.get(k) ?? 0) + 1);
    peak.set(k, Math.max(peak.get(k) ?? 0, running.get(k)!));
    await new Promise((r) => setTimeout(r, 60));
    running.set(k, running.get(k)! - 1);
  };
  for (let i = 0; i < 6; i++) {
    await enqueueIn(a.id, name);
    await enqueueIn(b.id, name);
  }
  const d1 = await dispatcher({ [name]: handler }, { concurrency: 4, perTenantLimit: 2 });
  const d2 = await dispatcher({ [name]: handler }, { concurrency: 4, perTenantLimit: 2 });
  await Promise.all([d1.drain(), d2.drain()]);
  assert.equal(peak.get(a.id), 2);
  assert.equal(peak.get(b.id), 2, "tenants run side by side, each within its limit");
  assert.ok((await jobRows(name)).every((j) => j.state === "succeeded"));
});

itest("jobs: a tenant's job runs with that tenant's RLS context", async () => {
  const a = await newTenant();
  await newTenant();
  const name = unique("job.rls");
  let seen: string[] = [];
  const d = await dispatcher({
    [name]: async (ctx) => {
      seen = await ctx.scoped(async (sql) =>
        (await sql`select distinct tenant_id from roles`).map((r) => r.tenantId)
      );
    },
  });
  await enqueueIn(a.id, name);
  await d.drain();
  assert.deepEqual(seen, [a.id]);
});

itest("jobs: enqueue joins the caller's transaction and honours dedupe keys", async () => {
  const t = await newTenant();
  const { platform } = await testApp();
  const name = unique("job.tx");
  await assert.rejects(() =>
    withScope(platform.db.sql, { tenantId: t.id }, async (tx) => {
      await enqueue(tx, name);
      throw new Error("the change failed");
    })
  );
  assert.equal((await jobRows(name)).length, 0, "rolled back with the change");
  assert.ok(await enqueueIn(t.id, name, { dedupeKey: "once" }));
  assert.equal(await enqueueIn(t.id, name, { dedupeKey: "once" }), null);
  assert.equal((await jobRows(name)).length, 1);
  // Tenants cannot see each other's jobs.
  const other = await newTenant();
  const visible = await withScope(
    platform.db.sql,
    { tenantId: other.id },
    (tx) => tx`select id from jobs where name = ${name}`,
  );
  assert.equal(visible.length, 0);
});

itest("jobs: a job without a handler is dead-lettered with a clear error", async () => {
  const t = await newTenant();
  const name = unique("job.orphan");
  const { platform } = await testApp();
  const d = new Dispatcher(platform.db, new Map(), { onlyNames: [name] });
  await enqueueIn(t.id, name, { maxAttempts: 5 });
  await d.drain();
  const [job] = await jobRows(name);
  assert.equal(job.state, "dead");
  assert.match(job.lastError, /no handler/);
});

itest("scheduler: two schedulers racing on one occurrence enqueue it once", async () => {
  const { platform } = await testApp();
  const key = unique("sched");
  const def = { key, cron: "*/5 * * * *", job: `${key}.job` };
  const s1 = new Scheduler(platform.db, () => [def]);
  const s2 = new Scheduler(platform.db, () => [def]);
  const now = new Date("2026-11-21T10:07:30Z");
  const counts = await Promise.all([s1.tick(now), s2.tick(now), s1.tick(now), s2.tick(now)]);
  assert.equal(counts.reduce((a, b) => a + b, 0), 1);
  const jobs = await jobRows(def.job);
  assert.equal(jobs.length, 1);
  assert.equal(jobs[0].tenantId, PLATFORM_TENANT);
  assert.equal(jobs[0].dedupeKey, `schedule:${key}:2026-11-21T10:05:00.000Z`);
  // The next occurrence is a new job; ticking again before it adds nothing.
  assert.equal(await s1.tick(new Date("2026-11-21T10:09:59Z")), 0);
  assert.equal(await s2.tick(new Date("2026-11-21T10:10:00Z")), 1);
});

itest(
  "scheduler: per-tenant schedules enqueue one job per tenant, in the schedule's time zone",
  async () => {
    const { platform } = await testApp();
    const a = await newTenant();
    const key = unique("daily");
    const def = {
      key,
      cron: "0 9 * * *",
      timezone: "Europe/Istanbul",
      job: `${key}.job`,
      perTenant: true,
    };
    const s = new Scheduler(platform.db, () => [def]);
    assert.ok(await s.tick(new Date("2026-11-21T06:00:00Z")) >= 2); // 09:00 in Istanbul (UTC+3)
    const jobs = await jobRows(def.job);
    assert.ok(jobs.some((j) => j.tenantId === a.id));
    assert.ok(jobs.every((j) => j.dedupeKey === `schedule:${key}:2026-11-21T06:00:00.000Z`));
  },
);

itest(
  "scheduler: a schedule that names the tenants with work gives only the active ones a job",
  async () => {
    const { platform } = await testApp();
    const [busy, idle, suspended] = [await newTenant(), await newTenant(), await newTenant()];
    await platform.db.sql`update tenants set status = 'suspended', suspended_at = now()
               where id = ${suspended.id}`;
    const key = unique("sweep");
    const asked: Date[] = [];
    let answer = [busy.id, suspended.id, crypto.randomUUID()];
    const def = {
      key,
      cron: "* * * * *",
      job: `${key}.job`,
      perTenant: true,
      tenantsWithWork: (_tx: unknown, now: Date) => {
        asked.push(now);
        return Promise.resolve(answer);
      },
    };
    const s = new Scheduler(platform.db, () => [def]);
    const now = new Date("2026-11-21T10:05:30Z");
    assert.equal(await s.tick(now), 1);
    assert.deepEqual(asked, [now]);
    assert.deepEqual((await jobRows(def.job)).map((j) => j.tenantId), [busy.id]);
    // Nobody has work: no job, and the occurrence is marked done (not asked about again).
    answer = [];
    assert.equal(await s.tick(new Date("2026-11-21T10:06:00Z")), 0);
    assert.equal(await s.tick(new Date("2026-11-21T10:06:30Z")), 0);
    assert.equal(asked.length, 2);
    assert.equal((await jobRows(def.job)).length, 1);
    // A failing sweep: every active tenant gets the job, as before sweeps existed.
    def.tenantsWithWork = () => Promise.reject(new Error("sweep broke"));
    assert.ok(await s.tick(new Date("2026-11-21T10:07:00Z")) >= 2);
    const later = (await jobRows(def.job)).filter((j) =>
      j.dedupeKey === `schedule:${key}:2026-11-21T10:07:00.000Z`
    ).map((j) => j.tenantId);
    assert.ok(later.includes(busy.id) && later.includes(idle.id));
    assert.ok(!later.includes(suspended.id));
  },
);

itest("scheduler: an invalid cron expression is a 400 problem with the parser's message", () => {
  assert.throws(() => parseCron("61 * * * *"), (err: unknown) => {
    assert.ok(err instanceof Problem);
    assert.equal(err.status, 400);
    assert.ok(err.errors?.[0].message.length);
    return true;
  });
  assert.throws(() => parseCron("* * * * *", "Not/AZone"), Problem);
  assert.equal(
    parseCron("0 9 * * 1-5", "Europe/Istanbul").nextRuns(2, new Date("2026-11-21T00:00:00Z"))
      .length,
    2,
  );
  return Promise.resolve();
});

itest(
  "jobs: a run past the maximum run time fails, is released for a retry, and writes no more",
  async () => {
    const t = await newTenant();
    const name = unique("job.slow");
    let signalled = false;
    let lateWrite: unknown = null;
    let finishRun!: () => void;
    const stuck = new Promise<void>((r) => finishRun = r);
    const d = await dispatcher({
      [name]: async (ctx) => {
        ctx.signal.addEventListener("abort", () => signalled = true);
        await stuck; // a handler that ignores every deadline
        lateWrite = await ctx.scoped((tx) => tx`select 1`).catch((err: Error) => err);
      },
    }, { maxRunSeconds: 1 });
    const jobId = await enqueueIn(t.id, name, { maxAttempts: 3 });
    const started = Date.now();
    await d.drain();
    assert.ok(Date.now() - started < 20_000, "the run did not hold the dispatcher");
    assert.ok(signalled, "the handler's signal was aborted");
    const [row] = await jobRows(name);
    assert.equal(row.state, "queued", "released for a retry (attempts left)");
    assert.match(row.lastError, /maximum run time of 1 s/);
    const [run] = await runRows(jobId!);
    assert.equal(run.status, "failed");
    // The overrunning handler wakes up later: it can no longer open a transaction.
    finishRun();
    await new Promise((r) => setTimeout(r, 50));
    assert.match(String(lateWrite), /maximum run time/);
  },
);

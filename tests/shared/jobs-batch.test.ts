// The queue's batch paths (issue 39): claims take many jobs at once, fairly across tenants and
// by priority, without breaking serial keys; many runs are recorded in one statement; one
// enqueuing transaction wakes the dispatchers once.
import assert from "node:assert/strict";
import { itest, newTenant, testApp, unique } from "../helpers.ts";
import {
  enqueue,
  enqueueMany,
  type EnqueueOptions,
  JOBS_CHANNEL,
  onEnqueue,
} from "../../shared/jobs/queue.ts";
import { asWorker, Dispatcher, type JobHandler } from "../../shared/jobs/dispatcher.ts";
import { withScope } from "../../shared/db/scope.ts";
import type { Sql } from "../../shared/db/database.ts";

async function inTenant<T>(tenantId: string, fn: (tx: Sql) => Promise<T>) {
  const { platform } = await testApp();
  return await withScope(platform.db.sql, { tenantId }, fn);
}

async function dispatcher(
  name: string,
  handler: JobHandler,
  opts: { concurrency: number; perTenantLimit: number },
) {
  const { platform } = await testApp();
  return new Dispatcher(platform.db, new Map([[name, handler]]), { onlyNames: [name], ...opts });
}

/** Leaves no queued backlog behind for the other tests' claims to walk past. */
async function cancelAll(name: string) {
  const { platform } = await testApp();
  await asWorker(
    platform.db.sql,
    (tx) =>
      tx`update jobs set state = 'cancelled', finished_at = now(), locked_by = null,
           lease_until = null
         where name = ${name} and state in ('queued', 'running')`,
  );
}

const noop: JobHandler = () => Promise.resolve();

itest("jobs batch: a tenant's one job is in the first claim behind another's 5,000", async () => {
  const [a, b] = [await newTenant(), await newTenant()];
  const name = unique("job.fair");
  await inTenant(
    a.id,
    (tx) => enqueueMany(tx, name, Array.from({ length: 5000 }, (_, n) => ({ payload: { n } }))),
  );
  const bJob = await inTenant(b.id, (tx) => enqueue(tx, name));
  // The per-tenant limit is far above the claim: only the claim's own order can let B in.
  const d = await dispatcher(name, noop, { concurrency: 8, perTenantLimit: 64 });
  try {
    const first = await d.claim(8);
    assert.equal(first.length, 8);
    assert.ok(first.some((j) => j.id === bJob), "B waited behind A's backlog");
    assert.equal(first.filter((j) => j.tenantId === a.id).length, 7);
  } finally {
    await cancelAll(name);
  }
});

itest("jobs batch: a claim takes higher priority first, then tenants in turn", async () => {
  const [a, b, c] = [await newTenant(), await newTenant(), await newTenant()];
  const name = unique("job.turns");
  await inTenant(
    a.id,
    (tx) => enqueueMany(tx, name, Array.from({ length: 20 }, (_, n) => ({ payload: { n } }))),
  );
  await inTenant(
    b.id,
    (tx) => enqueueMany(tx, name, [1, 2, 3].map((n) => ({ priority: 5, payload: { n } }))),
  );
  await inTenant(c.id, (tx) => enqueue(tx, name, { payload: { n: 0 } }));
  const d = await dispatcher(name, noop, { concurrency: 7, perTenantLimit: 10 });
  try {
    const claimed = await d.claim(7);
    const who = (id: string) => id === a.id ? "a" : id === b.id ? "b" : "c";
    assert.deepEqual(claimed.map((j) => who(j.tenantId)), ["b", "b", "b", "a", "c", "a", "a"]);
    // Within a tenant and a priority, oldest first.
    const aOrder = claimed.filter((j) => j.tenantId === a.id).map((j) =>
      (j.payload as { n: number }).n
    );
    assert.deepEqual(aOrder, [0, 1, 2]);
  } finally {
    await cancelAll(name);
  }
});

itest("jobs batch: serial keys hold under batch claims of two dispatchers", async () => {
  const tenants = [await newTenant(), await newTenant()];
  const name = unique("job.serial.batch");
  const running = new Map<string, number>();
  const peak = new Map<string, number>();
  const order = new Map<string, number[]>();
  const handler: JobHandler = async (ctx) => {
    const { key, n } = ctx.payload as { key: string; n: number };
    const k = `${ctx.tenantId}/${key}`;
    order.set(k, [...order.get(k) ?? [], n]);
    running.set(k, (running.get(k) ?? 0) + 1);
    peak.set(k, Math.max(peak.get(k) ?? 0, running.get(k)!));
    await new Promise((r) => setTimeout(r, 2));
    running.set(k, running.get(k)! - 1);
  };
  for (const t of tenants) {
    const jobs: EnqueueOptions[] = [];
    for (let n = 0; n < 15; n++) {
      for (const key of ["s1", "s2", "s3"]) jobs.push({ serialKey: key, payload: { key, n } });
      jobs.push({ payload: { key: "free", n } });
    }
    await inTenant(t.id, (tx) => enqueueMany(tx, name, jobs));
  }
  const opts = { concurrency: 32, perTenantLimit: 32 };
  const [d1, d2] = [await dispatcher(name, handler, opts), await dispatcher(name, handler, opts)];
  await Promise.all([d1.drain(), d2.drain()]);
  for (const t of tenants) {
    for (const key of ["s1", "s2", "s3"]) {
      const k = `${t.id}/${key}`;
      assert.equal(peak.get(k), 1, `${key} ran twice at once`);
      assert.deepEqual(order.get(k), Array.from({ length: 15 }, (_, n) => n), `${key} order`);
    }
    assert.ok(peak.get(`${t.id}/free`)! > 1, "jobs without a key ran side by side");
  }
});

itest("jobs batch: runs ending together are recorded right, success and failure", async () => {
  const t = await newTenant();
  const name = unique("job.outcomes");
  const { platform } = await testApp();
  const ids = await inTenant(
    t.id,
    (tx) =>
      enqueueMany(
        tx,
        name,
        Array.from(
          { length: 40 },
          (_, n) => ({ payload: { n }, maxAttempts: n % 4 === 1 ? 1 : 3 }),
        ),
      ),
  );
  const d = await dispatcher(name, (ctx) => {
    const { n } = ctx.payload as { n: number };
    ctx.log(`job ${n}`);
    return n % 2 ? Promise.reject(new Error(`odd ${n}`)) : Promise.resolve();
  }, { concurrency: 40, perTenantLimit: 40 });
  try {
    assert.equal(await d.drain(), 40, "the failures wait for their backoff");
    const rows = await platform.db.sql`
      select j.payload, j.state, j.last_error, j.attempts, r.status, r.error, r.log
      from jobs j join job_runs r on r.tenant_id = j.tenant_id and r.job_id = j.id
      where j.id = any(${ids}::uuid[])`;
    assert.equal(rows.length, 40);
    for (const r of rows) {
      const n = (r.payload as { n: number }).n;
      const expected = n % 2 === 0 ? "succeeded" : n % 4 === 1 ? "dead" : "failed";
      assert.equal(r.status, expected, `run of job ${n}`);
      assert.equal(r.state, expected === "failed" ? "queued" : expected, `job ${n}`);
      assert.equal(r.error, n % 2 ? `odd ${n}` : null);
      assert.equal(r.lastError, r.error);
      assert.match(r.log, new RegExp(`job ${n}$`));
    }
  } finally {
    await cancelAll(name);
  }
});

itest("jobs batch: one enqueuing transaction wakes the dispatchers once", async () => {
  const t = await newTenant();
  const name = unique("job.wake");
  let wakes = 0;
  const stop = onEnqueue(() => wakes++);
  try {
    await inTenant(t.id, async (tx) => {
      for (let i = 0; i < 20; i++) await enqueue(tx, name);
      await enqueueMany(tx, name, [{}, {}, {}]);
    });
    await new Promise((r) => setTimeout(r, 20));
    assert.equal(wakes, 1);
  } finally {
    stop();
    await cancelAll(name);
  }
});

Deno.test({
  name: "jobs batch: one enqueuing transaction sends one NOTIFY to other instances",
  ignore: !Deno.env.get("DATABASE_URL"),
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const { platform } = await testApp();
    const t = await newTenant();
    const name = unique("job.notify");
    let notes = 0;
    const listening = await platform.db.sql.listen(JOBS_CHANNEL, () => notes++);
    try {
      await inTenant(t.id, async (tx) => {
        for (let i = 0; i < 20; i++) await enqueue(tx, name);
        await enqueueMany(tx, name, [{}, {}, {}]);
      });
      const end = Date.now() + 2000;
      while (notes === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 200)); // any second one would have come by now
      assert.equal(notes, 1);
    } finally {
      await listening.unlisten();
      await cancelAll(name);
    }
  },
});

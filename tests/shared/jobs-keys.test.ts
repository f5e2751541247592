import assert from "node:assert/strict";
import { itest, newTenant, testApp, unique } from "../helpers.ts";
import { cancelQueued, enqueue } from "../../shared/jobs/queue.ts";
import { Dispatcher, type JobHandler } from "../../shared/jobs/dispatcher.ts";
import { withScope } from "../../shared/db/scope.ts";

async function enqueueIn(tenantId: string, name: string, opts: Parameters<typeof enqueue>[2] = {}) {
  const { platform } = await testApp();
  return await withScope(platform.db.sql, { tenantId }, (tx) => enqueue(tx, name, opts));
}

/** A handler that records how many of its jobs ran at once, per key in the payload. */
function tracker() {
  const running = new Map<string, number>();
  const peak = new Map<string, number>();
  const order: number[] = [];
  const handler: JobHandler = async (ctx) => {
    const { key, n } = ctx.payload as { key: string; n: number };
    order.push(n);
    running.set(key, (running.get(key) ?? 0) + 1);
    peak.set(key, Math.max(peak.get(key) ?? 0, running.get(key)!));
    await new Promise((r) => setTimeout(r, 40));
    running.set(key, running.get(key)! - 1);
  };
  return { handler, peak, order };
}

async function twoDispatchers(name: string, handler: JobHandler) {
  const { platform } = await testApp();
  const make = () =>
    new Dispatcher(platform.db, new Map([[name, handler]]), {
      onlyNames: [name],
      concurrency: 4,
      perTenantLimit: 8,
    });
  const [d1, d2] = [make(), make()];
  await Promise.all([d1.drain(), d2.drain()]);
}

itest(
  "jobs keys: a serial key runs its jobs one at a time, in order, across dispatchers",
  async () => {
    const t = await newTenant();
    const name = unique("job.serial");
    const { handler, peak, order } = tracker();
    for (let n = 0; n < 5; n++) {
      await enqueueIn(t.id, name, { serialKey: "s", payload: { key: "s", n } });
    }
    for (let n = 10; n < 13; n++) await enqueueIn(t.id, name, { payload: { key: "free", n } });
    await twoDispatchers(name, handler);
    assert.equal(peak.get("s"), 1);
    assert.ok((peak.get("free") ?? 0) >= 2, "jobs without the key run side by side");
    assert.deepEqual(order.filter((n) => n < 10), [0, 1, 2, 3, 4]);
  },
);

itest("jobs keys: a group key caps running jobs of the tenant at its limit", async () => {
  const a = await newTenant();
  const b = await newTenant();
  const name = unique("job.group");
  const { handler, peak } = tracker();
  for (let n = 0; n < 8; n++) {
    await enqueueIn(a.id, name, { groupKey: "g", groupLimit: 3, payload: { key: "a", n } });
    await enqueueIn(b.id, name, { groupKey: "g", groupLimit: 1, payload: { key: "b", n } });
  }
  await twoDispatchers(name, handler);
  assert.equal(peak.get("a"), 3);
  assert.equal(peak.get("b"), 1, "each tenant has its own group");
});

itest("jobs keys: cancelQueued cancels only jobs that have not started", async () => {
  const t = await newTenant();
  const { platform } = await testApp();
  const name = unique("job.cancel");
  const id = (await enqueueIn(t.id, name))!;
  const scoped = <T>(fn: Parameters<typeof withScope<T>>[2]) =>
    withScope<T>(platform.db.sql, { tenantId: t.id }, fn);
  assert.equal(await scoped((tx) => cancelQueued(tx, id)), true);
  assert.equal(await scoped((tx) => cancelQueued(tx, id)), false);
  const other = await newTenant();
  const theirs = (await enqueueIn(other.id, name))!;
  assert.equal(await scoped((tx) => cancelQueued(tx, theirs)), false, "another tenant's job");
  const [row] = await platform.db.sql`select state from jobs where id = ${theirs}`;
  assert.equal(row.state, "queued");
});

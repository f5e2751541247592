import assert from "node:assert/strict";
import { itest, newTenant, testApp, unique } from "../helpers.ts";
import { withScope } from "../../shared/db/scope.ts";
import { asWorker } from "../../shared/jobs/dispatcher.ts";
import type { DomainEvent } from "../../shared/modules.ts";
import { EventReader, publish } from "../../platform/events/public.ts";
import { eventSubscribers } from "../../platform/events/events.service.ts";
import { afterFailure, MAX_ATTEMPTS, shuffled } from "../../platform/events/events.rules.ts";
import { createRule } from "../../platform/notifications/rules.repo.ts";
import { notify } from "../../platform/notifications/public.ts";
import { RuleInput } from "../../platform/notifications/rules.schemas.ts";
import { MODULES, PLATFORM } from "../../app/registry.ts";

const ON_POSTGRES = !!Deno.env.get("DATABASE_URL");
type Platform = Awaited<ReturnType<typeof testApp>>["platform"];

/**
 * New subscribers start every tenant's log at 0: start them at the head everywhere but in
 * `tenantId`, so a test reads its own tenant only (the database holds other tests' tenants).
 */
async function onlyTenant(platform: Platform, tenantId: string, names: string[]) {
  await asWorker(platform.db.sql, (tx) =>
    tx`insert into event_cursors (tenant_id, subscriber, seq)
       select h.tenant_id, s.name, h.seq from event_heads h cross join unnest(${names}::text[]) s(name)
       where h.tenant_id <> ${tenantId}
       on conflict (tenant_id, subscriber) do update set seq = excluded.seq`);
}

const emit = (platform: Platform, tenantId: string, names: string[]) =>
  withScope(platform.db.sql, { tenantId }, async (tx) => {
    for (const n of names) await publish(tx, "test.thing.happened", { n });
  });

Deno.test("events: one list says who handles a published event, modules first", () => {
  assert.deepEqual(
    eventSubscribers(MODULES, PLATFORM).map((s) => s.name),
    [...MODULES.filter((m) => m.onEvent).map((m) => m.name), "notifications"],
  );
});

Deno.test("events: retry rules", () => {
  assert.deepEqual(afterFailure(0, 100), { giveUp: false, attempts: 1, delayMs: 0 });
  assert.deepEqual(afterFailure(1, 1), { giveUp: false, attempts: 2, delayMs: 4000 });
  assert.equal(afterFailure(MAX_ATTEMPTS - 1, 1).giveUp, true);
  assert.deepEqual(shuffled([1, 2, 3], () => 0).sort(), [1, 2, 3]);
});

itest("events: each subscriber reads a tenant's events once, in order, scoped to it", async () => {
  const { platform } = await testApp();
  const t = await newTenant();
  const other = await newTenant();
  const [a, b] = [unique("sub-a"), unique("sub-b")];
  const seen: Record<string, string[]> = { [a]: [], [b]: [] };
  let failOnce = true;
  const subscriber = (name: string, fail = false) => ({
    name,
    handle: async (e: DomainEvent) => {
      const [row] = await e.sql`select current_setting('app.tenant_id') as tenant,
                                       current_user as role`;
      assert.equal(row.role, "platform_app");
      if (fail && failOnce && e.data.n === "3") {
        failOnce = false;
        throw new Error("subscriber hiccup");
      }
      seen[name].push(`${row.tenant === t.id ? "t" : "other"}:${e.data.n}`);
    },
  });
  await onlyTenant(platform, t.id, [a, b]);
  const reader = new EventReader(platform.db, [subscriber(a), subscriber(b, true)], platform.bus, {
    batch: 2,
  });
  await emit(platform, t.id, ["1", "2", "3", "4", "5"]);
  await assert.rejects(() =>
    withScope(platform.db.sql, { tenantId: t.id }, async (tx) => {
      await publish(tx, "test.thing.happened", { n: "rolled back" });
      throw new Error("the change failed");
    })
  );
  await reader.drain();
  assert.deepEqual(seen[a], ["t:1", "t:2", "t:3", "t:4", "t:5"]);
  // b failed on 3, first of the batch [3, 4]: 3 is read again alone, then [4, 5].
  assert.deepEqual(seen[b], ["t:1", "t:2", "t:3", "t:4", "t:5"]);
  const backlog = await reader.backlog();
  assert.deepEqual(backlog.map((r) => r.events), [0, 0]);
  // Numbers are gap-free: the rolled-back event took none.
  const [head] = await asWorker(
    platform.db.sql,
    (tx) => tx`select seq::int from event_heads where tenant_id = ${t.id}`,
  );
  const [count] = await asWorker(
    platform.db.sql,
    (tx) =>
      tx`select count(*)::int as n, max(seq)::int as m from event_log where tenant_id = ${t.id}`,
  );
  assert.equal(head.seq, count.m);
  assert.equal(count.n, count.m);
  assert.ok(!seen[a].includes("other:1"), `${other.id} was not read`);
});

itest("events: a subscriber that keeps failing skips the event after its retries", async () => {
  const { platform } = await testApp();
  const t = await newTenant();
  const name = unique("sub-fail");
  // Its effects are notifications to the owner: a failed batch's are undone with it.
  const reader = new EventReader(platform.db, [{
    name,
    handle: async (e) => {
      await notify(e, { userId: t.owner.id, module: "support", title: String(e.data.n) });
      if (e.data.n === "bad") throw new Error("cannot handle");
    },
  }], platform.bus);
  await onlyTenant(platform, t.id, [name]);
  await emit(platform, t.id, ["ok1", "bad", "ok2"]);
  for (let i = 0; i < MAX_ATTEMPTS + 1; i++) {
    await reader.drain();
    // Skip the back-off wait.
    await asWorker(
      platform.db.sql,
      (tx) =>
        tx`update event_cursors set retry_at = now() where tenant_id = ${t.id} and subscriber = ${name}`,
    );
  }
  const inbox = (await (await t.owner.call("GET", "/api/notifications")).json()).items;
  assert.deepEqual(inbox.map((n: { title: string }) => n.title).sort(), ["ok1", "ok2"]);
  const failures = await asWorker(
    platform.db.sql,
    (tx) =>
      tx`select name, error from event_failures where tenant_id = ${t.id} and subscriber = ${name}`,
  );
  assert.deepEqual(failures.map((f) => [f.name, f.error]), [[
    "test.thing.happened",
    "cannot handle",
  ]]);
});

itest("events: the log is per tenant under RLS", async () => {
  const { platform } = await testApp();
  const a = await newTenant();
  const b = await newTenant();
  await emit(platform, b.id, ["b's secret"]);
  const seen = await withScope(
    platform.db.sql,
    { tenantId: a.id },
    (tx) => tx`select data from event_log where data->>'n' = ${"b's secret"}`,
  );
  assert.equal(seen.length, 0);
  await assert.rejects(() =>
    withScope(
      platform.db.sql,
      { tenantId: a.id },
      (tx) => tx`insert into event_log (tenant_id, name, data) values (${b.id}, 'x.y.z', '{}')`,
    ), /row-level security/);
  await assert.rejects(() =>
    withScope(
      platform.db.sql,
      { tenantId: a.id },
      (tx) => tx`update event_cursors set seq = 0`,
    ), /permission denied/);
});

Deno.test({
  name: "events: a tenant's events are read in commit order, not in the order they began",
  ignore: !ON_POSTGRES, // the embedded database is one session: no two open transactions
  sanitizeOps: false,
  sanitizeResources: false,
}, async () => {
  const { platform } = await testApp();
  const t = await newTenant();
  const name = unique("sub-order");
  const seen: string[] = [];
  const reader = new EventReader(platform.db, [{
    name,
    handle: (e) => Promise.resolve(void seen.push(String(e.data.n))),
  }], platform.bus);
  await onlyTenant(platform, t.id, [name]);
  let release!: () => void;
  const held = new Promise<void>((r) => release = r);
  let published!: () => void;
  const first = new Promise<void>((r) => published = r);
  const early = withScope(platform.db.sql, { tenantId: t.id }, async (tx) => {
    await publish(tx, "test.thing.happened", { n: "began first, committed last" });
    published();
    await held;
  });
  await first;
  await emit(platform, t.id, ["began second, committed first"]);
  await reader.drain();
  assert.deepEqual(seen, ["began second, committed first"], "the open one is not skipped");
  release();
  await early;
  await reader.drain();
  assert.deepEqual(seen, ["began second, committed first", "began first, committed last"]);
});

Deno.test({
  name: "events: exactly once after a kill -9 between the handlers and the cursor's move",
  ignore: !ON_POSTGRES, // a second process needs a shared database
  sanitizeOps: false,
  sanitizeResources: false,
}, async () => {
  const { platform } = await testApp();
  const t = await newTenant();
  const event = unique("test.kill");
  await withScope(platform.db.sql, { tenantId: t.id }, (tx) =>
    createRule(
      tx,
      RuleInput.parse({
        name: "tell the owner",
        event,
        actions: [{ type: "notify", userIds: [t.owner.id], title: "n{{n}}" }],
      }),
    ));
  await withScope(platform.db.sql, { tenantId: t.id }, async (tx) => {
    for (let n = 1; n <= 12; n++) await publish(tx, event, { n });
  });
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--config", "deno.test.json", "tests/shared/event-log.child.ts"],
    cwd: new URL("../../", import.meta.url).pathname,
    env: { TENANT: t.id, KILL_AT: "2", BATCH: "5", LOG_LEVEL: "error" },
    stdout: "piped",
    stderr: "piped",
  });
  const out = await child.output();
  assert.equal(out.signal, "SIGKILL", new TextDecoder().decode(out.stderr));
  const titles = async () =>
    (await (await t.owner.call("GET", "/api/notifications?limit=100")).json()).items
      .map((n: { title: string }) => n.title).sort();
  // The first batch (1–5) committed; the second's notifications were undone with the process.
  assert.deepEqual(await titles(), ["n1", "n2", "n3", "n4", "n5"]);
  const reader = new EventReader(
    platform.db,
    eventSubscribers([], PLATFORM),
    platform.bus,
  );
  await reader.drain();
  const all = await titles();
  assert.equal(all.length, 12, all.join());
  assert.equal(new Set(all).size, 12, "none twice");
});

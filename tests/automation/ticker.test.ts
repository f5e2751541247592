import assert from "node:assert/strict";
import { itest, newTenant, testApp, type TestTenant } from "../helpers.ts";
import { planOccurrences } from "../../modules/automation/scheduler/catchup.lib.ts";
import { tickAutomation } from "../../modules/automation/scheduler/ticker.service.ts";
import { inTenant, seedAgent } from "./runs.fixtures.ts";

const API = "/api/automation";
const iso = (s: string) => new Date(s);
const cron = (expr: string) => ({
  triggerKind: "cron" as const,
  cron: expr,
  timezone: null,
  intervalSeconds: null,
});
const every = (seconds: number) => ({
  triggerKind: "interval" as const,
  cron: null,
  timezone: null,
  intervalSeconds: seconds,
});
const times = (ds: Date[]) => ds.map((d) => d.toISOString());

Deno.test("catch-up: none fires only an occurrence within the grace window", () => {
  const s = cron("0 * * * *"); // hourly
  const onTime = planOccurrences(
    s,
    iso("2026-03-01T10:00:00Z"),
    iso("2026-03-01T10:00:02Z"),
    "none",
    10,
  );
  assert.deepEqual(times(onTime.fire), ["2026-03-01T10:00:00.000Z"]);
  assert.equal(onTime.next?.toISOString(), "2026-03-01T11:00:00.000Z");
  // Down from 10:00 to 13:30: nothing fires, the next is 14:00.
  const late = planOccurrences(
    s,
    iso("2026-03-01T10:00:00Z"),
    iso("2026-03-01T13:30:00Z"),
    "none",
    10,
  );
  assert.deepEqual(late.fire, []);
  assert.equal(late.next?.toISOString(), "2026-03-01T14:00:00.000Z");
});

Deno.test("catch-up: latest fires the most recent missed occurrence once", () => {
  const p = planOccurrences(
    cron("0 * * * *"),
    iso("2026-03-01T10:00:00Z"),
    iso("2026-03-01T13:30:00Z"),
    "latest",
    10,
  );
  assert.deepEqual(times(p.fire), ["2026-03-01T13:00:00.000Z"]);
  assert.equal(p.next?.toISOString(), "2026-03-01T14:00:00.000Z");
});

Deno.test("catch-up: all fires the missed occurrences oldest first, at most the limit", () => {
  const s = cron("0 * * * *");
  const all = planOccurrences(
    s,
    iso("2026-03-01T10:00:00Z"),
    iso("2026-03-01T13:30:00Z"),
    "all",
    10,
  );
  assert.deepEqual(times(all.fire), [
    "2026-03-01T10:00:00.000Z",
    "2026-03-01T11:00:00.000Z",
    "2026-03-01T12:00:00.000Z",
    "2026-03-01T13:00:00.000Z",
  ]);
  const capped = planOccurrences(
    s,
    iso("2026-03-01T10:00:00Z"),
    iso("2026-03-01T13:30:00Z"),
    "all",
    2,
  );
  assert.deepEqual(times(capped.fire), ["2026-03-01T12:00:00.000Z", "2026-03-01T13:00:00.000Z"]);
  // Exactly on an occurrence: it is included.
  const exact = planOccurrences(
    s,
    iso("2026-03-01T10:00:00Z"),
    iso("2026-03-01T11:00:00Z"),
    "all",
    10,
  );
  assert.deepEqual(times(exact.fire), ["2026-03-01T10:00:00.000Z", "2026-03-01T11:00:00.000Z"]);
});

Deno.test("catch-up: seconds in cron, time zones, intervals and one-offs", () => {
  const secs = planOccurrences(
    cron("*/5 * * * * *"),
    iso("2026-03-01T10:00:05Z"),
    iso("2026-03-01T10:00:17Z"),
    "all",
    10,
  );
  assert.deepEqual(times(secs.fire), [
    "2026-03-01T10:00:05.000Z",
    "2026-03-01T10:00:10.000Z",
    "2026-03-01T10:00:15.000Z",
  ]);
  assert.equal(secs.next?.toISOString(), "2026-03-01T10:00:20.000Z");
  // 09:00 in Istanbul is 06:00 UTC.
  const zoned = planOccurrences(
    { ...cron("0 9 * * *"), timezone: "Europe/Istanbul" },
    iso("2026-03-01T06:00:00Z"),
    iso("2026-03-01T06:00:01Z"),
    "latest",
    10,
  );
  assert.deepEqual(times(zoned.fire), ["2026-03-01T06:00:00.000Z"]);
  assert.equal(zoned.next?.toISOString(), "2026-03-02T06:00:00.000Z");

  const iv = planOccurrences(
    every(600),
    iso("2026-03-01T10:00:00Z"),
    iso("2026-03-01T10:35:00Z"),
    "all",
    10,
  );
  assert.deepEqual(times(iv.fire), [
    "2026-03-01T10:00:00.000Z",
    "2026-03-01T10:10:00.000Z",
    "2026-03-01T10:20:00.000Z",
    "2026-03-01T10:30:00.000Z",
  ]);
  assert.equal(iv.next?.toISOString(), "2026-03-01T10:40:00.000Z", "stays on the job's grid");
  const ivLatest = planOccurrences(
    every(600),
    iso("2026-03-01T10:00:00Z"),
    iso("2026-03-01T10:35:00Z"),
    "latest",
    10,
  );
  assert.deepEqual(times(ivLatest.fire), ["2026-03-01T10:30:00.000Z"]);

  const once = { triggerKind: "once" as const, cron: null, timezone: null, intervalSeconds: null };
  const fired = planOccurrences(
    once,
    iso("2026-03-01T10:00:00Z"),
    iso("2026-03-01T10:00:01Z"),
    "none",
    1,
  );
  assert.deepEqual(times(fired.fire), ["2026-03-01T10:00:00.000Z"]);
  assert.equal(fired.next, null);
  const missed = planOccurrences(
    once,
    iso("2026-03-01T10:00:00Z"),
    iso("2026-03-02T10:00:00Z"),
    "none",
    1,
  );
  assert.deepEqual(missed.fire, []);
  const caught = planOccurrences(
    once,
    iso("2026-03-01T10:00:00Z"),
    iso("2026-03-02T10:00:00Z"),
    "latest",
    1,
  );
  assert.deepEqual(times(caught.fire), ["2026-03-01T10:00:00.000Z"]);
});

/** A scheduled job stored straight in the tenant, due at `nextRunAt`. */
async function scheduledJob(
  t: TestTenant,
  agentId: string,
  f: {
    triggerKind: string;
    cron?: string;
    intervalSeconds?: number;
    runAt?: string;
    nextRunAt: string;
    catchup?: string;
    catchupLimit?: number;
    enabled?: boolean;
    concurrency?: string;
  },
) {
  const id = crypto.randomUUID();
  await inTenant(
    t,
    (tx) =>
      tx`insert into automation_jobs (tenant_id, id, name, agent_id, trigger_kind, cron,
         interval_seconds, run_at, next_run_at, catchup, catchup_limit, enabled, concurrency)
       values (${t.id}, ${id}, ${"job-" + id.slice(0, 8)}, ${agentId}, ${f.triggerKind},
         ${f.cron ?? null}, ${f.intervalSeconds ?? null}, ${f.runAt ?? null}, ${f.nextRunAt},
         ${f.catchup ?? "latest"}, ${f.catchupLimit ?? 10}, ${f.enabled ?? true},
         ${f.concurrency ?? "allow"})`,
  );
  return id;
}

const runsOf = (t: TestTenant, jobId: string) =>
  inTenant(
    t,
    (tx) =>
      tx`select trigger, occurrence, status from automation_runs where job_id = ${jobId}
       order by occurrence`.then((rows) => [...rows]),
  );
const jobRow = (t: TestTenant, jobId: string) =>
  inTenant(
    t,
    (tx) =>
      tx`select enabled, next_run_at, last_fired_at from automation_jobs where id = ${jobId}`
        .then((r) => r[0]),
  );

// Fake clocks far in the future: jobs of other tests (real clock) are never due at these
// instants' relative positions, and each test's own jobs are due only where it says.
itest("ticker: two tickers at once fire each occurrence exactly once", async () => {
  const t = await newTenant();
  const { platform } = await testApp();
  const agent = await seedAgent(t);
  const jobs = [];
  for (let i = 0; i < 6; i++) {
    jobs.push(
      await scheduledJob(t, agent, {
        triggerKind: "cron",
        cron: "*/10 * * * * *",
        nextRunAt: "2031-01-01T00:00:00Z",
        catchup: "all",
      }),
    );
  }
  const now = iso("2031-01-01T00:00:25Z");
  const counts = await Promise.all([
    tickAutomation({ sql: platform.db.sql, bus: platform.bus }, now),
    tickAutomation({ sql: platform.db.sql, bus: platform.bus }, now),
    tickAutomation({ sql: platform.db.sql, bus: platform.bus }, now),
  ]);
  for (const job of jobs) {
    const runs = await runsOf(t, job);
    assert.deepEqual(
      runs.map((r) => r.occurrence),
      ["2031-01-01T00:00:00.000Z", "2031-01-01T00:00:10.000Z", "2031-01-01T00:00:20.000Z"],
    );
    assert.ok(runs.every((r) => r.trigger === "cron" && r.status === "queued"));
    const row = await jobRow(t, job);
    assert.equal(row.nextRunAt, "2031-01-01T00:00:30.000Z");
    assert.equal(row.lastFiredAt, "2031-01-01T00:00:20.000Z");
  }
  // Other tests' jobs in the shared database may be due at this instant too: at least ours.
  assert.ok(counts.reduce((a, b) => a + b, 0) >= 18, `counts ${counts}`);
  // A second tick at the same instant finds nothing due.
  assert.equal(await tickAutomation({ sql: platform.db.sql, bus: platform.bus }, now), 0);
  const res = await t.owner.call("GET", `${API}/jobs/${jobs[0]}`);
  assert.equal(res.status, 200, await res.clone().text());
  assert.equal((await res.json()).nextRunAt, "2031-01-01T00:00:30.000Z");
});

itest(
  "ticker: catch-up none/latest/all after downtime; one-offs fire once and switch off",
  async () => {
    const t = await newTenant();
    const { platform } = await testApp();
    const agent = await seedAgent(t);
    const base = { triggerKind: "cron", cron: "0 * * * *", nextRunAt: "2032-05-01T10:00:00Z" };
    const none = await scheduledJob(t, agent, { ...base, catchup: "none" });
    const latest = await scheduledJob(t, agent, { ...base, catchup: "latest" });
    const all = await scheduledJob(t, agent, { ...base, catchup: "all", catchupLimit: 3 });
    const once = await scheduledJob(t, agent, {
      triggerKind: "once",
      runAt: "2032-05-01T10:00:00Z",
      nextRunAt: "2032-05-01T10:00:00Z",
    });
    const interval = await scheduledJob(t, agent, {
      triggerKind: "interval",
      intervalSeconds: 1800,
      nextRunAt: "2032-05-01T10:00:00Z",
      catchup: "all",
    });
    // Down from 10:00 to 15:20.
    await tickAutomation({ sql: platform.db.sql, bus: platform.bus }, iso("2032-05-01T15:20:00Z"));
    assert.deepEqual(await runsOf(t, none), []);
    assert.equal((await jobRow(t, none)).nextRunAt, "2032-05-01T16:00:00.000Z");
    assert.deepEqual((await runsOf(t, latest)).map((r) => r.occurrence), [
      "2032-05-01T15:00:00.000Z",
    ]);
    assert.deepEqual((await runsOf(t, all)).map((r) => r.occurrence), [
      "2032-05-01T13:00:00.000Z",
      "2032-05-01T14:00:00.000Z",
      "2032-05-01T15:00:00.000Z",
    ]);
    assert.deepEqual((await runsOf(t, once)).map((r) => [r.trigger, r.occurrence]), [
      ["once", "2032-05-01T10:00:00.000Z"],
    ]);
    const onceRow = await jobRow(t, once);
    assert.equal(onceRow.enabled, false);
    assert.equal(onceRow.nextRunAt, null);
    assert.equal((await runsOf(t, interval)).length, 10, "10:00 … 14:30 every half hour");
    assert.equal((await jobRow(t, interval)).nextRunAt, "2032-05-01T15:30:00.000Z");
    // The next hour: none fires on time now.
    await tickAutomation({ sql: platform.db.sql, bus: platform.bus }, iso("2032-05-01T16:00:01Z"));
    assert.deepEqual((await runsOf(t, none)).map((r) => r.occurrence), [
      "2032-05-01T16:00:00.000Z",
    ]);
    assert.equal((await runsOf(t, once)).length, 1, "a one-off never fires twice");
  },
);

itest("ticker: disabled jobs, suspended tenants and pasif agents", async () => {
  const t = await newTenant();
  const suspended = await newTenant();
  const { platform } = await testApp();
  const agent = await seedAgent(t);
  const off = await scheduledJob(t, agent, {
    triggerKind: "cron",
    cron: "* * * * *",
    nextRunAt: "2033-02-01T00:00:00Z",
    enabled: false,
  });
  const pasifAgent = await seedAgent(t, { state: "pasif" });
  const pasif = await scheduledJob(t, pasifAgent, {
    triggerKind: "cron",
    cron: "* * * * *",
    nextRunAt: "2033-02-01T00:00:00Z",
  });
  const otherAgent = await seedAgent(suspended);
  const sleeping = await scheduledJob(suspended, otherAgent, {
    triggerKind: "cron",
    cron: "* * * * *",
    nextRunAt: "2033-02-01T00:00:00Z",
  });
  await platform.db.sql`update tenants set status = 'suspended', suspended_at = now()
                        where id = ${suspended.id}`;
  await tickAutomation({ sql: platform.db.sql, bus: platform.bus }, iso("2033-02-01T00:00:30Z"));
  assert.deepEqual(await runsOf(t, off), [], "a disabled job never fires");
  assert.deepEqual(await runsOf(suspended, sleeping), [], "a suspended tenant fires nothing");
  assert.equal((await jobRow(suspended, sleeping)).nextRunAt, "2033-02-01T00:00:00.000Z");
  // The agent's state is enqueueRun's call: the occurrence is recorded as skipped.
  const skipped = await runsOf(t, pasif);
  assert.deepEqual(skipped.map((r) => r.status), ["skipped"]);
  await platform.db.sql`update tenants set status = 'active', suspended_at = null
                        where id = ${suspended.id}`;
});

itest("ticker: a broken job does not stop the others", async () => {
  const t = await newTenant();
  const { platform } = await testApp();
  const agent = await seedAgent(t);
  const broken = await scheduledJob(t, agent, {
    triggerKind: "cron",
    cron: "not a cron",
    nextRunAt: "2034-01-01T00:00:00Z",
  });
  const good = await scheduledJob(t, agent, {
    triggerKind: "cron",
    cron: "* * * * *",
    nextRunAt: "2034-01-01T00:00:00Z",
  });
  await tickAutomation({ sql: platform.db.sql, bus: platform.bus }, iso("2034-01-01T00:00:10Z"));
  assert.equal((await runsOf(t, good)).length, 1);
  assert.deepEqual(await runsOf(t, broken), []);
});

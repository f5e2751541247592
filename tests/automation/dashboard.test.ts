import assert from "node:assert/strict";
import { uuidv7 } from "uuidv7";
import { withScope } from "../../shared/db/scope.ts";
import { browse, itest, newTenant, problem, testApp, type TestTenant } from "../helpers.ts";
import { memberWithoutAutomation } from "./runs.fixtures.ts";

const API = "/api/automation";

async function json(res: Response, status = 200) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return JSON.parse(text);
}

async function inTenant<T>(
  t: TestTenant,
  fn: (tx: import("../../shared/db/database.ts").Sql) => Promise<T>,
) {
  const { platform } = await testApp();
  return await withScope(platform.db.sql, { tenantId: t.id, userId: t.owner.id }, fn);
}

async function agent(t: TestTenant, name: string, state: string) {
  const id = uuidv7();
  await inTenant(t, (tx) =>
    tx`insert into automation_agents (tenant_id, id, name, kind, state)
       values (${t.id}, ${id}, ${name}, 'script', ${state})`);
  return id;
}

async function job(
  t: TestTenant,
  agentId: string,
  name: string,
  kind: string,
  enabled: boolean,
  next: string | null,
) {
  const id = uuidv7();
  await inTenant(
    t,
    (tx) =>
      tx`insert into automation_jobs (tenant_id, id, name, agent_id, trigger_kind, enabled, next_run_at)
       values (${t.id}, ${id}, ${name}, ${agentId}, ${kind}, ${enabled}, ${next})`,
  );
  return id;
}

/** A run queued `hoursAgo`, finished (when not queued) with the given duration. */
async function run(
  t: TestTenant,
  agentId: string,
  jobId: string | null,
  status: string,
  hoursAgo: number,
  durationMs: number | null = null,
) {
  const id = uuidv7();
  const queued = new Date(Date.now() - hoursAgo * 3_600_000);
  const finished = status === "queued" || status === "running"
    ? null
    : new Date(queued.getTime() + (durationMs ?? 0));
  await inTenant(
    t,
    (tx) =>
      tx`insert into automation_runs (tenant_id, id, job_id, agent_id, agent_version, trigger, status,
         queued_at, started_at, finished_at, duration_ms, error)
       values (${t.id}, ${id}, ${jobId}, ${agentId}, 1, 'manual', ${status}, ${queued},
         ${finished ? queued : null}, ${finished}, ${durationMs},
         ${status === "failed" ? "boom: it broke" : null})`,
  );
  return id;
}

itest("dashboard: figures match the seeded agents, jobs and runs", async () => {
  const t = await newTenant();
  const a1 = await agent(t, "Digest", "aktif");
  await agent(t, "Importer", "aktif");
  const off = await agent(t, "Old", "pasif");
  await agent(t, "Broken", "hata");
  const soon = new Date(Date.now() + 3_600_000).toISOString();
  const cron = await job(t, a1, "Nightly digest", "cron", true, soon);
  await job(t, a1, "By hand", "manual", false, null);
  await job(t, off, "Of a disabled agent", "interval", true, soon);
  for (const ms of [100, 200, 300]) await run(t, a1, cron, "succeeded", 2, ms);
  const failed = await run(t, a1, cron, "failed", 3, 400);
  await run(t, a1, null, "timed_out", 30, 500);
  await run(t, a1, cron, "cancelled", 1, 50);
  await run(t, a1, cron, "queued", 0.5);
  await run(t, a1, cron, "queued", 0.1);
  await run(t, a1, cron, "succeeded", 24 * 10, 9000); // 10 days ago: chart only

  const d = await json(await t.owner.call("GET", `${API}/dashboard`));
  assert.deepEqual(d.agents, { total: 4, byState: { aktif: 2, pasif: 1, hata: 1 } });
  assert.equal(d.jobs.total, 3);
  assert.equal(d.jobs.enabled, 2);
  assert.deepEqual(d.jobs.byTrigger.cron, { total: 1, enabled: 1 });
  assert.deepEqual(d.jobs.byTrigger.manual, { total: 1, enabled: 0 });
  assert.equal(d.runs.last24h.total, 7);
  assert.equal(d.runs.last7Days.total, 8);
  assert.deepEqual(d.runs.last7Days.byStatus, {
    queued: 2,
    running: 0,
    succeeded: 3,
    failed: 1,
    timed_out: 1,
    cancelled: 1,
    skipped: 0,
  });
  assert.equal(d.runs.last7Days.successRate, 3 / 5, "cancelled runs count neither way");
  assert.equal(d.runs.last7Days.durationP50Ms, 300);
  assert.equal(d.runs.last7Days.durationP95Ms, 480);
  assert.equal(d.runs.perDay.length, 14);
  assert.equal(
    d.runs.perDay.reduce(
      (n: number, p: { byStatus: { succeeded: number } }) => n + p.byStatus.succeeded,
      0,
    ),
    4,
    "the run of 10 days ago is on the chart",
  );
  assert.equal(d.queue.queuedRuns, 2);
  assert.ok(Date.parse(d.queue.oldestQueuedAt) < Date.now() - 20 * 60_000);
  assert.equal(d.queue.overThreshold, false);
  assert.deepEqual(d.nextRuns.map((r: { jobName: string }) => r.jobName), ["Nightly digest"]);
  assert.deepEqual(d.recentFailures.map((r: { runId: string }) => r.runId)[0], failed);
  assert.equal(d.recentFailures.length, 2);
  assert.equal(d.recentFailures[1].jobName, null, "a test run has no job");
  assert.equal(d.runtime.deno, Deno.version.deno);

  // Another tenant sees none of it.
  const other = await newTenant();
  const o = await json(await other.owner.call("GET", `${API}/dashboard`));
  assert.equal(o.agents.total, 0);
  assert.equal(o.runs.last7Days.total, 0);
  assert.equal(o.runs.last7Days.successRate, null);
  assert.deepEqual(o.nextRuns, []);
  assert.deepEqual(o.recentFailures, []);
});

itest("dashboard: 403 without automation.job.read, 401 without a token", async () => {
  const t = await newTenant();
  const outsider = await memberWithoutAutomation(t);
  await problem(await outsider.call("GET", `${API}/dashboard`), 403);
  assert.equal((await browse("/automation", { who: outsider })).status, 403);
  const anon = await (await testApp()).app.request(`${API}/dashboard`);
  assert.equal(anon.status, 401);
  const member = await t.member(["member"]);
  await json(await member.call("GET", `${API}/dashboard`));
});

itest("dashboard page: empty state for a new tenant, live figures fragment", async () => {
  const t = await newTenant();
  const res = await browse("/automation", { who: t.owner });
  const body = await res.text();
  assert.equal(res.status, 200, body);
  assert.ok(body.includes("data-automation-live"));
  assert.ok(body.includes('hx-trigger="automation-run from:body throttle:2s"'));
  assert.ok(body.includes('href="/automation/agents"'));
  assert.ok(body.includes("Create an agent"));
  assert.ok(body.includes("/assets/automation-live.js"));

  const a = await agent(t, "Digest", "aktif");
  await run(t, a, null, "failed", 1, 10);
  const part = await browse("/automation?part=figures", { who: t.owner, htmx: true });
  const html = await part.text();
  assert.equal(part.status, 200);
  assert.ok(!html.includes("<html"));
  assert.ok(html.replace(/^<!doctype html>/i, "").startsWith('<div id="automation-dashboard"'));
  assert.ok(!html.includes("Create an agent"), "no welcome once there are agents");
  assert.ok(html.includes("/automation/runs/"), "failures link to their run");
  assert.ok(html.includes("data-chart"));
  const tr =
    await (await browse("/automation", { who: t.owner, headers: { "Accept-Language": "tr" } }))
      .text();
  assert.ok(tr.includes("Son hatalar") || tr.includes("Recent failures"));
});

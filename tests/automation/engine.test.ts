/**
 * The run engine end to end: runs queued as the scheduler queues them, executed by the real
 * engine in the real sandbox behind a real dispatcher; outcomes read back through the runs API
 * and the database.
 */
import assert from "node:assert/strict";
import { type RunEvent, RUNS_CHANNEL } from "../../modules/automation/common/common.schemas.ts";
import { retentionJob, STALE_ERROR, sweep } from "../../modules/automation/engine/sweep.service.ts";
import { BACKLOG_LINK } from "../../modules/automation/engine/sweep.repo.ts";
import { swapKeyForTesting } from "../../modules/automation/secrets/secrets.crypto.lib.ts";
import { itest, newTenant, testApp, type TestTenant } from "../helpers.ts";
import {
  agentOf,
  API,
  childProcesses,
  engineDispatcher,
  inTenant,
  jobContext,
  queueRun,
  runOf,
  runToEnd,
  seedAgent,
  seedJob,
  setAgentEnv,
  setSettings,
  waitFor,
} from "./engine.fixtures.ts";

async function json(res: Response, status: number) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return JSON.parse(text);
}

/** Domain events this tenant published, in order (the event log). */
async function events(t: TestTenant, name: string) {
  const { platform } = await testApp();
  const rows = await platform.db.sql`
    select data from event_log where tenant_id = ${t.id} and name = ${name} order by seq`;
  return rows.map((r) => r.data as Record<string, unknown>);
}

/** The caller's inbox through the notifications API. */
async function inbox(who: { call: TestTenant["owner"]["call"] }) {
  const body = await json(await who.call("GET", "/api/notifications?limit=100"), 200);
  return body.items as { title: string; body: string; link: string | null }[];
}

const logLines = (log: string) => log.split("\n").filter(Boolean);

itest("engine: a script's value, its log in order, duration and the version it ran", async () => {
  const t = await newTenant();
  const agent = await seedAgent(t, {
    code: `export default async (ctx) => {
      ctx.log.info("one");
      console.log("two");
      ctx.log.warn("three");
      return { sum: ctx.input.a + ctx.input.b, name: ctx.config.name ?? null };
    };`,
  });
  const runId = await queueRun(t, agent, { input: { a: 2, b: 3 } });
  // A new version saved after the run was queued: the run still executes the version it took.
  await inTenant(t, async (tx) => {
    await tx`insert into automation_agent_versions (tenant_id, agent_id, version, config, code)
             values (${t.id}, ${agent}, 2, '{}', 'export default async () => "version two"')`;
    await tx`update automation_agents set version = 2, code = 'export default async () => "v2"'
             where id = ${agent}`;
  });
  await (await engineDispatcher()).drain();

  const run = await json(await t.owner.call("GET", `${API}/runs/${runId}`), 200);
  assert.equal(run.status, "succeeded", run.error);
  assert.deepEqual(run.result, { sum: 5, name: null });
  assert.equal(run.agentVersion, 1);
  assert.equal(run.attempt, 1);
  assert.equal(run.error, null);
  assert.ok(typeof run.durationMs === "number" && run.durationMs > 0, "duration recorded");
  assert.ok(run.startedAt && run.finishedAt);
  const stored = await runOf(t, runId);
  const lines = logLines(stored.log);
  const at = ["one", "two", "three"].map((w) => lines.findIndex((l) => l.endsWith(` ${w}`)));
  assert.ok(at.every((i) => i >= 0), stored.log);
  assert.deepEqual([...at].sort((a, b) => a - b), at, `in order: ${stored.log}`);
  assert.match(lines[at[2]], /WARN three$/);
  const a = await agentOf(t, agent);
  assert.equal(a.lastStatus, "succeeded");
  assert.equal(a.consecutiveFailures, 0);
  assert.equal((await events(t, "automation.run.succeeded")).length, 1);
});

itest("engine: a failing run with two attempts runs twice, then fails with its error", async () => {
  const t = await newTenant();
  const agent = await seedAgent(t, {
    code: `export default async (ctx) => {
      console.log("trying");
      throw new Error("boom " + ctx.input.n);
    };`,
  });
  const job = await seedJob(t, agent, { maxAttempts: 2, backoffSeconds: 0, input: { n: 7 } });
  const run = await runToEnd(t, agent, { job });
  assert.equal(run.status, "failed");
  assert.equal(run.attempt, 2);
  assert.equal(run.maxAttempts, 2);
  assert.match(run.error ?? "", /boom 7/);
  assert.ok(run.finishedAt);
  const lines = logLines(run.log);
  assert.equal(lines.filter((l) => l.endsWith("trying")).length, 2, run.log);
  assert.ok(lines.includes("--- attempt 2 of 2 ---"), run.log);
  const { platform } = await testApp();
  const [q] = await platform.db.sql`select state, attempts from jobs
                                    where tenant_id = ${t.id} and id = ${run.queueJobId}`;
  assert.equal(q.attempts, 2, "the queue ran the job twice");
  // The last attempt's failure is the run's, recorded above: the queue job itself completed.
  assert.equal(q.state, "succeeded");
  const failed = await events(t, "automation.run.failed");
  assert.equal(failed.length, 1, "one failure event: the run's, not each attempt's");
  assert.equal(failed[0].runId, run.id);
});

itest("engine: a run past its time limit is stopped near it (timed_out)", async () => {
  const t = await newTenant();
  const agent = await seedAgent(t, {
    code: `export default async () => { await new Promise((r) => setTimeout(r, 20000)); };`,
  });
  const job = await seedJob(t, agent, { timeoutSeconds: 1 });
  const began = performance.now();
  const run = await runToEnd(t, agent, { job });
  const elapsed = performance.now() - began;
  assert.equal(run.status, "timed_out", run.error ?? "");
  assert.ok(run.durationMs! >= 900 && run.durationMs! < 3000, `duration ${run.durationMs}`);
  assert.ok(elapsed < 6000, `the engine returned after ${elapsed} ms`);
  assert.deepEqual(await childProcesses(), [], "the sandbox process is gone");
});

itest("engine: cancel a running run through the API: stopped at once, process killed", async () => {
  const t = await newTenant();
  const agent = await seedAgent(t, {
    code: `export default async (ctx) => {
      ctx.log.info("started");
      await new Promise((r) => setTimeout(r, 20000));
      return "never";
    };`,
  });
  const runId = await queueRun(t, agent);
  const dispatcher = await engineDispatcher();
  const draining = dispatcher.drain();
  await waitFor("the run to be running with its log", async () => {
    const run = await runOf(t, runId);
    return run.status === "running" && run.log.includes("started");
  });
  assert.ok((await childProcesses()).length > 0, "a sandbox process runs the agent");

  const asked = performance.now();
  const answer = await json(await t.owner.call("POST", `${API}/runs/${runId}/cancel`), 200);
  assert.ok(["running", "cancelled"].includes(answer.status));
  await draining;
  const stoppedAfter = performance.now() - asked;
  assert.ok(stoppedAfter < 3000, `stopped after ${stoppedAfter} ms`);
  const run = await runOf(t, runId);
  assert.equal(run.status, "cancelled");
  assert.equal(run.result, null);
  assert.deepEqual(await childProcesses(), [], "the sandbox process was killed");
  // A finished run cannot be cancelled again.
  assert.equal((await t.owner.call("POST", `${API}/runs/${runId}/cancel`)).status, 409);
});

itest(
  "engine: consecutive failures put the agent in hata and tell the recipients; a good test run brings it back",
  async () => {
    const t = await newTenant();
    const watcher = await t.member(["admin"]);
    await setSettings(t, { failureThreshold: 2, recipients: [watcher.id], notifyEmail: false });
    const agent = await seedAgent(t, {
      name: "Nightly export",
      code: `export default async (ctx) => {
        if (ctx.input?.ok) return "fine";
        throw new Error("export target unreachable");
      };`,
    });
    const job = await seedJob(t, agent, { notifyOnFailure: false });
    const first = await runToEnd(t, agent, { job });
    assert.equal(first.status, "failed");
    assert.equal((await agentOf(t, agent)).state, "aktif", "one failure is below the threshold");
    await runToEnd(t, agent, { job });
    const failing = await agentOf(t, agent);
    assert.equal(failing.state, "hata");
    assert.equal(failing.consecutiveFailures, 2);
    assert.match(failing.lastError, /export target unreachable/);

    const notices = (await inbox(watcher)).filter((n) => n.link === `/automation/agents/${agent}`);
    assert.equal(notices.length, 1, JSON.stringify(await inbox(watcher)));
    assert.match(notices[0].body, /Nightly export/);
    assert.ok(!notices[0].title.includes("automation."), "a rendered text, not a key");
    assert.equal(
      (await inbox(t.owner)).filter((n) => n.link?.includes(agent)).length,
      0,
      "recipients set: the creator is not told",
    );
    const changed = await events(t, "automation.agent.state-changed");
    assert.equal(changed.length, 1);
    assert.equal(changed[0].oldState, "aktif");
    assert.equal(changed[0].newState, "hata");

    // While failing, scheduled runs are skipped; a test run from the agent page is how to fix it.
    const queued = await json(
      await t.owner.call("POST", `${API}/agents/${agent}/test-run`, { input: { ok: true } }),
      202,
    );
    assert.equal(queued.status, "queued");
    await (await engineDispatcher()).drain();
    assert.equal((await runOf(t, queued.runId)).status, "succeeded");
    const back = await agentOf(t, agent);
    assert.equal(back.state, "aktif");
    assert.equal(back.consecutiveFailures, 0);
    const all = await events(t, "automation.agent.state-changed");
    assert.equal(all.length, 2);
    assert.equal(all[1].newState, "aktif");
  },
);

itest("engine: environment variables reach the sandbox under their names only", async () => {
  const t = await newTenant();
  const agent = await seedAgent(t, {
    code: `export default async (ctx) => {
      const get = (name) => { try { return Deno.env.get(name) ?? null; } catch { return "denied"; } };
      return {
        fromCtx: ctx.env.API_TOKEN ?? null,
        direct: get("API_TOKEN"),
        other: ctx.env.OTHER_AGENT_TOKEN ?? get("OTHER_AGENT_TOKEN"),
        database: get("DATABASE_URL"),
        home: get("HOME"),
      };
    };`,
  });
  const other = await seedAgent(t);
  await setAgentEnv(t, agent, "API_TOKEN", "s3cr3t-value");
  await setAgentEnv(t, other, "OTHER_AGENT_TOKEN", "not-yours");
  const run = await runToEnd(t, agent);
  assert.equal(run.status, "succeeded", run.error ?? "");
  const r = run.result as Record<string, string | null>;
  assert.equal(r.fromCtx, "s3cr3t-value");
  assert.equal(r.direct, "s3cr3t-value");
  assert.ok(r.other === null || r.other === "denied", `another agent's variable: ${r.other}`);
  assert.ok(r.database === null || r.database === "denied", "the host's DATABASE_URL is hidden");
  assert.ok(r.home === null || r.home === "denied", "the host's HOME is hidden");
  assert.ok(!run.log.includes("s3cr3t-value"), "the value is not logged by the engine");
});

itest("engine: notifyOnFailure sends an inbox notice linking the run page", async () => {
  const t = await newTenant();
  await setSettings(t, { notifyEmail: false });
  const agent = await seedAgent(t, {
    code: `export default async () => { throw new Error("disk full"); };`,
  });
  const loud = await seedJob(t, agent, { notifyOnFailure: true });
  const quiet = await seedJob(t, agent, { notifyOnFailure: false });
  const told = await runToEnd(t, agent, { job: loud });
  const silent = await runToEnd(t, agent, { job: quiet });
  const items = await inbox(t.owner);
  const notice = items.find((n) => n.link === `/automation/runs/${told.id}`);
  assert.ok(notice, JSON.stringify(items));
  assert.match(notice.body, /disk full/);
  assert.match(notice.title + notice.body, new RegExp(loud.name));
  assert.equal(items.filter((n) => n.link === `/automation/runs/${silent.id}`).length, 0);
});

itest("engine: the live log reaches RUNS_CHANNEL subscribers before the run ends", async () => {
  const t = await newTenant();
  const { platform } = await testApp();
  const agent = await seedAgent(t, {
    code: `export default async () => {
      console.log("early line");
      await new Promise((r) => setTimeout(r, 1500));
      console.log("late line");
      return 1;
    };`,
  });
  const runId = await queueRun(t, agent);
  const seen: { at: number; event: RunEvent }[] = [];
  const unsubscribe = await platform.bus.subscribe(RUNS_CHANNEL, (m) => {
    const event = m as unknown as RunEvent;
    if (event.runId === runId) seen.push({ at: performance.now(), event });
  });
  try {
    await (await engineDispatcher()).drain();
    await waitFor(
      "the final status on the bus",
      () => seen.some((s) => s.event.status === "succeeded"),
    );
  } finally {
    unsubscribe();
  }
  const early = seen.find((s) => s.event.line?.includes("early line"));
  const late = seen.find((s) => s.event.line?.includes("late line"));
  const done = seen.find((s) => s.event.status === "succeeded" && s.event.line === undefined)!;
  assert.ok(early && late, JSON.stringify(seen.map((s) => s.event)));
  assert.equal(early.event.tenantId, t.id);
  assert.equal(early.event.status, "running");
  assert.ok(
    done.at - early.at > 700,
    `the early line came ${done.at - early.at} ms before the end`,
  );
  assert.ok(seen.indexOf(early) < seen.indexOf(late));
  assert.ok(seen.some((s) => s.event.status === "running" && s.event.line === undefined));
});

itest(
  "engine: the sweep fails a run whose heartbeat stopped and whose queue job is gone",
  async () => {
    const t = await newTenant();
    const agent = await seedAgent(t);
    const seedRunning = (heartbeat: string) =>
      inTenant(t, async (tx) => {
        const [row] = await tx`
        insert into automation_runs (tenant_id, id, agent_id, agent_version, trigger, status,
          attempt, started_at, heartbeat_at)
        values (${t.id}, gen_random_uuid(), ${agent}, 1, 'test', 'running', 1,
          now() - interval '3 minutes', now() - ${heartbeat}::interval)
        returning id`;
        return row.id as string;
      });
    const lost = await seedRunning("2 minutes");
    const alive = await seedRunning("5 seconds");
    const ctx = await jobContext(null);
    const swept = await ctx.scoped((sql) => sweep({ sql, bus: ctx.bus }));
    assert.ok(swept.failed >= 1, JSON.stringify(swept));
    const failed = await runOf(t, lost);
    assert.equal(failed.status, "failed");
    assert.equal(failed.error, STALE_ERROR);
    assert.ok(failed.finishedAt && failed.durationMs! >= 170_000, `${failed.durationMs}`);
    assert.equal((await runOf(t, alive)).status, "running", "a run that beats is left alone");
    const announced = await events(t, "automation.run.failed");
    assert.deepEqual(announced.map((e) => e.runId), [lost]);
  },
);

itest("engine: retention deletes old runs and blanks old logs, in the tenant only", async () => {
  const t = await newTenant();
  const other = await newTenant();
  await setSettings(t, { historyRetentionDays: 5, logRetentionDays: 1 });
  await setSettings(other, { historyRetentionDays: 5, logRetentionDays: 1 });
  const seedRun = async (who: TestTenant, status: string, age: string) => {
    const agent = await seedAgent(who);
    return await inTenant(who, async (tx) => {
      const [row] = await tx`
        insert into automation_runs (tenant_id, id, agent_id, agent_version, trigger, status,
          log, queued_at, finished_at)
        values (${who.id}, gen_random_uuid(), ${agent}, 1, 'test', ${status}, 'a log line',
          now() - ${age}::interval,
          case when ${status} = 'queued' then null else now() - ${age}::interval end)
        returning id`;
      return row.id as string;
    });
  };
  const old = await seedRun(t, "succeeded", "10 days");
  const oldQueued = await seedRun(t, "queued", "10 days");
  const oldLog = await seedRun(t, "failed", "2 days");
  const fresh = await seedRun(t, "succeeded", "1 hour");
  const theirs = await seedRun(other, "succeeded", "10 days");

  const ctx = await jobContext(t.id);
  await retentionJob.handler(ctx);

  const ids = (await inTenant(t, (tx) => tx`select id from automation_runs`)).map((r) => r.id);
  assert.ok(!ids.includes(old), "a finished run past the history retention is deleted");
  assert.ok(ids.includes(oldQueued), "a waiting run is never deleted");
  assert.ok(ids.includes(oldLog) && ids.includes(fresh));
  assert.equal((await runOf(t, oldLog)).log, "", "a log past the log retention is blanked");
  assert.equal((await runOf(t, fresh)).log, "a log line");
  assert.equal((await runOf(other, theirs)).log, "a log line", "another tenant's run untouched");
});

itest("engine: the sweep warns about a queue backlog once, then runs drain", async () => {
  const t = await newTenant();
  await setSettings(t, { notifyEmail: false });
  await inTenant(t, (tx) => tx`update automation_settings set backlog_threshold = 2`);
  const agent = await seedAgent(t);
  for (let i = 0; i < 3; i++) await queueRun(t, agent);
  const first = await jobContext(null).then((c) => c.scoped((sql) => sweep({ sql, bus: c.bus })));
  assert.ok(first.warned >= 1, JSON.stringify(first));
  const warnings = (await inbox(t.owner)).filter((n) => n.link === BACKLOG_LINK);
  assert.equal(warnings.length, 1, "the owner is told (no recipients set)");
  assert.match(warnings[0].body, /3/);
  await jobContext(null).then((c) => c.scoped((sql) => sweep({ sql, bus: c.bus })));
  assert.equal(
    (await inbox(t.owner)).filter((n) => n.link === BACKLOG_LINK).length,
    1,
    "at most once an hour",
  );
  await (await engineDispatcher()).drain();
  const left = await inTenant(t, (tx) =>
    tx`select count(*)::int as n from automation_runs
                                            where status = 'queued'`);
  assert.equal(left[0].n, 0);
});

itest(
  "engine: an environment variable that does not decrypt fails the run once, no retry",
  async () => {
    const t = await newTenant();
    const agent = await seedAgent(t, {
      code: `export default async (ctx) => { console.log("ran"); return ctx.env.TOKEN; };`,
    });
    await setAgentEnv(t, agent, "TOKEN", "s3cret");
    const job = await seedJob(t, agent, { maxAttempts: 3, backoffSeconds: 0 });
    const runId = await queueRun(t, agent, { job });
    const dispatcher = await engineDispatcher();
    // Another installation key than the one TOKEN was sealed with.
    const fresh = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))));
    const restore = await swapKeyForTesting(fresh);
    try {
      await dispatcher.drain();
    } finally {
      restore();
    }
    const run = await runOf(t, runId);
    assert.equal(run.status, "failed");
    assert.equal(run.attempt, 1, "not retried: the next attempt would fail the same way");
    assert.equal(
      run.error,
      "environment variable TOKEN was encrypted with another key; set it again",
    );
    assert.ok(run.startedAt && run.finishedAt);
    assert.ok(!logLines(run.log).some((l) => l.endsWith("ran")), "the agent never ran");
    const { platform } = await testApp();
    const [q] = await platform.db.sql`select state, attempts from jobs
                                    where tenant_id = ${t.id} and id = ${run.queueJobId}`;
    assert.equal(q.attempts, 1);
    assert.equal(q.state, "succeeded", "the queue job ended: the run carries the failure");
    const a = await agentOf(t, agent);
    assert.equal(a.lastStatus, "failed");
    assert.equal(a.consecutiveFailures, 1);
    const failed = await events(t, "automation.run.failed");
    assert.equal(failed.length, 1);
    assert.match(String(failed[0].error), /TOKEN was encrypted with another key/);
    // With the key back the same agent runs again.
    const again = await runToEnd(t, agent, { job });
    assert.equal(again.status, "succeeded", again.error ?? "");
    assert.equal(again.result, "s3cret");
  },
);

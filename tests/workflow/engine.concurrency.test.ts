/**
 * Issue 15 "Must show": two dispatchers on one PostgreSQL never advance a token twice (10,000
 * steps across many instances; the history and a counter variable reconcile exactly), and a
 * worker killed with SIGKILL in the middle of steps loses nothing: another dispatcher finishes
 * every instance and the counts still reconcile. PostgreSQL only (several pools / processes on
 * one server); ignored in embedded mode.
 */
import assert from "node:assert/strict";
import { openDatabase } from "../../shared/db/database.ts";
import { asWorker } from "../../shared/jobs/dispatcher.ts";
import { STEP_JOB } from "../../modules/workflow/common/model.lib.ts";
import { newTenant, testApp, type TestTenant } from "../helpers.ts";
import {
  asOwner,
  buildModel,
  deploy,
  type El,
  engineDispatcher,
  inTenant,
} from "./engine.fixtures.ts";
import * as engine from "../../modules/workflow/engine/engine.service.ts";

const NO_POSTGRES = !Deno.env.get("DATABASE_URL");
const options = { ignore: NO_POSTGRES, sanitizeOps: false, sanitizeResources: false };
const ROOT = new URL("../../", import.meta.url).pathname;

/** A chain of `n` steps, each in a queue job of its own, each adding one to `n`. */
function chain(key: string, steps: number, script: "feel" | "javascript") {
  const els: El[] = [{ id: "start", type: "startEvent" }];
  const flows: [string, string][] = [];
  let prev = "start";
  for (let i = 1; i <= steps; i++) {
    const id = `s${i}`;
    els.push({
      id,
      type: "scriptTask",
      asyncBefore: true,
      script: script === "feel" ? { language: "feel", body: "n + 1", resultVariable: "n" } : {
        language: "javascript",
        // A little work per step, so a kill lands in the middle of some.
        body: "const until = Date.now() + 15; while (Date.now() < until) {} return n + 1;",
        resultVariable: "n",
      },
    } as El);
    flows.push([prev, id]);
    prev = id;
  }
  els.push({ id: "end", type: "endEvent" });
  flows.push([prev, "end"]);
  return buildModel(key, els, flows);
}

async function startMany(t: TestTenant, key: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 50) {
    await asOwner(t, async (a) => {
      for (let j = i; j < Math.min(count, i + 50); j++) {
        ids.push((await engine.startInstance(a, { key, variables: { n: 0 } })).id);
      }
    });
  }
  return ids;
}

async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function openCount(t: TestTenant) {
  const [{ n }] = await inTenant(
    t,
    (tx) => tx`select count(*)::int as n from workflow_instances where state = 'active'`,
  );
  return n as number;
}

/** Every instance completed, each step ran once: history and the counter agree exactly. */
async function reconcile(t: TestTenant, ids: string[], steps: number) {
  const rows = await inTenant(t, (tx) =>
    tx`select i.id, i.state, (i.variables->>'n')::int as n,
         (select count(*)::int from workflow_history h where h.instance_id = i.id
            and h.event = 'element.completed' and h.element_id ~ '^s[0-9]+$') as completed,
         (select count(*)::int from workflow_history h where h.instance_id = i.id
            and h.event = 'element.started' and h.element_id ~ '^s[0-9]+$') as started,
         (select count(distinct h.token_id)::int from workflow_history h where h.instance_id = i.id
            and h.event = 'element.started' and h.element_id ~ '^s[0-9]+$') as tokens,
         (select count(*)::int from workflow_tokens k where k.instance_id = i.id
            and k.ended_at is null) as live
       from workflow_instances i where i.id = any(${ids}::uuid[])`);
  assert.equal(rows.length, ids.length);
  for (const r of rows) {
    assert.deepEqual(
      {
        state: r.state,
        n: r.n,
        completed: r.completed,
        started: r.started,
        tokens: r.tokens,
        live: r.live,
      },
      { state: "completed", n: steps, completed: steps, started: steps, tokens: steps, live: 0 },
      `instance ${r.id}`,
    );
  }
  return rows.reduce((a, r) => a + r.completed, 0);
}

Deno.test({
  ...options,
  name: "two dispatchers on PostgreSQL: 10,000 steps, no token advanced twice, counts reconcile",
  fn: async () => {
    const { platform } = await testApp();
    const INSTANCES = Number(Deno.env.get("WF_COUNT_INSTANCES") ?? 200);
    const STEPS = 50;
    const t = await newTenant();
    await deploy(t, chain("count", STEPS, "feel"));
    const ids = await startMany(t, "count", INSTANCES);
    const db2 = await openDatabase(platform.config);
    const one = await engineDispatcher({ workerId: "wf-count-1" });
    const two = await engineDispatcher({ workerId: "wf-count-2", db: db2 });
    one.start();
    two.start();
    try {
      await waitUntil("every instance to complete", async () => await openCount(t) === 0, 600_000);
    } finally {
      await one.stop();
      await two.stop();
      await db2.close();
    }
    const total = await reconcile(t, ids, STEPS);
    assert.equal(total, INSTANCES * STEPS);
    // Both dispatchers did part of the work.
    const byWorker = await asWorker(platform.db.sql, (tx) =>
      tx<{ worker: string; n: number }[]>`
        select worker, count(*)::int as n from job_runs
        where tenant_id = ${t.id} and name = ${STEP_JOB} and status = 'succeeded'
        group by worker order by worker`);
    assert.deepEqual(byWorker.map((w) => w.worker), ["wf-count-1", "wf-count-2"]);
    assert.ok(byWorker.every((w) => w.n > INSTANCES), JSON.stringify(byWorker));
  },
});

Deno.test({
  ...options,
  name: "kill -9 of a worker mid-step: another dispatcher resumes, nothing runs twice",
  fn: async () => {
    const { platform } = await testApp();
    const INSTANCES = 40;
    const STEPS = 10;
    const t = await newTenant();
    await deploy(t, chain("killed", STEPS, "javascript"));
    const ids = await startMany(t, "killed", INSTANCES);
    const dataDir = await Deno.makeTempDir({ prefix: "wf-kill-" });
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "worker.ts"],
      cwd: ROOT,
      env: {
        DATABASE_URL: Deno.env.get("DATABASE_URL")!,
        JOB_LEASE_SECONDS: "3",
        JOB_CONCURRENCY: "4",
        JOB_TENANT_CONCURRENCY: "4",
        LOG_LEVEL: "error",
        PORT: "0",
        DATA_DIR: dataDir,
        NO_COLOR: "1",
      },
      stdin: "null",
      stdout: "null",
      stderr: "null",
    }).spawn();
    const done = async () => {
      const [{ n }] = await inTenant(
        t,
        (tx) =>
          tx`select count(*)::int as n from workflow_history where event = 'element.completed'
             and element_id ~ '^s[0-9]+$'`,
      );
      return n as number;
    };
    let rescuer: Awaited<ReturnType<typeof engineDispatcher>> | null = null;
    let heldAtKill = -1;
    try {
      // Kill once the worker is well into the steps.
      await waitUntil("the worker to run steps", async () => await done() >= 60, 120_000);
      child.kill("SIGKILL");
      assert.equal((await child.status).signal, "SIGKILL");
      const before = await done();
      assert.ok(before < INSTANCES * STEPS, "killed before the end");
      // Steps the dead worker held at the moment of the kill (claimed or running); the kill can
      // land between two claims, so this may be zero, but each one held must come back as lost.
      heldAtKill = (await asWorker(platform.db.sql, (tx) =>
        tx<{ n: number }[]>`select count(*)::int as n from jobs
          where tenant_id = ${t.id} and name = ${STEP_JOB} and state = 'running'`))[0].n;

      rescuer = await engineDispatcher({ workerId: "wf-rescuer" });
      rescuer.start();
      await waitUntil("every instance to complete", async () =>
        await openCount(t) === 0, 180_000);
    } finally {
      try {
        child.kill("SIGKILL");
      } catch { /* gone */ }
      await child.status;
      await rescuer?.stop();
      await Deno.remove(dataDir, { recursive: true }).catch(() => {});
    }
    assert.equal(await reconcile(t, ids, STEPS), INSTANCES * STEPS);
    // The killed worker's steps in progress were lost and taken over by the rescuer.
    const lost = await asWorker(
      platform.db.sql,
      (tx) =>
        tx<{ n: number }[]>`select count(*)::int as n from job_runs
        where tenant_id = ${t.id} and name = ${STEP_JOB} and status = 'lost'`,
    );
    assert.equal(lost[0].n, heldAtKill, "every step the dead worker held is recorded as lost");
  },
});

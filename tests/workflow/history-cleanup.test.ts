/**
 * History cleanup: camunda:historyTimeToLive read at deploy (days or P<n>D; a bad value
 * refuses the model naming the process), the tenant default (API + audit line), and the daily
 * run deleting only finished instances past their time to live (with tokens, tasks, history,
 * timers), never unfinished ones and never another tenant's, with its count in the audit monitor.
 */
import assert from "node:assert/strict";
import { uuidv7 } from "uuidv7";
import { withScope } from "../../shared/db/scope.ts";
import { compileBpmn } from "../../modules/workflow/definitions/definitions.compile.lib.ts";
import { cleanHistory, CLEANUP_JOB } from "../../modules/workflow/cleanup/cleanup.service.ts";
import { parseHistoryTtl } from "../../modules/workflow/cleanup/cleanup.rules.ts";
import { workflow } from "../../modules/workflow/mod.ts";
import { itest, newTenant, problem, testApp, type TestTenant } from "../helpers.ts";
import { drain } from "./engine.fixtures.ts";

const API = "/api/workflow";
const DAY = 86_400_000;

const NS = `xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" ` +
  `xmlns:camunda="http://camunda.org/schema/1.0/bpmn"`;
/** start → (user task) → end; the process names its time to live when `ttl` is given. */
const model = (key: string, ttl?: string, wait = false) =>
  `<?xml version="1.0" encoding="UTF-8"?><bpmn:definitions ${NS} id="d" targetNamespace="t">` +
  `<bpmn:process id="${key}" name="${key}" isExecutable="true"` +
  (ttl === undefined ? "" : ` camunda:historyTimeToLive="${ttl}"`) + `>` +
  `<bpmn:startEvent id="start"/>` +
  (wait
    ? `<bpmn:userTask id="work" name="Work" camunda:assignee="\${initiator}"/>` +
      `<bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="work"/>` +
      `<bpmn:sequenceFlow id="f2" sourceRef="work" targetRef="end"/>`
    : `<bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="end"/>`) +
  `<bpmn:endEvent id="end"/></bpmn:process></bpmn:definitions>`;

const json = async (res: Response, status: number) => {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return text ? JSON.parse(text) : null;
};

const inTenant = async <T>(
  t: TestTenant,
  fn: (tx: import("../../shared/db/database.ts").Sql) => Promise<T>,
) => {
  const { platform } = await testApp();
  return await withScope(platform.db.sql, { tenantId: t.id }, fn);
};

async function deploy(t: TestTenant, key: string, ttl?: string, wait = false) {
  await json(
    await t.owner.call("POST", `${API}/admin/process`, {
      xml: model(key, ttl, wait),
      deploy: true,
    }),
    201,
  );
}

async function start(t: TestTenant, key: string): Promise<string> {
  const started = await json(await t.owner.call("POST", `${API}/process`, { key }), 201);
  await drain();
  return started.id;
}

/** Moves an instance's end (or start, when unfinished) `days` into the past. */
const age = (t: TestTenant, id: string, days: number) =>
  inTenant(
    t,
    (tx) =>
      tx`update workflow_instances set started_at = now() - ${days + 1} * interval '1 day',
         ended_at = case when ended_at is null then null else now() - ${days} * interval '1 day' end
       where id = ${id}`,
  );

const exists = async (t: TestTenant, id: string) =>
  (await inTenant(t, (tx) => tx`select 1 from workflow_instances where id = ${id}`)).length === 1;

const run = (t: TestTenant, now = new Date()) =>
  testApp().then(({ platform }) =>
    cleanHistory((fn) => withScope(platform.db.sql, { tenantId: t.id }, fn), now)
  );

itest(
  "history cleanup: camunda:historyTimeToLive in days or P<n>D, a bad one refused",
  async () => {
    assert.deepEqual(parseHistoryTtl("30"), { ok: true, days: 30 });
    assert.deepEqual(parseHistoryTtl(" P5D "), { ok: true, days: 5 });
    assert.deepEqual(parseHistoryTtl("0"), { ok: true, days: 0 });
    assert.deepEqual(parseHistoryTtl(""), { ok: true, days: null });
    assert.deepEqual(parseHistoryTtl(undefined), { ok: true, days: null });
    for (const bad of ["P1M", "-3", "PT5H", "thirty", "99999999", "40000"]) {
      assert.equal(parseHistoryTtl(bad).ok, false, bad);
    }
    assert.equal((await compileBpmn(model("a", "P7D"))).historyTtlDays, 7);
    assert.equal((await compileBpmn(model("a"))).historyTtlDays, null);
    const refused = await compileBpmn(model("cleanupBad", "P1Y"));
    assert.equal(refused.model, null);
    assert.ok(
      refused.problems.some((p) =>
        p.elementId === "cleanupBad" && p.message.includes("historyTimeToLive")
      ),
      JSON.stringify(refused.problems),
    );
    // Through the API: deploying it is a 422 naming the process.
    const t = await newTenant();
    const res = await problem(
      await t.owner.call("POST", `${API}/admin/process`, {
        xml: model("cleanupBad", "P1Y"),
        deploy: true,
      }),
      422,
    );
    assert.ok(JSON.stringify(res).includes("cleanupBad"));
    // A good one is stored on the version.
    await deploy(t, "cleanupGood", "12");
    const [v] = await inTenant(
      t,
      (tx) =>
        tx`select v.history_ttl_days from workflow_definition_versions v
       join workflow_definitions d on d.id = v.definition_id where d.key = 'cleanupGood'`,
    );
    assert.equal(v.historyTtlDays, 12);
  },
);

itest("history cleanup: the tenant default through the API, audited", async () => {
  const t = await newTenant();
  const agent = await t.member(["agent"]);
  const admin = await t.member(["admin"]);
  assert.deepEqual(
    (await json(await t.owner.call("GET", `${API}/settings`), 200)).historyTimeToLiveDays,
    null,
  );
  // Agents read it (it says how long history stays); only definition writers change it.
  assert.equal((await agent.call("GET", `${API}/settings`)).status, 200);
  await problem(await agent.call("PUT", `${API}/settings`, { historyTimeToLiveDays: 5 }), 403);
  for (const bad of [-1, 1.5, "30", 40_000]) {
    await problem(await admin.call("PUT", `${API}/settings`, { historyTimeToLiveDays: bad }), 400);
  }
  await problem(await admin.call("PUT", `${API}/settings`, { other: 1 }), 400);
  const saved = await json(
    await admin.call("PUT", `${API}/settings`, { historyTimeToLiveDays: 30 }),
    200,
  );
  assert.equal(saved.historyTimeToLiveDays, 30);
  assert.equal(saved.updatedBy, admin.id);
  // Another tenant keeps its own (none).
  const other = await newTenant();
  assert.equal(
    (await json(await other.owner.call("GET", `${API}/settings`), 200)).historyTimeToLiveDays,
    null,
  );
  const audit = await json(await t.owner.call("GET", `${API}/audit?category=cleanup`), 200);
  assert.equal(audit.items.length, 1);
  assert.equal(audit.items[0].event, "settings.updated");
  assert.deepEqual(audit.items[0].after, { historyTimeToLiveDays: 30 });
  // Back to "keep forever".
  assert.equal(
    (await json(await admin.call("PUT", `${API}/settings`, { historyTimeToLiveDays: null }), 200))
      .historyTimeToLiveDays,
    null,
  );
});

itest("history cleanup: finished instances past their time to live go, the rest stay", async () => {
  const t = await newTenant();
  const other = await newTenant();
  // Nothing applies yet: no run line, nothing deleted.
  await deploy(t, "plain");
  const plainOld = await start(t, "plain");
  await age(t, plainOld, 400);
  assert.equal(await run(t), null);
  assert.ok(await exists(t, plainOld));

  await deploy(t, "short", "P5D");
  await deploy(t, "shortWait", "5", true);
  const expired = await start(t, "short");
  const recent = await start(t, "short");
  const running = await start(t, "shortWait");
  const cancelled = await start(t, "shortWait");
  await json(await t.owner.call("POST", `${API}/process/${cancelled}/cancel`, {}), 200);
  for (const id of [expired, running, cancelled]) await age(t, id, 6);
  await age(t, recent, 4);
  // A fired timer of the expired instance goes with it (timers have no foreign key).
  await inTenant(
    t,
    (tx) =>
      tx`insert into workflow_timers (tenant_id, id, instance_id, element_id, kind, due_at, fired_at)
       values (${t.id}, ${uuidv7()}, ${expired}, 'start', 'catch', now(), now())`,
  );
  const [before] = await inTenant(
    t,
    (tx) =>
      tx`select (select count(*)::int from workflow_history where instance_id = ${expired}) as h,
              (select count(*)::int from workflow_tokens where instance_id = ${expired}) as k`,
  );
  assert.ok(before.h > 0 && before.k > 0);

  // The same in another tenant: untouched by this tenant's run.
  await deploy(other, "short", "P5D");
  const othersExpired = await start(other, "short");
  await age(other, othersExpired, 30);

  const first = await run(t);
  assert.deepEqual(first, { removed: 2, batches: 1 });
  assert.equal(await exists(t, expired), false);
  assert.equal(await exists(t, cancelled), false);
  assert.ok(await exists(t, recent), "ended 4 days ago, lives 5");
  assert.ok(await exists(t, running), "an unfinished instance is never removed");
  assert.ok(await exists(t, plainOld), "no time to live: kept");
  assert.ok(await exists(other, othersExpired), "another tenant is untouched");
  const [after] = await inTenant(t, (tx) =>
    tx`select
        (select count(*)::int from workflow_history where instance_id = any(${[
      expired,
      cancelled,
    ]}::uuid[])) as h,
        (select count(*)::int from workflow_tokens where instance_id = any(${[
      expired,
      cancelled,
    ]}::uuid[])) as k,
        (select count(*)::int from workflow_tasks where instance_id = ${cancelled}) as tasks,
        (select count(*)::int from workflow_timers where instance_id = ${expired}) as timers`);
  assert.deepEqual({ ...after }, { h: 0, k: 0, tasks: 0, timers: 0 });

  // The tenant default covers versions without their own; the version's own still wins.
  await json(await t.owner.call("PUT", `${API}/settings`, { historyTimeToLiveDays: 500 }), 200);
  assert.deepEqual(await run(t), { removed: 0, batches: 1 });
  assert.ok(await exists(t, plainOld));
  await json(await t.owner.call("PUT", `${API}/settings`, { historyTimeToLiveDays: 300 }), 200);
  // Two days on, `recent` is past its own 5 days too.
  assert.deepEqual(await run(t, new Date(Date.now() + 2 * DAY)), { removed: 2, batches: 1 });
  assert.equal(await exists(t, plainOld), false);
  assert.equal(await exists(t, recent), false);
  assert.ok(await exists(t, running));

  // Each run is one line in the audit monitor with its count (newest first).
  const audit = await json(await t.owner.call("GET", `${API}/audit?category=cleanup`), 200);
  const runs = audit.items.filter((e: { event: string }) => e.event === "history_cleanup.ran");
  assert.deepEqual(runs.map((e: { after: { removed: number } }) => e.after.removed), [2, 0, 2]);
  assert.equal(runs[0].actorId, null);
  const page = await t.owner.call("GET", "/workflow/admin/audit?category=cleanup", undefined, {
    Accept: "text/html",
  });
  assert.equal(page.status, 200);
  const body = await page.text();
  assert.ok(body.includes("cleaned up the history of finished processes"), "the line reads");
  assert.ok(body.includes("Finished processes deleted"), "its count is labelled");
  // The other tenant saw no run.
  const others = await json(await other.owner.call("GET", `${API}/audit?category=cleanup`), 200);
  assert.equal(others.items.length, 0);
});

itest("history cleanup: a daily job per tenant, in batches of 500", async () => {
  const job = workflow.jobs.find((j) => j.name === CLEANUP_JOB);
  assert.ok(job?.schedule?.perTenant);
  assert.match(job.schedule.cron, /^\d+ \d+ \* \* \*$/);
  const t = await newTenant();
  await deploy(t, "bulk", "1");
  // 501 finished instances written directly (starting 501 through the engine takes long).
  const [v] = await inTenant(
    t,
    (tx) => tx`select v.id, v.definition_id from workflow_definition_versions v`,
  );
  await inTenant(
    t,
    (tx) =>
      tx`insert into workflow_instances (tenant_id, id, definition_id, version_id, name, state, started_at, ended_at)
       select ${t.id}::uuid, gen_random_uuid(), ${v.definitionId}, ${v.id}, 'bulk', 'completed',
         now() - interval '10 days', now() - interval '9 days'
       from generate_series(1, 501)`,
  );
  assert.deepEqual(await run(t), { removed: 501, batches: 2 });
});

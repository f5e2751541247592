/**
 * The process engine's timers and scopes: intermediate timer catch and boundary timers
 * (interrupting and not; the clock injected), multi-instance user tasks (parallel and
 * sequential, and a completion condition), embedded subprocess with an error end caught by a
 * boundary error event, call activity, and instance migration between versions.
 */
import assert from "node:assert/strict";
import * as engine from "../../modules/workflow/engine/engine.service.ts";
import { fireDueTimers } from "../../modules/workflow/engine/engine.jobs.service.ts";
import { clock } from "../../modules/workflow/engine/engine.timers.lib.ts";
import { itest, newTenant, testApp, type TestTenant } from "../helpers.ts";
import {
  asOwner,
  buildModel,
  completeTask,
  count,
  deploy,
  drain,
  inTenant,
  snapshot,
  start,
} from "./engine.fixtures.ts";

const HOUR = 3_600_000;

/** Moves the engine's clock and fires what is due in the tenant (as the sweep would). */
async function advance(t: TestTenant, ms: number) {
  const { platform } = await testApp();
  const at = new Date(Date.now() + ms);
  clock.set(() => at);
  try {
    return await inTenant(t, (tx) => fireDueTimers({ sql: tx, bus: platform.bus }));
  } finally {
    clock.reset();
  }
}

itest("intermediate timer catch waits until the clock passes its duration", async () => {
  const t = await newTenant();
  await deploy(
    t,
    buildModel("wait", [
      { id: "start", type: "startEvent" },
      {
        id: "pause",
        type: "intermediateCatchEvent",
        event: { kind: "timer", timer: { kind: "duration", expression: "=delay" } },
      },
      { id: "after", type: "userTask" },
    ], [["start", "pause"], ["pause", "after"]]),
  );
  const id = await start(t, "wait", { delay: "PT2H" });
  assert.deepEqual((await snapshot(t, id)).tokens, ["pause:waiting"]);
  assert.equal(await advance(t, HOUR), 0, "not due after one hour");
  assert.equal(await advance(t, 3 * HOUR), 1);
  const s = await snapshot(t, id);
  assert.deepEqual(s.tokens, ["after:waiting"]);
  assert.equal(count(s, "timer.fired"), 1);
});

const boundaryModel = (key: string, interrupting: boolean) =>
  buildModel(key, [
    { id: "start", type: "startEvent" },
    { id: "approve", type: "userTask" },
    {
      id: "late",
      type: "boundaryEvent",
      attachedTo: "approve",
      cancelActivity: interrupting,
      event: {
        kind: "timer",
        timer: interrupting
          ? { kind: "duration", expression: "P1D" }
          : { kind: "cycle", expression: "R2/PT1H" },
      },
    },
    { id: "escalate", type: "userTask" },
    { id: "done", type: "endEvent" },
  ], [["start", "approve"], ["approve", "done"], ["late", "escalate"]]);

itest("interrupting boundary timer: fires with the injected clock, cancels the task", async () => {
  const t = await newTenant();
  await deploy(t, boundaryModel("bt-int", true));
  const id = await start(t, "bt-int");
  assert.equal(await advance(t, 23 * HOUR), 0);
  assert.equal(await advance(t, 25 * HOUR), 1);
  const s = await snapshot(t, id);
  assert.deepEqual(s.tokens, ["escalate:waiting"]);
  assert.equal(s.tasks.find((x) => x.elementId === "approve")!.state, "cancelled");
  assert.equal(count(s, "element.cancelled", "approve"), 1);

  // Completing the activity first: its boundary timer is cancelled and never fires.
  const other = await start(t, "bt-int");
  await completeTask(t, other, "approve");
  assert.equal(await advance(t, 48 * HOUR), 0);
  assert.equal((await snapshot(t, other)).state, "completed");
});

itest("non-interrupting boundary timer (R2/PT1H): escalates twice, the task stays", async () => {
  const t = await newTenant();
  await deploy(t, boundaryModel("bt-non", false));
  const id = await start(t, "bt-non");
  assert.equal(await advance(t, 1.5 * HOUR), 1);
  let s = await snapshot(t, id);
  assert.deepEqual(s.tokens, ["approve:waiting", "escalate:waiting"]);
  assert.equal(await advance(t, 3 * HOUR), 1, "second cycle");
  assert.equal(await advance(t, 10 * HOUR), 0, "R2: no third");
  s = await snapshot(t, id);
  assert.deepEqual(s.tokens, ["approve:waiting", "escalate:waiting", "escalate:waiting"]);
  await completeTask(t, id, "approve");
  s = await snapshot(t, id);
  assert.deepEqual(s.tokens, ["escalate:waiting", "escalate:waiting"]);
});

itest("timers of a suspended instance wait until it resumes", async () => {
  const t = await newTenant();
  await deploy(t, boundaryModel("bt-susp", true));
  const id = await start(t, "bt-susp");
  await asOwner(t, (a) => engine.suspendInstance(a, id));
  assert.equal(await advance(t, 25 * HOUR), 0);
  await asOwner(t, (a) => engine.resumeInstance(a, id));
  assert.equal(await advance(t, 25 * HOUR), 1);
  assert.deepEqual((await snapshot(t, id)).tokens, ["escalate:waiting"]);
});

const miModel = (key: string, sequential: boolean, completionCondition?: string) =>
  buildModel(key, [
    { id: "start", type: "startEvent" },
    {
      id: "vote",
      type: "userTask",
      assignee: "=approver",
      loop: {
        sequential,
        collection: "approvers",
        elementVariable: "approver",
        completionCondition,
      },
    },
    { id: "after", type: "userTask" },
  ], [["start", "vote"], ["vote", "after"]]);

itest("multi-instance parallel: one task per approver, completes after N", async () => {
  const t = await newTenant();
  const m1 = await t.member(["member"]);
  const m2 = await t.member(["member"]);
  await deploy(t, miModel("mi-par", false));
  const id = await start(t, "mi-par", { approvers: [t.owner.email, m1.email, m2.email] });
  let s = await snapshot(t, id);
  assert.equal(s.tasks.length, 3);
  const assignees = await inTenant(
    t,
    (tx) =>
      tx`select assignee from workflow_tasks where instance_id = ${id} order by created_at, id`,
  );
  assert.deepEqual(assignees.map((r) => r.assignee), [t.owner.id, m1.id, m2.id]);
  await completeTask(t, id, "vote", { ok: true });
  await completeTask(t, id, "vote", { ok: true });
  s = await snapshot(t, id);
  assert.equal(s.tokens.filter((x) => x === "vote:waiting").length, 1);
  assert.ok(!s.tokens.includes("after:waiting"));
  await completeTask(t, id, "vote", { ok: true });
  s = await snapshot(t, id);
  assert.deepEqual(s.tokens, ["after:waiting"]);
  assert.equal(count(s, "task.completed"), 3);
});

itest(
  "multi-instance sequential: one at a time; a completion condition ends it early",
  async () => {
    const t = await newTenant();
    await deploy(t, miModel("mi-seq", true));
    const id = await start(t, "mi-seq", { approvers: ["a@x.test", "b@x.test"] });
    assert.deepEqual((await snapshot(t, id)).tokens, ["vote:scope", "vote:waiting"]);
    await completeTask(t, id, "vote");
    let s = await snapshot(t, id);
    assert.deepEqual(s.tokens, ["vote:scope", "vote:waiting"]);
    assert.equal(s.tasks.length, 2);
    await completeTask(t, id, "vote");
    assert.deepEqual((await snapshot(t, id)).tokens, ["after:waiting"]);

    await deploy(t, miModel("mi-cond", false, "= ok = false"));
    const early = await start(t, "mi-cond", { approvers: [1, 2, 3] });
    await completeTask(t, early, "vote", { ok: false });
    s = await snapshot(t, early);
    assert.deepEqual(s.tokens, ["after:waiting"], "one rejection ends the vote");
    assert.equal(s.tasks.filter((x) => x.state === "cancelled").length, 2);
  },
);

itest(
  "subprocess: runs inside a scope; an error end is caught by the boundary error event",
  async () => {
    const t = await newTenant();
    await deploy(
      t,
      buildModel("sub", [
        { id: "start", type: "startEvent" },
        { id: "sp", type: "subProcess" },
        { id: "s_start", type: "startEvent", parent: "sp" },
        { id: "s_gw", type: "exclusiveGateway", parent: "sp", default: "s_work" },
        { id: "s_work", type: "userTask", parent: "sp" },
        { id: "s_end", type: "endEvent", parent: "sp" },
        { id: "s_fail", type: "endEvent", parent: "sp", event: { kind: "error", errorCode: "E1" } },
        {
          id: "caught",
          type: "boundaryEvent",
          attachedTo: "sp",
          event: { kind: "error", errorCode: "E1" },
        },
        { id: "after", type: "userTask" },
        { id: "fixup", type: "userTask" },
      ], [
        ["start", "sp"],
        ["s_start", "s_gw"],
        ["s_gw", "s_fail", "= fail"],
        ["s_gw", "s_work"],
        ["s_work", "s_end"],
        ["sp", "after"],
        ["caught", "fixup"],
      ]),
    );
    const ok = await start(t, "sub", { fail: false });
    assert.deepEqual((await snapshot(t, ok)).tokens, ["s_work:waiting", "sp:scope"]);
    await completeTask(t, ok, "s_work");
    assert.deepEqual((await snapshot(t, ok)).tokens, ["after:waiting"]);

    const failing = await start(t, "sub", { fail: true });
    const s = await snapshot(t, failing);
    assert.deepEqual(s.tokens, ["fixup:waiting"]);
    assert.equal(count(s, "error.thrown"), 1);
    assert.equal(count(s, "element.cancelled", "sp"), 1);
  },
);

itest("call activity: the child runs the called process; its end resumes the parent", async () => {
  const t = await newTenant();
  await deploy(
    t,
    buildModel("child", [
      { id: "c_start", type: "startEvent" },
      { id: "c_task", type: "userTask" },
      { id: "c_end", type: "endEvent" },
    ], [["c_start", "c_task"], ["c_task", "c_end"]]),
  );
  await deploy(
    t,
    buildModel("parent", [
      { id: "start", type: "startEvent" },
      { id: "call", type: "callActivity", calledElement: "child" },
      { id: "after", type: "userTask" },
    ], [["start", "call"], ["call", "after"]]),
  );
  const id = await start(t, "parent", { order: 7 });
  assert.deepEqual((await snapshot(t, id)).tokens, ["call:waiting"]);
  const [child] = await inTenant(
    t,
    (tx) => tx`select id from workflow_instances where parent_instance_id = ${id}`,
  );
  assert.equal((await snapshot(t, child.id)).variables.order, 7);
  await completeTask(t, child.id, "c_task", { shipped: true });
  assert.equal((await snapshot(t, child.id)).state, "completed");
  await drain();
  const s = await snapshot(t, id);
  assert.deepEqual(s.tokens, ["after:waiting"]);
  assert.equal(s.variables.shipped, true);

  // Cancelling the parent cancels the child it waits for.
  const again = await start(t, "parent");
  const [child2] = await inTenant(
    t,
    (tx) => tx`select id from workflow_instances where parent_instance_id = ${again}`,
  );
  await asOwner(t, (a) => engine.cancelInstance(a, { id: again }));
  assert.equal((await snapshot(t, child2.id)).state, "cancelled");
});

itest(
  "migration: dry run reports, unmapped activity refused, apply moves tokens and audits",
  async () => {
    const t = await newTenant();
    const v1 = await deploy(
      t,
      buildModel("mig", [
        { id: "start", type: "startEvent" },
        { id: "old_review", type: "userTask" },
        { id: "end", type: "endEvent" },
      ], [["start", "old_review"], ["old_review", "end"]]),
    );
    const v2 = await deploy(
      t,
      buildModel("mig", [
        { id: "start", type: "startEvent" },
        { id: "review", type: "userTask" },
        { id: "check", type: "userTask" },
        { id: "end", type: "endEvent" },
      ], [["start", "review"], ["review", "check"], ["check", "end"]]),
    );
    const ids = [
      (await asOwner(t, (x) => engine.startInstance(x, { key: "mig", version: 1 }))).id,
      (await asOwner(t, (x) => engine.startInstance(x, { key: "mig", version: 1 }))).id,
    ];
    const plan = (mapping: Record<string, string>) => ({
      fromVersionId: v1.versionId,
      toVersionId: v2.versionId,
      mapping,
      instanceIds: ids,
    });
    const refused = await asOwner(
      t,
      (x) => engine.migrateInstances(x, { plan: plan({}), dryRun: false }),
    );
    assert.equal(refused.valid, false);
    assert.ok(refused.problems.some((p) => p.elementId === "old_review"));
    assert.equal((await snapshot(t, ids[0])).versionId, v1.versionId, "nothing moved");

    const dry = await asOwner(
      t,
      (x) => engine.migrateInstances(x, { plan: plan({ old_review: "review" }), dryRun: true }),
    );
    assert.equal(dry.valid, true);
    assert.deepEqual(dry.moves.map((m) => [m.from, m.to]), [["old_review", "review"], [
      "old_review",
      "review",
    ]]);
    assert.equal((await snapshot(t, ids[0])).versionId, v1.versionId, "dry run changes nothing");

    const applied = await asOwner(
      t,
      (x) => engine.migrateInstances(x, { plan: plan({ old_review: "review" }), dryRun: false }),
    );
    assert.equal(applied.valid, true);
    for (const id of ids) {
      const s = await snapshot(t, id);
      assert.equal(s.versionId, v2.versionId);
      assert.deepEqual(s.tokens, ["review:waiting"]);
      assert.equal(s.tasks[0].elementId, "review");
      assert.equal(count(s, "process.migrated"), 1);
    }
    const audits = await inTenant(
      t,
      (tx) => tx`select instance_ids, mapping from workflow_migrations`,
    );
    assert.equal(audits.length, 1);
    assert.equal(audits[0].instanceIds.length, 2);
    // The moved token goes on in the new version's flow.
    await completeTask(t, ids[0], "review");
    assert.deepEqual((await snapshot(t, ids[0])).tokens, ["check:waiting"]);
  },
);

/**
 * The process engine, element by element: start and end events, user tasks, gateways (exclusive
 * with default and no-match incident, parallel join waiting for every branch, inclusive), FEEL
 * and JavaScript script tasks, incidents retried and skipped, cancel / suspend / resume.
 */
import assert from "node:assert/strict";
import * as engine from "../../modules/workflow/engine/engine.service.ts";
import { itest, newTenant } from "../helpers.ts";
import {
  asOwner,
  buildModel,
  completeTask,
  count,
  deploy,
  deployXml,
  drain,
  snapshot,
  start,
} from "./engine.fixtures.ts";

itest(
  "none start → user task → none end: the task waits, completing it ends the process",
  async () => {
    const t = await newTenant();
    await deploy(
      t,
      buildModel("approve", [
        { id: "start", type: "startEvent" },
        { id: "review", type: "userTask", assignee: "${starter}", priority: "80", dueDate: "P2D" },
        { id: "end", type: "endEvent" },
      ], [["start", "review"], ["review", "end"]]),
    );
    const id = await start(t, "approve", { amount: 5, first_name: "Ayşe" });
    let s = await snapshot(t, id);
    assert.equal(s.state, "active");
    assert.deepEqual(s.tokens, ["review:waiting"]);
    assert.equal(s.tasks.length, 1);
    assert.equal(s.variables.first_name, "Ayşe", "variable keys keep their spelling");
    const [task] = await asOwner(
      t,
      (a) =>
        a.sql`select assignee, priority, due_at from workflow_tasks where id = ${s.tasks[0].id}`,
    );
    assert.equal(task.assignee, t.owner.id);
    assert.equal(task.priority, "kritik");
    assert.ok(task.dueAt);

    await completeTask(t, id, "review", { approved: true });
    s = await snapshot(t, id);
    assert.equal(s.state, "completed");
    assert.deepEqual(s.tokens, []);
    assert.equal(s.variables.approved, true);
    assert.deepEqual(
      s.history.map((h) => h.event).filter((e) => e.startsWith("process.")),
      ["process.started", "process.completed"],
    );
    assert.equal(count(s, "element.started"), 3);
    assert.equal(count(s, "element.completed"), 3);
    // A second completion of the same task is refused: the token has moved on.
    await assert.rejects(
      () =>
        asOwner(
          t,
          (a) =>
            engine.continueAfterTask(a, {
              task: { id: s.tasks[0].id, instanceId: id, tokenId: s.tasks[0].tokenId },
              data: {},
            }),
        ),
      (e: engine.EngineError) => e.status === 409,
    );
  },
);

itest("unknown definition → 404; no deployed version → 422", async () => {
  const t = await newTenant();
  await assert.rejects(
    () => start(t, "nope"),
    (e: engine.EngineError) => e.status === 404,
  );
});

const xorModel = (key: string) =>
  buildModel(key, [
    { id: "start", type: "startEvent" },
    { id: "gw", type: "exclusiveGateway", default: "small" },
    { id: "big", type: "userTask" },
    { id: "small", type: "task" },
    { id: "end", type: "endEvent" },
  ], [
    ["start", "gw"],
    ["gw", "big", '${amount > 100 && kind == "x"}'],
    ["gw", "small"],
    ["big", "end"],
    ["small", "end"],
  ]);

itest("exclusive gateway: JUEL condition taken, else the default flow", async () => {
  const t = await newTenant();
  await deploy(t, xorModel("xor"));
  const big = await start(t, "xor", { amount: 150, kind: "x" });
  assert.deepEqual((await snapshot(t, big)).tokens, ["big:waiting"]);
  const small = await start(t, "xor", { amount: 5, kind: "x" });
  const s = await snapshot(t, small);
  assert.equal(s.state, "completed");
  assert.equal(count(s, "element.completed", "small"), 1);
});

itest(
  "exclusive gateway without a match → incident; retry after fixing variables; skip",
  async () => {
    const t = await newTenant();
    await deploy(
      t,
      buildModel("nomatch", [
        { id: "start", type: "startEvent" },
        { id: "gw", type: "exclusiveGateway" },
        { id: "a", type: "userTask" },
        { id: "b", type: "userTask" },
      ], [["start", "gw"], ["gw", "a", "=x = 1"], ["gw", "b", "=x = 2"]]),
    );
    const id = await start(t, "nomatch", { x: 3 });
    let s = await snapshot(t, id);
    assert.deepEqual(s.tokens, ["gw:incident"]);
    assert.equal(s.incidentCount, 1);
    assert.equal(s.incidents[0].kind, "no-matching-flow");
    assert.equal(count(s, "incident.opened"), 1);

    // Retry without a fix: a new incident; fix the variable, retry: flows on.
    await asOwner(t, (a) => engine.retryIncident(a, s.incidents[0].id));
    s = await snapshot(t, id);
    assert.equal(s.incidentCount, 1);
    assert.equal(s.incidents.length, 2);
    assert.equal(s.incidents[0].resolution, "retried");
    await asOwner(
      t,
      (a) =>
        a.sql`update workflow_instances set variables = variables || '{"x": 2}' where id = ${id}`,
    );
    await asOwner(t, (a) => engine.retryIncident(a, s.incidents[1].id));
    s = await snapshot(t, id);
    assert.deepEqual(s.tokens, ["b:waiting"]);
    assert.equal(s.incidentCount, 0);
    await assert.rejects(
      () => asOwner(t, (a) => engine.retryIncident(a, s.incidents[1].id)),
      (e: engine.EngineError) => e.status === 409,
    );

    // Skip: the gateway is left as if it had decided (first flow).
    const other = await start(t, "nomatch", { x: 9 });
    const inc = (await snapshot(t, other)).incidents[0];
    await asOwner(t, (a) => engine.skipIncident(a, inc.id));
    s = await snapshot(t, other);
    assert.deepEqual(s.tokens, ["a:waiting"]);
    assert.equal(s.incidents[0].resolution, "skipped");
  },
);

itest("parallel gateway: forks, and the join waits for every branch", async () => {
  const t = await newTenant();
  await deploy(
    t,
    buildModel("par", [
      { id: "start", type: "startEvent" },
      { id: "fork", type: "parallelGateway" },
      { id: "a", type: "userTask" },
      { id: "b", type: "userTask" },
      { id: "c", type: "task" },
      { id: "join", type: "parallelGateway" },
      { id: "after", type: "userTask" },
    ], [
      ["start", "fork"],
      ["fork", "a"],
      ["fork", "b"],
      ["fork", "c"],
      ["a", "join"],
      ["b", "join"],
      ["c", "join"],
      ["join", "after"],
    ]),
  );
  const id = await start(t, "par");
  let s = await snapshot(t, id);
  assert.deepEqual(s.tokens, ["a:waiting", "b:waiting", "join:joined"]);
  await completeTask(t, id, "a");
  s = await snapshot(t, id);
  assert.deepEqual(s.tokens, ["b:waiting", "join:joined", "join:joined"]);
  assert.equal(s.tasks.filter((x) => x.elementId === "after").length, 0, "join still waits");
  await completeTask(t, id, "b");
  s = await snapshot(t, id);
  assert.deepEqual(s.tokens, ["after:waiting"]);
  assert.equal(count(s, "element.started", "after"), 1, "the join fired once");
});

itest("inclusive gateway: takes every true flow; the join waits only for those", async () => {
  const t = await newTenant();
  await deploy(
    t,
    buildModel("incl", [
      { id: "start", type: "startEvent" },
      { id: "fork", type: "inclusiveGateway", default: "c" },
      { id: "a", type: "userTask" },
      { id: "b", type: "userTask" },
      { id: "c", type: "userTask" },
      { id: "join", type: "inclusiveGateway" },
      { id: "after", type: "userTask" },
    ], [
      ["start", "fork"],
      ["fork", "a", "= wantA"],
      ["fork", "b", "= wantB"],
      ["fork", "c"],
      ["a", "join"],
      ["b", "join"],
      ["c", "join"],
      ["join", "after"],
    ]),
  );
  const id = await start(t, "incl", { wantA: true, wantB: false });
  let s = await snapshot(t, id);
  assert.deepEqual(s.tokens, ["a:waiting"]);
  await completeTask(t, id, "a");
  s = await snapshot(t, id);
  assert.deepEqual(s.tokens, ["after:waiting"]);

  const both = await start(t, "incl", { wantA: true, wantB: true });
  assert.deepEqual((await snapshot(t, both)).tokens, ["a:waiting", "b:waiting"]);
  await completeTask(t, both, "b");
  assert.deepEqual((await snapshot(t, both)).tokens, ["a:waiting", "join:joined"]);
  await completeTask(t, both, "a");
  assert.deepEqual((await snapshot(t, both)).tokens, ["after:waiting"]);

  const none = await start(t, "incl", { wantA: false, wantB: false });
  assert.deepEqual((await snapshot(t, none)).tokens, ["c:waiting"], "default flow");
});

itest("script tasks: FEEL and sandboxed JavaScript; a runaway script is an incident", async () => {
  const t = await newTenant();
  await deploy(
    t,
    buildModel("scripts", [
      { id: "start", type: "startEvent" },
      {
        id: "feel",
        type: "scriptTask",
        script: { language: "feel", body: "amount * 2", resultVariable: "doubled" },
      },
      {
        id: "js",
        type: "scriptTask",
        script: {
          language: "javascript",
          body: "if (loop) { while (true) {} } return { total: doubled + 1, who: variables.name };",
          resultVariable: "out",
        },
      },
      { id: "wait", type: "userTask" },
    ], [["start", "feel"], ["feel", "js"], ["js", "wait"]]),
  );
  const id = await start(t, "scripts", { amount: 21, name: "Zeynep", loop: false });
  const s = await snapshot(t, id);
  assert.equal(s.variables.doubled, 42);
  assert.deepEqual(s.variables.out, { total: 43, who: "Zeynep" });
  assert.deepEqual(s.tokens, ["wait:waiting"]);

  const stuck = await start(t, "scripts", { amount: 1, name: "x", loop: true });
  const s2 = await snapshot(t, stuck);
  assert.deepEqual(s2.tokens, ["js:incident"]);
  assert.equal(s2.incidents[0].kind, "script-timeout");
});

itest(
  "cancel, suspend and resume: a suspended instance's steps wait; cancel ends it all",
  async () => {
    const t = await newTenant();
    await deploy(
      t,
      buildModel("life", [
        { id: "start", type: "startEvent" },
        { id: "first", type: "userTask" },
        { id: "async", type: "task", asyncBefore: true } as never,
        { id: "second", type: "userTask" },
      ], [["start", "first"], ["first", "async"], ["async", "second"]]),
    );
    const id = await start(t, "life");
    await completeTask(t, id, "first");
    assert.deepEqual((await snapshot(t, id)).tokens, ["async:ready"]);
    await asOwner(t, (a) => engine.suspendInstance(a, id));
    await drain();
    let s = await snapshot(t, id);
    assert.equal(s.state, "suspended");
    assert.deepEqual(s.tokens, ["async:ready"], "the step job did nothing while suspended");
    await assert.rejects(
      () => asOwner(t, (a) => engine.suspendInstance(a, id)),
      (e: engine.EngineError) => e.status === 409,
    );
    await asOwner(t, (a) => engine.resumeInstance(a, id));
    await drain();
    s = await snapshot(t, id);
    assert.equal(s.state, "active");
    assert.deepEqual(s.tokens, ["second:waiting"]);

    await asOwner(t, (a) => engine.cancelInstance(a, { id, reason: "no longer needed" }));
    s = await snapshot(t, id);
    assert.equal(s.state, "cancelled");
    assert.deepEqual(s.tokens, []);
    assert.equal(s.tasks.at(-1)!.state, "cancelled");
    assert.equal(count(s, "process.cancelled"), 1);
    await assert.rejects(
      () => asOwner(t, (a) => engine.cancelInstance(a, { id })),
      (e: engine.EngineError) => e.status === 409,
    );
  },
);

itest(
  "compiled BPMN XML runs: approval.bpmn (start form, candidate group, FEEL gateway)",
  async () => {
    const t = await newTenant();
    const xml = await Deno.readTextFile(new URL("./fixtures/approval.bpmn", import.meta.url));
    const { key } = await deployXml(t, xml);
    const yes = await start(t, key, { amount: 500 });
    let s = await snapshot(t, yes);
    assert.equal(s.tokens.length, 1);
    const [task] = await asOwner(
      t,
      (a) => a.sql`select candidate_roles, form from workflow_tasks where id = ${s.tasks[0].id}`,
    );
    assert.deepEqual(task.candidateRoles, ["member"]);
    assert.ok(Array.isArray(task.form), "the form fields travel with the task");
    await completeTask(t, yes, s.tasks[0].elementId, { approved: true });
    s = await snapshot(t, yes);
    assert.equal(s.state, "completed");
    const [end] = await asOwner(
      t,
      (a) => a.sql`select end_element_id from workflow_instances where id = ${yes}`,
    );
    const no = await start(t, key, { amount: 1 });
    const sNo = await snapshot(t, no);
    await completeTask(t, no, sNo.tasks[0].elementId, { approved: false });
    const [endNo] = await asOwner(
      t,
      (a) => a.sql`select end_element_id, state from workflow_instances where id = ${no}`,
    );
    assert.equal(endNo.state, "completed");
    assert.notEqual(end.endElementId, endNo.endElementId, "approved and rejected end apart");
  },
);

/**
 * Signals in the engine: a broadcast reaches every waiting signal catch and boundary of the
 * tenant and starts every process with that signal start (never another tenant's); signal
 * throw events (intermediate and end) broadcast through a queue job, delivered in each
 * reached instance's own step, after the thrower's step has committed.
 */
import assert from "node:assert/strict";
import { itest, newTenant } from "../helpers.ts";
import { count, deployXml, snapshot, start } from "./engine.fixtures.ts";
import {
  bpmn,
  broadcast,
  drainAll,
  flow,
  signal,
  signalDef,
  subscriptions,
} from "./messages.fixtures.ts";

const waiterXml = bpmn(
  "waiter",
  `<bpmn:startEvent id="start" />
  <bpmn:intermediateCatchEvent id="go">${signalDef("go")}</bpmn:intermediateCatchEvent>
  <bpmn:userTask id="after" /><bpmn:endEvent id="end" />
  ${flow("start", "go")}${flow("go", "after")}${flow("after", "end")}`,
  signal("go"),
);

const starterXml = bpmn(
  "on-go",
  `<bpmn:startEvent id="started">${signalDef("go")}</bpmn:startEvent>
  <bpmn:userTask id="work" /><bpmn:endEvent id="end" />
  ${flow("started", "work")}${flow("work", "end")}`,
  signal("go"),
);

itest(
  "a signal reaches every waiting catch and starts signal start processes, in its tenant only",
  async () => {
    const t = await newTenant();
    const other = await newTenant();
    await deployXml(t, waiterXml);
    await deployXml(t, starterXml);
    await deployXml(other, waiterXml);
    const a = await start(t, "waiter");
    const b = await start(t, "waiter");
    const foreign = await start(other, "waiter");
    assert.deepEqual(await subscriptions(t, a), ["go:signal:catch"]);

    const result = await broadcast(t, "go", { reason: "launch" });
    assert.equal(result.reached, 2);
    assert.equal(result.started.length, 1);
    assert.equal(result.started[0].definitionKey, "on-go");
    for (const id of [a, b]) {
      const s = await snapshot(t, id);
      assert.deepEqual(s.tokens, ["after:waiting"]);
      assert.equal(s.variables.reason, "launch");
      assert.equal(count(s, "signal.received", "go"), 1);
    }
    const started = await snapshot(t, result.started[0].processInstanceId);
    assert.deepEqual(started.tokens, ["work:waiting"]);
    assert.deepEqual((await snapshot(other, foreign)).tokens, ["go:waiting"], "other tenant");

    // Nothing waits now; the start process starts again (a signal is not consumed).
    const again = await broadcast(t, "go");
    assert.equal(again.reached, 0);
    assert.equal(again.started.length, 1);
  },
);

itest("interrupting signal boundary cancels its activity", async () => {
  const t = await newTenant();
  await deployXml(
    t,
    bpmn(
      "stoppable",
      `<bpmn:startEvent id="start" /><bpmn:userTask id="work" />
      <bpmn:boundaryEvent id="stop" attachedToRef="work">${signalDef("stop")}</bpmn:boundaryEvent>
      <bpmn:endEvent id="done" /><bpmn:endEvent id="stopped" />
      ${flow("start", "work")}${flow("work", "done")}${flow("stop", "stopped")}`,
      signal("stop"),
    ),
  );
  const id = await start(t, "stoppable");
  assert.deepEqual(await subscriptions(t, id), ["stop:signal:boundary"]);
  assert.equal((await broadcast(t, "stop")).reached, 1);
  const s = await snapshot(t, id);
  assert.equal(s.state, "completed");
  assert.equal(s.tasks[0].state, "cancelled");
  assert.equal(count(s, "element.completed", "stopped"), 1);
});

itest(
  "signal throw events broadcast through a job: other instances move in their own steps",
  async () => {
    const t = await newTenant();
    await deployXml(t, waiterXml);
    await deployXml(
      t,
      bpmn(
        "thrower",
        `<bpmn:startEvent id="start" />
      <bpmn:intermediateThrowEvent id="announce">${signalDef("go")}</bpmn:intermediateThrowEvent>
      <bpmn:userTask id="next" />
      <bpmn:endEvent id="finish">${signalDef("finished")}</bpmn:endEvent>
      ${flow("start", "announce")}${flow("announce", "next")}${flow("next", "finish")}`,
        signal("go") + signal("finished"),
      ),
    );
    await deployXml(
      t,
      bpmn(
        "listener",
        `<bpmn:startEvent id="start" />
      <bpmn:intermediateCatchEvent id="heard">${signalDef("finished")}</bpmn:intermediateCatchEvent>
      <bpmn:endEvent id="end" />${flow("start", "heard")}${flow("heard", "end")}`,
        signal("finished"),
      ),
    );
    const waiter = await start(t, "waiter");
    const listener = await start(t, "listener");
    const thrower = await start(t, "thrower");
    let s = await snapshot(t, thrower);
    assert.deepEqual(s.tokens, ["next:waiting"]);
    assert.equal(count(s, "signal.thrown", "announce"), 1);
    // Not yet delivered: the broadcast is a job of its own.
    assert.deepEqual((await snapshot(t, waiter)).tokens, ["go:waiting"]);
    await drainAll();
    assert.deepEqual((await snapshot(t, waiter)).tokens, ["after:waiting"]);
    assert.deepEqual((await snapshot(t, listener)).tokens, ["heard:waiting"]);

    const { completeTask } = await import("./engine.fixtures.ts");
    await completeTask(t, thrower, "next");
    s = await snapshot(t, thrower);
    assert.equal(s.state, "completed");
    assert.equal(count(s, "signal.thrown", "finish"), 1);
    await drainAll();
    assert.equal((await snapshot(t, listener)).state, "completed");
  },
);

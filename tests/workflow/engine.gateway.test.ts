/**
 * Event-based gateway: the token waits on every branch (message, timer, signal, condition);
 * the first to fire wins, the gateway completes and the other branches are dropped (their
 * subscriptions deleted, their timers cancelled). Each branch is made to win once. Conditional
 * catch and boundary events are re-checked whenever a step changes variables.
 */
import assert from "node:assert/strict";
import { itest, newTenant, type TestTenant } from "../helpers.ts";
import { completeTask, count, deployXml, snapshot, start } from "./engine.fixtures.ts";
import {
  advance,
  bpmn,
  broadcast,
  conditionDef,
  correlate,
  flow,
  message,
  messageDef,
  openTimers,
  refusal,
  signal,
  signalDef,
  startWith,
  subscriptions,
} from "./messages.fixtures.ts";

const HOUR = 3_600_000;

// A parallel branch with a user task changes variables while the gateway waits.
const gatewayXml = bpmn(
  "choose",
  `<bpmn:startEvent id="start" /><bpmn:parallelGateway id="fork" />
  <bpmn:userTask id="edit" /><bpmn:endEvent id="edited" />
  <bpmn:eventBasedGateway id="gw" />
  <bpmn:intermediateCatchEvent id="byMessage">${messageDef("answer")}</bpmn:intermediateCatchEvent>
  <bpmn:intermediateCatchEvent id="byTimer"><bpmn:timerEventDefinition>
    <bpmn:timeDuration>PT2H</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:intermediateCatchEvent>
  <bpmn:intermediateCatchEvent id="bySignal">${signalDef("abort")}</bpmn:intermediateCatchEvent>
  <bpmn:intermediateCatchEvent id="byCondition">${
    conditionDef("${ready == true}")
  }</bpmn:intermediateCatchEvent>
  <bpmn:userTask id="afterMessage" /><bpmn:userTask id="afterTimer" />
  <bpmn:userTask id="afterSignal" /><bpmn:userTask id="afterCondition" />
  ${flow("start", "fork")}${flow("fork", "edit")}${flow("edit", "edited")}${flow("fork", "gw")}
  ${flow("gw", "byMessage")}${flow("gw", "byTimer")}${flow("gw", "bySignal")}
  ${flow("gw", "byCondition")}
  ${flow("byMessage", "afterMessage")}${flow("byTimer", "afterTimer")}
  ${flow("bySignal", "afterSignal")}${flow("byCondition", "afterCondition")}
  <bpmn:endEvent id="end" />${flow("afterMessage", "end")}${flow("afterTimer", "end")}
  ${flow("afterSignal", "end")}${flow("afterCondition", "end")}`,
  message("answer") + signal("abort"),
);

async function waiting(t: TestTenant, key: string) {
  const id = await startWith(t, "choose", key);
  assert.deepEqual((await snapshot(t, id)).tokens, ["edit:waiting", "gw:waiting"]);
  assert.deepEqual(await subscriptions(t, id), [
    "byCondition:conditional:gateway",
    "byMessage:message:gateway",
    "bySignal:signal:gateway",
  ]);
  assert.equal(await openTimers(t, id), 1);
  return id;
}

async function wonBy(t: TestTenant, id: string, branch: string, after: string) {
  const s = await snapshot(t, id);
  assert.deepEqual(s.tokens.filter((x) => !x.startsWith("edit")), [`${after}:waiting`]);
  assert.equal(count(s, "element.completed", "gw"), 1);
  assert.equal(count(s, "element.completed", branch), 1);
  for (const other of ["byMessage", "byTimer", "bySignal", "byCondition"]) {
    if (other !== branch) assert.equal(count(s, "element.started", other), 0, other);
  }
  assert.deepEqual(await subscriptions(t, id), [], "the other branches stop listening");
  assert.equal(await openTimers(t, id), 0, "the timer branch is cancelled");
}

itest("event-based gateway: the message branch wins", async () => {
  const t = await newTenant();
  await deployXml(t, gatewayXml);
  const id = await waiting(t, "m");
  await correlate(t, { messageName: "answer", businessKey: "m" });
  await wonBy(t, id, "byMessage", "afterMessage");
  assert.equal((await broadcast(t, "abort")).reached, 0);
});

itest("event-based gateway: the timer branch wins", async () => {
  const t = await newTenant();
  await deployXml(t, gatewayXml);
  const id = await waiting(t, "t");
  assert.equal(await advance(t, 3 * HOUR), 1);
  await wonBy(t, id, "byTimer", "afterTimer");
  assert.equal(await refusal(correlate(t, { messageName: "answer", businessKey: "t" })), 404);
});

itest("event-based gateway: the signal branch wins", async () => {
  const t = await newTenant();
  await deployXml(t, gatewayXml);
  const id = await waiting(t, "s");
  assert.equal((await broadcast(t, "abort")).reached, 1);
  await wonBy(t, id, "bySignal", "afterSignal");
  assert.equal(await advance(t, 3 * HOUR), 0, "the cancelled timer does not fire");
});

itest(
  "event-based gateway: the conditional branch wins when a step sets the variable",
  async () => {
    const t = await newTenant();
    await deployXml(t, gatewayXml);
    const id = await waiting(t, "c");
    const { asOwner } = await import("./engine.fixtures.ts");
    const engine = await import("../../modules/workflow/engine/engine.service.ts");
    await asOwner(
      t,
      (a) => engine.setInstanceVariables(a, { instanceId: id, variables: { ready: false } }),
    );
    assert.deepEqual((await snapshot(t, id)).tokens, ["edit:waiting", "gw:waiting"], "still false");
    // The parallel user task's answer is written by its step: the condition is checked again.
    await completeTask(t, id, "edit", { ready: true });
    await wonBy(t, id, "byCondition", "afterCondition");
  },
);

itest(
  "conditional catch passes at once when true and waits otherwise; conditional boundary interrupts",
  async () => {
    const t = await newTenant();
    await deployXml(
      t,
      bpmn(
        "cond",
        `<bpmn:startEvent id="start" />
      <bpmn:intermediateCatchEvent id="enough">${
          conditionDef("= stock > 10")
        }</bpmn:intermediateCatchEvent>
      <bpmn:userTask id="pack" />
      <bpmn:boundaryEvent id="soldOut" attachedToRef="pack">${
          conditionDef("= stock = 0")
        }</bpmn:boundaryEvent>
      <bpmn:endEvent id="end" /><bpmn:endEvent id="cancelled" />
      ${flow("start", "enough")}${flow("enough", "pack")}${flow("pack", "end")}
      ${flow("soldOut", "cancelled")}`,
      ),
    );
    const passes = await start(t, "cond", { stock: 20 });
    assert.deepEqual((await snapshot(t, passes)).tokens, ["pack:waiting"]);
    assert.deepEqual(await subscriptions(t, passes), ["soldOut:conditional:boundary"]);

    const waits = await start(t, "cond", { stock: 5 });
    assert.deepEqual((await snapshot(t, waits)).tokens, ["enough:waiting"]);
    const { asOwner } = await import("./engine.fixtures.ts");
    const engine = await import("../../modules/workflow/engine/engine.service.ts");
    const set = (id: string, variables: Record<string, unknown>) =>
      asOwner(t, (a) => engine.setInstanceVariables(a, { instanceId: id, variables }));
    await set(waits, { stock: 8 });
    assert.deepEqual((await snapshot(t, waits)).tokens, ["enough:waiting"]);
    await set(waits, { stock: 11 });
    assert.deepEqual((await snapshot(t, waits)).tokens, ["pack:waiting"]);

    await set(passes, { stock: 0 });
    const s = await snapshot(t, passes);
    assert.equal(s.state, "completed");
    assert.equal(count(s, "condition.fired", "soldOut"), 1);
    assert.equal(s.tasks[0].state, "cancelled");
  },
);

itest(
  "a task's completion variables are checked before it leaves: its own conditional boundaries fire",
  async () => {
    const t = await newTenant();
    await deployXml(
      t,
      bpmn(
        "withdrawal",
        `<bpmn:startEvent id="start" /><bpmn:userTask id="review" />
      <bpmn:boundaryEvent id="withdrawn" attachedToRef="review">${
          conditionDef("${withdrawn == true}")
        }</bpmn:boundaryEvent>
      <bpmn:boundaryEvent id="noted" attachedToRef="review" cancelActivity="false">${
          conditionDef("= note != null")
        }</bpmn:boundaryEvent>
      <bpmn:userTask id="archive" /><bpmn:userTask id="follow" />
      <bpmn:endEvent id="end" /><bpmn:endEvent id="gone" /><bpmn:endEvent id="followed" />
      ${flow("start", "review")}${flow("review", "end")}${flow("withdrawn", "archive")}
      ${flow("archive", "gone")}${flow("noted", "follow")}${flow("follow", "followed")}`,
      ),
    );
    // The answer meets the interrupting condition: the task is interrupted, never leaves.
    const interrupted = await start(t, "withdrawal");
    await completeTask(t, interrupted, "review", { withdrawn: true });
    const s = await snapshot(t, interrupted);
    assert.deepEqual(s.tokens, ["archive:waiting"]);
    assert.equal(count(s, "condition.fired", "withdrawn"), 1);
    assert.equal(count(s, "element.cancelled", "review"), 1);
    assert.equal(count(s, "element.completed", "review"), 0);

    // The answer meets a non-interrupting one: its path starts and the task completes as usual.
    const noted = await start(t, "withdrawal");
    await completeTask(t, noted, "review", { note: "call back" });
    const n = await snapshot(t, noted);
    assert.deepEqual(n.tokens, ["follow:waiting"]);
    assert.equal(count(n, "condition.fired", "noted"), 1);
    assert.equal(count(n, "element.completed", "review"), 1);
    assert.equal(count(n, "element.completed", "end"), 1);

    // Neither condition met: the task just completes.
    const plain = await start(t, "withdrawal");
    await completeTask(t, plain, "review", { withdrawn: false });
    assert.equal((await snapshot(t, plain)).state, "completed");
  },
);

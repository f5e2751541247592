/**
 * Messages in the engine (Camunda 7 semantics): intermediate message catch, receive task,
 * message start by correlation, message boundary events (interrupting and not, dropped when
 * the activity ends), one-or-all matching with business keys and correlation keys, and a
 * message that arrives before anyone waits (refused). Models are compiled from BPMN XML.
 */
import assert from "node:assert/strict";
import { itest, newTenant } from "../helpers.ts";
import { completeTask, count, deployXml, snapshot, start } from "./engine.fixtures.ts";
import {
  bpmn,
  correlate,
  flow,
  message,
  messageDef,
  refusal,
  startWith,
  subscriptions,
} from "./messages.fixtures.ts";

const catchXml = bpmn(
  "payment",
  `<bpmn:startEvent id="start" />
  <bpmn:intermediateCatchEvent id="paid" name="Paid">${
    messageDef("paid")
  }</bpmn:intermediateCatchEvent>
  <bpmn:userTask id="ship" />
  <bpmn:endEvent id="end" />
  ${flow("start", "paid")}${flow("paid", "ship")}${flow("ship", "end")}`,
  message("paid"),
);

itest("intermediate message catch waits, the message moves it on with its payload", async () => {
  const t = await newTenant();
  await deployXml(t, catchXml);
  const id = await startWith(t, "payment", "order-1");
  assert.deepEqual((await snapshot(t, id)).tokens, ["paid:waiting"]);
  assert.deepEqual(await subscriptions(t, id), ["paid:message:catch"]);

  assert.equal(await refusal(correlate(t, { messageName: "paid", businessKey: "other" })), 404);
  const results = await correlate(t, {
    messageName: "paid",
    businessKey: "order-1",
    processVariables: { amount: 42 },
  });
  assert.deepEqual(results, [{
    resultType: "Execution",
    processInstanceId: id,
    definitionKey: "payment",
    elementId: "paid",
  }]);
  const s = await snapshot(t, id);
  assert.deepEqual(s.tokens, ["ship:waiting"]);
  assert.equal(s.variables.amount, 42);
  assert.equal(count(s, "message.received", "paid"), 1);
  assert.deepEqual(await subscriptions(t, id), []);
  // Nobody waits any more: the same message is refused, not kept for later.
  assert.equal(await refusal(correlate(t, { messageName: "paid", businessKey: "order-1" })), 404);
});

itest("a message that arrives before the instance waits is refused (404)", async () => {
  const t = await newTenant();
  await deployXml(
    t,
    bpmn(
      "early",
      `<bpmn:startEvent id="start" /><bpmn:userTask id="prepare" />
      <bpmn:intermediateCatchEvent id="paid">${messageDef("paid")}</bpmn:intermediateCatchEvent>
      <bpmn:endEvent id="end" />
      ${flow("start", "prepare")}${flow("prepare", "paid")}${flow("paid", "end")}`,
      message("paid"),
    ),
  );
  const id = await startWith(t, "early", "e-1");
  assert.equal(await refusal(correlate(t, { messageName: "paid", businessKey: "e-1" })), 404);
  await completeTask(t, id, "prepare");
  assert.deepEqual((await snapshot(t, id)).tokens, ["paid:waiting"], "the early one was lost");
  await correlate(t, { messageName: "paid", businessKey: "e-1" });
  assert.equal((await snapshot(t, id)).state, "completed");
});

itest("message start by correlation, then a receive task waits for its message", async () => {
  const t = await newTenant();
  await deployXml(
    t,
    bpmn(
      "orders",
      `<bpmn:startEvent id="received">${messageDef("order")}</bpmn:startEvent>
      <bpmn:receiveTask id="confirm" messageRef="m_confirm" />
      <bpmn:endEvent id="end" />
      ${flow("received", "confirm")}${flow("confirm", "end")}`,
      message("order") + message("confirm"),
    ),
  );
  const [started] = await correlate(t, {
    messageName: "order",
    businessKey: "o-7",
    processVariables: { item: "desk" },
  });
  assert.equal(started.resultType, "ProcessDefinition");
  assert.equal(started.elementId, "received");
  const id = started.processInstanceId;
  let s = await snapshot(t, id);
  assert.deepEqual(s.tokens, ["confirm:waiting"]);
  assert.equal(s.variables.item, "desk");
  // The receive task is an execution waiting: correlation finds it by business key.
  const [reached] = await correlate(t, { messageName: "confirm", businessKey: "o-7" });
  assert.equal(reached.resultType, "Execution");
  s = await snapshot(t, id);
  assert.equal(s.state, "completed");
  assert.equal(count(s, "message.received", "confirm"), 1);
});

itest("several waiting: 409 unless all; correlation keys and business keys narrow", async () => {
  const t = await newTenant();
  await deployXml(t, catchXml);
  const a = await startWith(t, "payment", "same", { customer: "c1", region: "eu" });
  const b = await startWith(t, "payment", "same", { customer: "c2", region: "eu" });
  const c = await startWith(t, "payment", "other", { customer: "c3", region: "us" });
  assert.equal(await refusal(correlate(t, { messageName: "paid" })), 409);
  assert.equal(await refusal(correlate(t, { messageName: "paid", businessKey: "same" })), 409);
  const [one] = await correlate(t, {
    messageName: "paid",
    correlationKeys: { customer: "c2", region: "eu" },
  });
  assert.equal(one.processInstanceId, b);
  assert.deepEqual((await snapshot(t, a)).tokens, ["paid:waiting"], "a is untouched");
  const all = await correlate(t, { messageName: "paid", correlationKeys: { region: "eu" } });
  assert.deepEqual(all.map((r) => r.processInstanceId), [a], "b no longer waits");
  assert.equal(await refusal(correlate(t, { messageName: "paid", processInstanceId: b })), 404);
  const rest = await correlate(t, { messageName: "paid", all: true });
  assert.deepEqual(rest.map((r) => r.processInstanceId), [c]);
});

const boundaryXml = (key: string, interrupting: boolean) =>
  bpmn(
    key,
    `<bpmn:startEvent id="start" />
    <bpmn:userTask id="review" />
    <bpmn:boundaryEvent id="nudge" attachedToRef="review" cancelActivity="${interrupting}">
      ${messageDef("nudge")}
    </bpmn:boundaryEvent>
    <bpmn:userTask id="answer" />
    <bpmn:endEvent id="done" /><bpmn:endEvent id="answered" />
    ${flow("start", "review")}${flow("review", "done")}${flow("nudge", "answer")}
    ${flow("answer", "answered")}`,
    message("nudge"),
  );

itest("interrupting message boundary cancels its activity and takes its own path", async () => {
  const t = await newTenant();
  await deployXml(t, boundaryXml("b-int", true));
  const id = await startWith(t, "b-int", "k1");
  assert.deepEqual(await subscriptions(t, id), ["nudge:message:boundary"]);
  await correlate(t, { messageName: "nudge", businessKey: "k1" });
  const s = await snapshot(t, id);
  assert.deepEqual(s.tokens, ["answer:waiting"]);
  assert.equal(s.tasks.find((x) => x.elementId === "review")?.state, "cancelled");
  assert.deepEqual(await subscriptions(t, id), [], "the cancelled activity stops listening");
  assert.equal(await refusal(correlate(t, { messageName: "nudge", businessKey: "k1" })), 404);
});

itest(
  "non-interrupting message boundary runs beside its activity, again for each message",
  async () => {
    const t = await newTenant();
    await deployXml(t, boundaryXml("b-non", false));
    const id = await startWith(t, "b-non", "k2");
    await correlate(t, { messageName: "nudge", businessKey: "k2" });
    await correlate(t, { messageName: "nudge", businessKey: "k2" });
    let s = await snapshot(t, id);
    assert.deepEqual(s.tokens, ["answer:waiting", "answer:waiting", "review:waiting"]);
    assert.deepEqual(await subscriptions(t, id), ["nudge:message:boundary"]);
    // The activity ends: its boundary stops listening.
    await completeTask(t, id, "review");
    assert.deepEqual(await subscriptions(t, id), []);
    assert.equal(await refusal(correlate(t, { messageName: "nudge", businessKey: "k2" })), 404);
    s = await snapshot(t, id);
    assert.deepEqual(s.tokens, ["answer:waiting", "answer:waiting"]);
  },
);

itest("a message name nothing waits for or starts on is refused and changes nothing", async () => {
  const t = await newTenant();
  await deployXml(t, catchXml);
  const id = await start(t, "payment");
  assert.equal(await refusal(correlate(t, { messageName: "unknown" })), 404);
  assert.deepEqual((await snapshot(t, id)).tokens, ["paid:waiting"]);
});

itest("deploy refuses what stays unsupported, naming the element", async () => {
  const t = await newTenant();
  const refused = async (xml: string) => {
    try {
      await deployXml(t, xml);
    } catch (err) {
      return JSON.parse((err as Error).message) as { elementId: string; message: string }[];
    }
    throw new Error("deployed");
  };
  const link = await refused(bpmn(
    "linky",
    `<bpmn:startEvent id="start" />
    <bpmn:intermediateCatchEvent id="jump"><bpmn:linkEventDefinition name="x" /></bpmn:intermediateCatchEvent>
    <bpmn:endEvent id="end" />${flow("start", "jump")}${flow("jump", "end")}`,
  ));
  assert.ok(link.some((p) => p.elementId === "jump" && /link/.test(p.message)));
  const gw = await refused(bpmn(
    "gw-bad",
    `<bpmn:startEvent id="start" /><bpmn:eventBasedGateway id="gw" name="Which" />
    <bpmn:userTask id="task" />
    <bpmn:intermediateCatchEvent id="paid">${messageDef("paid")}</bpmn:intermediateCatchEvent>
    <bpmn:endEvent id="end" />
    ${flow("start", "gw")}${flow("gw", "task")}${flow("gw", "paid")}${flow("task", "end")}
    ${flow("paid", "end")}`,
    message("paid"),
  ));
  assert.ok(gw.some((p) => p.elementId === "gw_task" && /Which/.test(p.message)));
  const noMessage = await refused(bpmn(
    "recv-bad",
    `<bpmn:startEvent id="start" /><bpmn:receiveTask id="wait" /><bpmn:endEvent id="end" />
    ${flow("start", "wait")}${flow("wait", "end")}`,
  ));
  assert.ok(noMessage.some((p) => p.elementId === "wait" && /message/.test(p.message)));
});

itest(
  "migration moves a waiting message catch to the new version and it still listens",
  async () => {
    const t = await newTenant();
    const v1 = await deployXml(t, catchXml);
    const id = await startWith(t, "payment", "mig-1");
    // Version 2 names the catch event differently; the message stays the same.
    const v2 = await deployXml(
      t,
      bpmn(
        "payment",
        `<bpmn:startEvent id="start" />
      <bpmn:intermediateCatchEvent id="paid2">${messageDef("paid")}</bpmn:intermediateCatchEvent>
      <bpmn:userTask id="ship" /><bpmn:endEvent id="end" />
      ${flow("start", "paid2")}${flow("paid2", "ship")}${flow("ship", "end")}`,
        message("paid"),
      ),
    );
    const engine = await import("../../modules/workflow/engine/engine.service.ts");
    const { asOwner } = await import("./engine.fixtures.ts");
    const report = await asOwner(t, (a) =>
      engine.migrateInstances(a, {
        plan: {
          fromVersionId: v1.versionId,
          toVersionId: v2.versionId,
          mapping: { paid: "paid2" },
          instanceIds: [id],
        },
        dryRun: false,
      }));
    assert.equal(report.valid, true, JSON.stringify(report.problems));
    assert.deepEqual(await subscriptions(t, id), ["paid2:message:catch"]);
    const [r] = await correlate(t, { messageName: "paid", businessKey: "mig-1" });
    assert.equal(r.elementId, "paid2");
    assert.deepEqual((await snapshot(t, id)).tokens, ["ship:waiting"]);
  },
);

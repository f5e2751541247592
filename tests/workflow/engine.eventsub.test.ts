/**
 * Event subprocesses: timer starts at process level (interrupting: the rest of the process is
 * cancelled; completing first disarms it) and in a subprocess (non-interrupting cycle: runs
 * beside, once per firing, and the subprocess waits for it), error starts (caught before a
 * boundary on the scope, by code, catch-all), terminate end inside a subprocess, and the
 * compiler's answers for event subprocesses drawn in BPMN XML.
 */
import assert from "node:assert/strict";
import { compileBpmn } from "../../modules/workflow/definitions/definitions.compile.lib.ts";
import { itest, newTenant } from "../helpers.ts";
import { advance, eventSub, timer } from "./engine.eventsub.fixtures.ts";
import {
  buildModel,
  completeTask,
  count,
  deploy,
  deployXml,
  inTenant,
  snapshot,
  start,
} from "./engine.fixtures.ts";

const HOUR = 3_600_000;

itest("interrupting timer event subprocess: cancels the process's work, then ends it", async () => {
  const t = await newTenant();
  const es = eventSub("late", null, timer("duration", "PT2H"));
  await deploy(
    t,
    buildModel("es-int", [
      { id: "start", type: "startEvent" },
      { id: "work", type: "userTask" },
      { id: "other", type: "userTask" },
      { id: "fork", type: "parallelGateway" },
      { id: "end", type: "endEvent" },
      ...es.els,
    ], [["start", "fork"], ["fork", "work"], ["fork", "other"], ["work", "end"], ...es.flows]),
  );
  const id = await start(t, "es-int");
  assert.deepEqual((await snapshot(t, id)).tokens, ["other:waiting", "work:waiting"]);
  assert.equal(await advance(t, HOUR), 0, "not due yet");
  assert.equal(await advance(t, 3 * HOUR), 1);
  let s = await snapshot(t, id);
  assert.deepEqual(s.tokens, ["late:scope", "lateTask:waiting"]);
  assert.deepEqual(
    s.tasks.filter((x) => x.state === "cancelled").map((x) => x.elementId).sort(),
    ["other", "work"],
  );
  assert.equal(count(s, "element.cancelled", "work"), 1);
  await completeTask(t, id, "lateTask");
  s = await snapshot(t, id);
  assert.equal(s.state, "completed");
  assert.deepEqual(s.tokens, []);

  // Ending before the timer: the event subprocess is never started.
  const other = await start(t, "es-int");
  await completeTask(t, other, "work");
  await completeTask(t, other, "other");
  assert.equal((await snapshot(t, other)).state, "completed");
  const open = await inTenant(
    t,
    (tx) =>
      tx`select count(*)::int as n from workflow_timers where instance_id = ${other}
       and fired_at is null and cancelled_at is null`,
  );
  assert.equal(open[0].n, 0, "the ended process closed its event subprocess timer");
  assert.equal(await advance(t, 5 * HOUR), 0);
  assert.equal(count(await snapshot(t, other), "element.started", "late"), 0);
});

itest(
  "non-interrupting cycle in a subprocess: runs beside, per firing; the scope waits",
  async () => {
    const t = await newTenant();
    const es = eventSub("remind", "sub", timer("cycle", "R2/PT1H"), false);
    await deploy(
      t,
      buildModel("es-non", [
        { id: "start", type: "startEvent" },
        { id: "sub", type: "subProcess" },
        { id: "subStart", type: "startEvent", parent: "sub" },
        { id: "work", type: "userTask", parent: "sub" },
        { id: "subEnd", type: "endEvent", parent: "sub" },
        ...es.els,
        { id: "after", type: "userTask" },
      ], [
        ["start", "sub"],
        ["subStart", "work"],
        ["work", "subEnd"],
        ["sub", "after"],
        ...es.flows,
      ]),
    );
    const id = await start(t, "es-non");
    assert.equal(await advance(t, 1.5 * HOUR), 1);
    assert.equal(await advance(t, 3 * HOUR), 1, "second firing of R2");
    assert.equal(await advance(t, 10 * HOUR), 0, "R2: no third");
    let s = await snapshot(t, id);
    assert.deepEqual(s.tokens, [
      "remind:scope",
      "remind:scope",
      "remindTask:waiting",
      "remindTask:waiting",
      "sub:scope",
      "work:waiting",
    ]);
    // The subprocess's own work ends; it still waits for the running event subprocesses.
    await completeTask(t, id, "work");
    s = await snapshot(t, id);
    assert.equal(s.tokens.includes("sub:scope"), true);
    assert.equal(s.tasks.some((x) => x.elementId === "after"), false);
    await completeTask(t, id, "remindTask");
    await completeTask(t, id, "remindTask");
    s = await snapshot(t, id);
    assert.deepEqual(s.tokens, ["after:waiting"]);
  },
);

/** A subprocess whose parallel branch throws error `code` while `a` waits. */
function errorModel(key: string, code: string, esCode: string | undefined, boundary = true) {
  const es = eventSub("handle", "sub", { kind: "error", errorCode: esCode });
  return buildModel(key, [
    { id: "start", type: "startEvent" },
    { id: "sub", type: "subProcess" },
    { id: "subStart", type: "startEvent", parent: "sub" },
    { id: "fork", type: "parallelGateway", parent: "sub" },
    { id: "a", type: "userTask", parent: "sub" },
    { id: "aEnd", type: "endEvent", parent: "sub" },
    { id: "fail", type: "endEvent", parent: "sub", event: { kind: "error", errorCode: code } },
    ...es.els,
    ...(boundary
      ? [{
        id: "caught",
        type: "boundaryEvent" as const,
        attachedTo: "sub",
        event: { kind: "error" as const },
      }, { id: "repair", type: "userTask" as const }]
      : []),
    { id: "after", type: "userTask" },
  ], [
    ["start", "sub"],
    ["subStart", "fork"],
    ["fork", "a"],
    ["fork", "fail"],
    ["a", "aEnd"],
    ["sub", "after"],
    ...es.flows,
    ...(boundary ? [["caught", "repair"] as [string, string]] : []),
  ]);
}

itest("a subprocess that ends closes its event subprocess timer", async () => {
  const t = await newTenant();
  const es = eventSub("late", "sub", timer("duration", "PT1H"));
  await deploy(
    t,
    buildModel("es-closed", [
      { id: "start", type: "startEvent" },
      { id: "sub", type: "subProcess" },
      { id: "subStart", type: "startEvent", parent: "sub" },
      { id: "work", type: "userTask", parent: "sub" },
      { id: "subEnd", type: "endEvent", parent: "sub" },
      ...es.els,
      { id: "after", type: "userTask" },
    ], [["start", "sub"], ["subStart", "work"], ["work", "subEnd"], ["sub", "after"], ...es.flows]),
  );
  const id = await start(t, "es-closed");
  const open = () =>
    inTenant(t, (tx) =>
      tx`select count(*)::int as n from workflow_timers where instance_id = ${id}
         and kind = 'event-subprocess' and fired_at is null and cancelled_at is null`);
  assert.equal((await open())[0].n, 1);
  await completeTask(t, id, "work");
  assert.equal((await open())[0].n, 0);
  assert.equal(await advance(t, 2 * HOUR), 0);
  assert.deepEqual((await snapshot(t, id)).tokens, ["after:waiting"]);
});

itest("error event subprocess: catches inside the scope before the boundary on it", async () => {
  const t = await newTenant();
  await deploy(t, errorModel("es-err", "E1", "E1"));
  const id = await start(t, "es-err");
  let s = await snapshot(t, id);
  assert.deepEqual(s.tokens, ["handle:scope", "handleTask:waiting", "sub:scope"]);
  assert.equal(s.tasks.find((x) => x.elementId === "a")!.state, "cancelled");
  assert.equal(s.history.some((h) => h.event === "error.thrown"), true);
  await completeTask(t, id, "handleTask");
  s = await snapshot(t, id);
  assert.deepEqual(s.tokens, ["after:waiting"], "the subprocess completed normally");

  // Another code: the event subprocess (E1 only) lets it pass to the boundary on the scope.
  await deploy(t, errorModel("es-err2", "E2", "E1"));
  const other = await start(t, "es-err2");
  s = await snapshot(t, other);
  assert.deepEqual(s.tokens, ["repair:waiting"]);
  assert.equal(count(s, "element.started", "handle"), 0);

  // A catch-all error start catches any code; without any catcher it is an incident.
  await deploy(t, errorModel("es-err3", "E9", undefined, false));
  s = await snapshot(t, await start(t, "es-err3"));
  assert.deepEqual(s.tokens, ["handle:scope", "handleTask:waiting", "sub:scope"]);
});

itest("terminate end inside a subprocess ends only that subprocess", async () => {
  const t = await newTenant();
  await deploy(
    t,
    buildModel("term-sub", [
      { id: "start", type: "startEvent" },
      { id: "outerFork", type: "parallelGateway" },
      { id: "outside", type: "userTask" },
      { id: "sub", type: "subProcess" },
      { id: "subStart", type: "startEvent", parent: "sub" },
      { id: "fork", type: "parallelGateway", parent: "sub" },
      { id: "inner", type: "userTask", parent: "sub" },
      { id: "stop", type: "endEvent", parent: "sub", event: { kind: "terminate" } },
      { id: "after", type: "userTask" },
    ], [
      ["start", "outerFork"],
      ["outerFork", "outside"],
      ["outerFork", "sub"],
      ["subStart", "fork"],
      ["fork", "inner"],
      ["fork", "stop"],
      ["sub", "after"],
    ]),
  );
  const id = await start(t, "term-sub");
  const s = await snapshot(t, id);
  assert.equal(s.state, "active");
  assert.deepEqual(s.tokens, ["after:waiting", "outside:waiting"]);
  assert.equal(s.tasks.find((x) => x.elementId === "inner")!.state, "cancelled");
});

const XML = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d" targetNamespace="t">
  <bpmn:error id="Err" errorCode="E1"/>
  <bpmn:escalation id="Esc" escalationCode="LATE"/>
  <bpmn:process id="xml_es" isExecutable="true">
    <bpmn:startEvent id="start"/>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="work"/>
    <bpmn:userTask id="work" name="Work"/>
    <bpmn:sequenceFlow id="f2" sourceRef="work" targetRef="end"/>
    <bpmn:endEvent id="end"/>
    ${body}
  </bpmn:process>
</bpmn:definitions>`;

itest("compiler: event subprocesses deploy; a bad one is refused naming the element", async () => {
  const ok = await compileBpmn(XML(`
    <bpmn:subProcess id="onTimer" triggeredByEvent="true">
      <bpmn:startEvent id="tStart" isInterrupting="false">
        <bpmn:timerEventDefinition><bpmn:timeDuration>PT1H</bpmn:timeDuration></bpmn:timerEventDefinition>
      </bpmn:startEvent>
      <bpmn:sequenceFlow id="g1" sourceRef="tStart" targetRef="tEnd"/>
      <bpmn:endEvent id="tEnd"/>
    </bpmn:subProcess>`));
  assert.deepEqual(ok.problems, []);
  assert.equal(ok.model!.elements.onTimer.triggeredByEvent, true);
  assert.equal(ok.model!.elements.tStart.cancelActivity, false);
  assert.deepEqual(ok.startTimers, [], "not a process start timer");
  assert.deepEqual(ok.model!.startEvents, ["start"]);

  const msg = await compileBpmn(
    XML(`
    <bpmn:subProcess id="onMessage" triggeredByEvent="true">
      <bpmn:startEvent id="mStart"><bpmn:messageEventDefinition messageRef="Ping"/></bpmn:startEvent>
      <bpmn:sequenceFlow id="g1" sourceRef="mStart" targetRef="mEnd"/>
      <bpmn:endEvent id="mEnd"/>
    </bpmn:subProcess>`).replace(
      "<bpmn:process",
      '<bpmn:message id="Ping" name="ping"/><bpmn:process',
    ),
  );
  assert.deepEqual(msg.problems, []);
  assert.deepEqual(msg.model!.elements.mStart.event, { kind: "message", message: "ping" });
  assert.equal(msg.model!.elements.mStart.cancelActivity, true);
  assert.deepEqual(msg.startEvents, [], "an event subprocess's message starts no process");

  const none = await compileBpmn(XML(`
    <bpmn:subProcess id="untyped" triggeredByEvent="true">
      <bpmn:startEvent id="uStart"/>
      <bpmn:sequenceFlow id="g1" sourceRef="uStart" targetRef="uEnd"/>
      <bpmn:endEvent id="uEnd"/>
    </bpmn:subProcess>`));
  assert.equal(none.model === null || none.problems.length > 0, true);
  assert.ok(none.problems.some((p) => p.elementId === "uStart" || p.elementId === "untyped"));

  const t = await newTenant();
  const { key } = await deployXml(
    t,
    XML(`
    <bpmn:subProcess id="onError" triggeredByEvent="true">
      <bpmn:startEvent id="eStart"><bpmn:errorEventDefinition errorRef="Err"/></bpmn:startEvent>
      <bpmn:sequenceFlow id="g1" sourceRef="eStart" targetRef="eEnd"/>
      <bpmn:endEvent id="eEnd"/>
    </bpmn:subProcess>`),
  );
  const id = await start(t, key);
  assert.deepEqual((await snapshot(t, id)).tokens, ["work:waiting"]);
});

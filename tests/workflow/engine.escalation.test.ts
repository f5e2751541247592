/**
 * Escalation: thrown by an intermediate throw or end event inside a subprocess and caught by an
 * escalation boundary event on it (non-interrupting: both go on; interrupting: the subprocess
 * and its other branches are cancelled), by code before catch-all, by an escalation event
 * subprocess of an enclosing scope, uncaught (nothing happens, no incident), and from a called
 * process to a boundary on its call activity.
 */
import assert from "node:assert/strict";
import { compileBpmn } from "../../modules/workflow/definitions/definitions.compile.lib.ts";
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
  type El,
  inTenant,
  snapshot,
  start,
} from "./engine.fixtures.ts";

const esc = (code?: string): El["event"] => ({ kind: "escalation", escalationCode: code });

/**
 * start → sub [ fork → (throw LATE → b) | a ] → after; `catchers` sit on sub or in the process.
 * `endThrow`: the escalation is an end event instead of an intermediate throw.
 */
function model(key: string, catchers: El[], flows: [string, string][] = [], endThrow = false) {
  return buildModel(key, [
    { id: "start", type: "startEvent" },
    { id: "sub", type: "subProcess" },
    { id: "subStart", type: "startEvent", parent: "sub" },
    { id: "fork", type: "parallelGateway", parent: "sub" },
    { id: "a", type: "userTask", parent: "sub" },
    {
      id: "raise",
      type: endThrow ? "endEvent" : "intermediateThrowEvent",
      parent: "sub",
      event: esc("LATE"),
    },
    ...(endThrow ? [] : [{ id: "b", type: "userTask" as const, parent: "sub" }]),
    { id: "after", type: "userTask" },
    { id: "notify", type: "userTask" },
    ...catchers,
  ], [
    ["start", "sub"],
    ["subStart", "fork"],
    ["fork", "a"],
    ["fork", "raise"],
    ...(endThrow ? [] : [["raise", "b"] as [string, string]]),
    ["sub", "after"],
    ...flows,
  ]);
}

const boundary = (id: string, code: string | undefined, interrupting: boolean): El => ({
  id,
  type: "boundaryEvent",
  attachedTo: "sub",
  cancelActivity: interrupting,
  event: esc(code),
});

itest(
  "non-interrupting escalation boundary: the handler starts, the subprocess goes on",
  async () => {
    const t = await newTenant();
    await deploy(t, model("esc-non", [boundary("caught", "LATE", false)], [["caught", "notify"]]));
    const id = await start(t, "esc-non");
    let s = await snapshot(t, id);
    assert.deepEqual(s.tokens, ["a:waiting", "b:waiting", "notify:waiting", "sub:scope"]);
    assert.equal(count(s, "escalation.thrown", "raise"), 1);
    await completeTask(t, id, "a");
    await completeTask(t, id, "b");
    s = await snapshot(t, id);
    assert.deepEqual(s.tokens, ["after:waiting", "notify:waiting"]);
  },
);

itest("interrupting escalation boundary (end event): the subprocess is cancelled", async () => {
  const t = await newTenant();
  await deploy(
    t,
    model("esc-int", [boundary("caught", "LATE", true)], [["caught", "notify"]], true),
  );
  const id = await start(t, "esc-int");
  const s = await snapshot(t, id);
  assert.deepEqual(s.tokens, ["notify:waiting"]);
  assert.equal(s.tasks.find((x) => x.elementId === "a")!.state, "cancelled");
  assert.equal(count(s, "element.cancelled", "sub"), 1);
  assert.equal(s.incidentCount, 0);
});

itest("by code before catch-all; another code passes by; uncaught does nothing", async () => {
  const t = await newTenant();
  const both = model("esc-code", [
    boundary("any", undefined, true),
    boundary("exact", "LATE", false),
    { id: "general", type: "userTask" },
  ], [["any", "general"], ["exact", "notify"]]);
  await deploy(t, both);
  let s = await snapshot(t, await start(t, "esc-code"));
  assert.deepEqual(s.tokens, ["a:waiting", "b:waiting", "notify:waiting", "sub:scope"]);

  await deploy(t, model("esc-other", [boundary("other", "SOON", true)], [["other", "notify"]]));
  const id = await start(t, "esc-other");
  s = await snapshot(t, id);
  assert.deepEqual(s.tokens, ["a:waiting", "b:waiting", "sub:scope"], "uncaught: goes on");
  assert.equal(s.incidentCount, 0);
  assert.equal(s.incidents.length, 0);
});

/** An escalation event subprocess in `parent` whose start catches `code`. */
const eventSub = (parent: string | null, code: string | undefined, interrupting: boolean) => ({
  els: [
    { id: "onEsc", type: "subProcess", parent, triggeredByEvent: true },
    {
      id: "onEscStart",
      type: "startEvent",
      parent: "onEsc",
      event: esc(code),
      cancelActivity: interrupting,
    },
    { id: "handle", type: "userTask", parent: "onEsc" },
    { id: "onEscEnd", type: "endEvent", parent: "onEsc" },
  ] as El[],
  flows: [["onEscStart", "handle"], ["handle", "onEscEnd"]] as [string, string][],
});

itest("escalation event subprocess of the process catches from inside a subprocess", async () => {
  const t = await newTenant();
  const es = eventSub(null, "LATE", false);
  await deploy(t, model("esc-es", es.els, es.flows));
  const id = await start(t, "esc-es");
  let s = await snapshot(t, id);
  assert.deepEqual(s.tokens, [
    "a:waiting",
    "b:waiting",
    "handle:waiting",
    "onEsc:scope",
    "sub:scope",
  ]);
  await completeTask(t, id, "a");
  await completeTask(t, id, "b");
  await completeTask(t, id, "after");
  s = await snapshot(t, id);
  assert.equal(s.state, "active", "the process waits for its event subprocess");
  await completeTask(t, id, "handle");
  assert.equal((await snapshot(t, id)).state, "completed");
});

itest(
  "interrupting escalation event subprocess in the subprocess ends its other work",
  async () => {
    const t = await newTenant();
    const es = eventSub("sub", undefined, true);
    await deploy(t, model("esc-es-int", es.els, es.flows));
    const id = await start(t, "esc-es-int");
    let s = await snapshot(t, id);
    assert.deepEqual(s.tokens, ["handle:waiting", "onEsc:scope", "sub:scope"]);
    assert.equal(s.tasks.find((x) => x.elementId === "a")!.state, "cancelled");
    await completeTask(t, id, "handle");
    s = await snapshot(t, id);
    assert.deepEqual(s.tokens, ["after:waiting"]);
  },
);

itest(
  "escalation from a called process: caught on the call activity, child goes on or ends",
  async () => {
    const t = await newTenant();
    await deploy(
      t,
      buildModel("esc-child", [
        { id: "start", type: "startEvent" },
        { id: "raise", type: "intermediateThrowEvent", event: esc("LATE") },
        { id: "childWork", type: "userTask" },
      ], [["start", "raise"], ["raise", "childWork"]]),
    );
    const parent = (key: string, interrupting: boolean) =>
      buildModel(key, [
        { id: "start", type: "startEvent" },
        { id: "call", type: "callActivity", calledElement: "esc-child" },
        {
          id: "caught",
          type: "boundaryEvent",
          attachedTo: "call",
          cancelActivity: interrupting,
          event: esc(),
        },
        { id: "notify", type: "userTask" },
        { id: "after", type: "userTask" },
      ], [["start", "call"], ["call", "after"], ["caught", "notify"]]);
    await deploy(t, parent("esc-call-non", false));
    await deploy(t, parent("esc-call-int", true));

    const childOf = async (id: string) =>
      (await inTenant(
        t,
        (tx) => tx`select id from workflow_instances where parent_instance_id = ${id}`,
      ))[0].id as string;

    const id = await start(t, "esc-call-non");
    await drain();
    let s = await snapshot(t, id);
    assert.deepEqual(s.tokens, ["call:waiting", "notify:waiting"]);
    const child = await childOf(id);
    assert.deepEqual((await snapshot(t, child)).tokens, ["childWork:waiting"]);
    await completeTask(t, child, "childWork");
    await drain();
    assert.deepEqual((await snapshot(t, id)).tokens, ["after:waiting", "notify:waiting"]);

    const other = await start(t, "esc-call-int");
    await drain();
    s = await snapshot(t, other);
    assert.deepEqual(s.tokens, ["notify:waiting"]);
    assert.equal((await snapshot(t, await childOf(other))).state, "cancelled");
  },
);

const XML = (extra: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d" targetNamespace="t">
  <bpmn:escalation id="Late" escalationCode="LATE"/>
  <bpmn:process id="xml_esc" isExecutable="true">
    <bpmn:startEvent id="start"/>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="sub"/>
    <bpmn:subProcess id="sub">
      <bpmn:startEvent id="subStart"/>
      <bpmn:sequenceFlow id="s1" sourceRef="subStart" targetRef="raise"/>
      <bpmn:intermediateThrowEvent id="raise"><bpmn:escalationEventDefinition escalationRef="Late"/></bpmn:intermediateThrowEvent>
      <bpmn:sequenceFlow id="s2" sourceRef="raise" targetRef="inner"/>
      <bpmn:userTask id="inner"/>
      <bpmn:sequenceFlow id="s3" sourceRef="inner" targetRef="subEnd"/>
      <bpmn:endEvent id="subEnd"/>
    </bpmn:subProcess>
    <bpmn:sequenceFlow id="f2" sourceRef="sub" targetRef="end"/>
    <bpmn:endEvent id="end"/>
    <bpmn:boundaryEvent id="caught" attachedToRef="${extra}" cancelActivity="false">
      <bpmn:escalationEventDefinition escalationRef="Late"/>
    </bpmn:boundaryEvent>
    <bpmn:sequenceFlow id="f3" sourceRef="caught" targetRef="notify"/>
    <bpmn:userTask id="notify"/>
    <bpmn:sequenceFlow id="f4" sourceRef="notify" targetRef="end2"/>
    <bpmn:endEvent id="end2"/>
  </bpmn:process>
</bpmn:definitions>`;

itest(
  "compiler: escalation throw and boundary from XML run; on a script task refused",
  async () => {
    const t = await newTenant();
    const { key } = await deployXml(t, XML("sub"));
    const id = await start(t, key);
    assert.deepEqual((await snapshot(t, id)).tokens, [
      "inner:waiting",
      "notify:waiting",
      "sub:scope",
    ]);

    const script = '<bpmn:scriptTask id="inner" scriptFormat="feel"><bpmn:script>1</bpmn:script>' +
      "</bpmn:scriptTask>";
    const bad = await compileBpmn(
      XML("inner").replace('<bpmn:userTask id="inner"/>', script),
    );
    assert.equal(bad.model, null);
    assert.ok(bad.problems.some((p) => p.elementId === "caught" && /subprocess/.test(p.message)));
  },
);

const FIXTURES = new URL("./fixtures/", import.meta.url);

itest(
  "Camunda's invoice payment example: escalation and error raised from its user task",
  async () => {
    const t = await newTenant();
    const xml = await Deno.readTextFile(
      new URL("camunda-invoice-payment-escalation.bpmn", FIXTURES),
    );
    const { key } = await deployXml(t, xml);
    const task = async (id: string) => {
      const s = await snapshot(t, id);
      const open = s.tasks.find((x) => x.elementId === "Task_16y91ka" && x.state === "created")!;
      return { id: open.id, instanceId: id, tokenId: open.tokenId };
    };
    // The task is read before the owner's transaction opens: the embedded database has one
    // connection, so a read nested inside that transaction would wait for it forever.
    const raise = async (id: string, kind: "error" | "escalation", code: string) => {
      const open = await task(id);
      return await asOwner(t, (a) => engine.throwFromTask(a, { task: open, kind, code }));
    };

    // "Suspicious sender": the escalation boundary (interrupting) → Inform Supervisor → end.
    const id = await start(t, key);
    await assert.rejects(
      () => raise(id, "escalation", "nobody-catches"),
      (e) => e instanceof engine.EngineError && e.status === 422,
    );
    assert.deepEqual(await raise(id, "escalation", "invoice-escalate"), {
      caughtBy: "BoundaryEvent_1uy9o9h",
    });
    let s = await snapshot(t, id);
    assert.deepEqual(s.tokens, ["Task_0q869n2:waiting"]);
    assert.equal(s.tasks.find((x) => x.elementId === "Task_16y91ka")!.state, "cancelled");
    await completeTask(t, id, "Task_0q869n2");
    assert.equal((await snapshot(t, id)).state, "completed");

    // "Unspecified amount": the BPMN error → Archive Invoice → end.
    const other = await start(t, key);
    await raise(other, "error", "invoice-error");
    assert.deepEqual((await snapshot(t, other)).tokens, ["Task_1a2twqz:waiting"]);
    await completeTask(t, other, "Task_1a2twqz");
    s = await snapshot(t, other);
    assert.equal(s.state, "completed");
    assert.equal(s.incidentCount, 0);
  },
);

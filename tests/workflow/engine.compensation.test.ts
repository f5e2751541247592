/**
 * Compensation: completed activities with a compensation boundary event are undone by a
 * compensation throw in their scope, last completed first (one handler after another, the
 * throw waiting); `activityRef` undoes one activity; activities that never completed are not
 * undone; a second throw finds nothing; an end compensation event in a subprocess completes it
 * once the handlers ran; a completed subprocess's activities are undone from the scope around
 * it. And the compiler reads handlers, associations and throws from XML.
 */
import assert from "node:assert/strict";
import { ModelBuilder, Report } from "../../modules/workflow/definitions/definitions.build.lib.ts";
import {
  linkFlowRefs,
  parseBpmn,
} from "../../modules/workflow/definitions/definitions.moddle.lib.ts";
import { itest, newTenant } from "../helpers.ts";
import {
  buildModel,
  completeTask,
  count,
  deploy,
  type El,
  snapshot,
  start,
} from "./engine.fixtures.ts";

/** Activity `id` (a none task, in `parent`) with a compensation handler user task `undo_<id>`. */
const compensable = (id: string, parent: string | null = null): El[] => [
  { id, type: "task", parent },
  {
    id: `${id}_comp`,
    type: "boundaryEvent",
    parent,
    attachedTo: id,
    event: { kind: "compensate" },
    compensationHandler: `undo_${id}`,
  },
  { id: `undo_${id}`, type: "userTask", parent, isForCompensation: true },
];

const compensate = (activityRef?: string): El["event"] => ({ kind: "compensate", activityRef });

/** start → book → hotel → car → undo (throw) → again (throw) → after */
function trip(key: string, activityRef?: string) {
  return buildModel(key, [
    { id: "start", type: "startEvent" },
    ...compensable("book"),
    ...compensable("hotel"),
    ...compensable("car"),
    { id: "undo", type: "intermediateThrowEvent", event: compensate(activityRef) },
    { id: "again", type: "intermediateThrowEvent", event: compensate() },
    { id: "after", type: "userTask" },
  ], [
    ["start", "book"],
    ["book", "hotel"],
    ["hotel", "car"],
    ["car", "undo"],
    ["undo", "again"],
    ["again", "after"],
  ]);
}

const openTasks = async (t: Parameters<typeof snapshot>[0], id: string) =>
  (await snapshot(t, id)).tasks.filter((x) => x.state === "created").map((x) => x.elementId);

itest(
  "compensation throw: handlers run one by one, last completed first, then it goes on",
  async () => {
    const t = await newTenant();
    await deploy(t, trip("comp-all"));
    const id = await start(t, "comp-all");
    let s = await snapshot(t, id);
    assert.deepEqual(s.tokens, ["undo:waiting", "undo_car:waiting"]);
    await completeTask(t, id, "undo_car");
    assert.deepEqual(await openTasks(t, id), ["undo_hotel"]);
    await completeTask(t, id, "undo_hotel");
    assert.deepEqual(await openTasks(t, id), ["undo_book"]);
    await completeTask(t, id, "undo_book");
    s = await snapshot(t, id);
    // The second throw finds nothing left to compensate: each activity is undone once.
    assert.deepEqual(s.tokens, ["after:waiting"]);
    assert.deepEqual(
      s.tasks.map((x) => x.elementId),
      ["undo_car", "undo_hotel", "undo_book", "after"],
    );
    assert.equal(count(s, "compensation.started"), 3);
    assert.equal(count(s, "compensation.thrown", "again"), 1);
  },
);

itest("activityRef compensates that activity only; the others stay compensable", async () => {
  const t = await newTenant();
  await deploy(t, trip("comp-ref", "hotel"));
  const id = await start(t, "comp-ref");
  assert.deepEqual(await openTasks(t, id), ["undo_hotel"]);
  await completeTask(t, id, "undo_hotel");
  // `again` (all) undoes what is left: car, then book.
  assert.deepEqual(await openTasks(t, id), ["undo_car"]);
  await completeTask(t, id, "undo_car");
  assert.deepEqual(await openTasks(t, id), ["undo_book"]);
  await completeTask(t, id, "undo_book");
  assert.deepEqual((await snapshot(t, id)).tokens, ["after:waiting"]);
});

itest(
  "end compensation event in a subprocess: only its completed activities, then it ends",
  async () => {
    const t = await newTenant();
    await deploy(
      t,
      buildModel("comp-sub", [
        { id: "start", type: "startEvent" },
        ...compensable("outer"),
        { id: "sub", type: "subProcess" },
        { id: "subStart", type: "startEvent", parent: "sub" },
        ...compensable("reserve", "sub"),
        { id: "gw", type: "exclusiveGateway", parent: "sub", default: "fail" },
        ...compensable("charge", "sub"),
        { id: "fine", type: "endEvent", parent: "sub" },
        { id: "fail", type: "endEvent", parent: "sub", event: compensate() },
        { id: "after", type: "userTask" },
      ], [
        ["start", "outer"],
        ["outer", "sub"],
        ["subStart", "reserve"],
        ["reserve", "gw"],
        ["gw", "charge", "=ok = true"],
        ["gw", "fail"],
        ["charge", "fine"],
        ["sub", "after"],
      ]),
    );
    // `charge` never ran: only `reserve` (in the subprocess) is undone, not `outer`.
    const id = await start(t, "comp-sub", { ok: false });
    let s = await snapshot(t, id);
    assert.deepEqual(s.tokens, ["fail:waiting", "sub:scope", "undo_reserve:waiting"]);
    await completeTask(t, id, "undo_reserve");
    s = await snapshot(t, id);
    assert.deepEqual(s.tokens, ["after:waiting"]);
    assert.deepEqual(s.tasks.map((x) => x.elementId), ["undo_reserve", "after"]);

    // Nothing to compensate: the end event completes the subprocess at once.
    await deploy(
      t,
      buildModel("comp-none", [
        { id: "start", type: "startEvent" },
        { id: "sub", type: "subProcess" },
        { id: "subStart", type: "startEvent", parent: "sub" },
        { id: "fail", type: "endEvent", parent: "sub", event: compensate() },
        { id: "after", type: "userTask" },
      ], [["start", "sub"], ["subStart", "fail"], ["sub", "after"]]),
    );
    assert.deepEqual((await snapshot(t, await start(t, "comp-none"))).tokens, ["after:waiting"]);
  },
);

itest(
  "a completed subprocess without a handler: its activities are undone from outside",
  async () => {
    const t = await newTenant();
    await deploy(
      t,
      buildModel("comp-nested", [
        { id: "start", type: "startEvent" },
        ...compensable("first"),
        { id: "sub", type: "subProcess" },
        { id: "subStart", type: "startEvent", parent: "sub" },
        ...compensable("inner", "sub"),
        { id: "subEnd", type: "endEvent", parent: "sub" },
        ...compensable("last"),
        { id: "undo", type: "endEvent", event: compensate() },
      ], [
        ["start", "first"],
        ["first", "sub"],
        ["subStart", "inner"],
        ["inner", "subEnd"],
        ["sub", "last"],
        ["last", "undo"],
      ]),
    );
    const id = await start(t, "comp-nested");
    for (const next of ["undo_last", "undo_inner", "undo_first"]) {
      assert.deepEqual(await openTasks(t, id), [next]);
      await completeTask(t, id, next);
    }
    assert.equal((await snapshot(t, id)).state, "completed");
  },
);

const XML = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d" targetNamespace="t">
  <bpmn:process id="xml_comp" isExecutable="true">
    <bpmn:startEvent id="start"/>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="book"/>
    <bpmn:task id="book"/>
    <bpmn:boundaryEvent id="bookComp" attachedToRef="book"><bpmn:compensateEventDefinition/></bpmn:boundaryEvent>
    <bpmn:task id="cancelBooking" isForCompensation="true"/>
    <bpmn:association id="a1" associationDirection="One" sourceRef="bookComp" targetRef="cancelBooking"/>
    <bpmn:sequenceFlow id="f2" sourceRef="book" targetRef="undo"/>
    <bpmn:intermediateThrowEvent id="undo"><bpmn:compensateEventDefinition activityRef="book"/></bpmn:intermediateThrowEvent>
    <bpmn:sequenceFlow id="f3" sourceRef="undo" targetRef="end"/>
    <bpmn:endEvent id="end"><bpmn:compensateEventDefinition/></bpmn:endEvent>
    <bpmn:task id="orphan" isForCompensation="true"/>
    <bpmn:boundaryEvent id="lonely" attachedToRef="book"><bpmn:compensateEventDefinition/></bpmn:boundaryEvent>
  </bpmn:process>
</bpmn:definitions>`;

itest(
  "compiler: handlers by association, throws with activityRef; a loose boundary refused",
  async () => {
    const parsed = await parseBpmn(XML);
    const process = parsed.definitions.rootElements!.find((r) => r.$type === "bpmn:Process")!;
    linkFlowRefs(process);
    const report = new Report();
    const model = new ModelBuilder(report).build(process);
    assert.equal(model.elements.bookComp.compensationHandler, "cancelBooking");
    assert.equal(model.elements.cancelBooking.isForCompensation, true);
    assert.deepEqual(model.elements.undo.event, { kind: "compensate", activityRef: "book" });
    assert.deepEqual(model.elements.end.event, { kind: "compensate" });
    assert.deepEqual(
      report.problems.map((p) => p.elementId),
      ["lonely"],
      "the boundary without an association to a handler is refused, by id",
    );
  },
);

/**
 * Timer start events: deploying (through HTTP) arms the latest version's start timers, the
 * injected clock makes them due, firing starts instances (a cycle re-arms, a date fires once,
 * two dispatchers start one instance), a redeploy replaces the timers, archiving disarms them.
 */
import assert from "node:assert/strict";
import { fireDueTimers, timerJob } from "../../modules/workflow/engine/engine.jobs.service.ts";
import { fireStartTimer } from "../../modules/workflow/engine/engine.starttimers.service.ts";
import { clock } from "../../modules/workflow/engine/engine.timers.lib.ts";
import { itest, newTenant, testApp, type TestTenant } from "../helpers.ts";
import { inTenant } from "./engine.fixtures.ts";

const API = "/api/workflow/admin/process";
const MIN = 60_000;

const NS = `xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" ` +
  `xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"`;
const timerStart = (id: string, kind: "timeCycle" | "timeDate", expr: string) =>
  `<bpmn:startEvent id="${id}" name="${id}"><bpmn:timerEventDefinition id="${id}_t">` +
  `<bpmn:${kind} xsi:type="bpmn:tFormalExpression">${expr}</bpmn:${kind}>` +
  `</bpmn:timerEventDefinition></bpmn:startEvent>`;
/** Two timer starts (a cycle and a date) running straight into the end. */
const model = (cycle: string, date: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><bpmn:definitions ${NS} id="d" targetNamespace="t">` +
  `<bpmn:process id="nightly" name="Nightly report" isExecutable="true">` +
  timerStart("every", "timeCycle", cycle) + timerStart("once", "timeDate", date) +
  `<bpmn:endEvent id="end" name="Done"/>` +
  `<bpmn:sequenceFlow id="f1" sourceRef="every" targetRef="end"/>` +
  `<bpmn:sequenceFlow id="f2" sourceRef="once" targetRef="end"/></bpmn:process>` +
  `</bpmn:definitions>`;

const json = async (res: Response, status: number) => {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return text ? JSON.parse(text) : null;
};

/** Sets the engine's clock to `base + ms` and fires what is due in the tenant. */
async function fireAt(t: TestTenant, at: Date): Promise<number> {
  const { platform } = await testApp();
  clock.set(() => at);
  try {
    return await inTenant(t, (tx) => fireDueTimers({ sql: tx, bus: platform.bus }));
  } finally {
    clock.reset();
  }
}

const openTimers = (t: TestTenant) =>
  inTenant(t, (tx) =>
    tx<{ id: string; elementId: string; cycle: string | null; dueAt: Date }[]>`
      select id, element_id, cycle, due_at from workflow_timers
      where kind = 'start' and fired_at is null and cancelled_at is null order by element_id`);

const instances = (t: TestTenant) =>
  inTenant(
    t,
    (tx) =>
      tx<{ state: string; startedBy: string; versionId: string; startEventId: string }[]>`
      select i.state, i.started_by, i.version_id, h.data->>'startEventId' as start_event_id
      from workflow_instances i
      join workflow_history h on h.instance_id = i.id and h.event = 'process.started'
      order by i.started_at, i.id`,
  );

itest(
  "timer start: a cycle fires three times, a date once; redeploy replaces, archive disarms",
  async () => {
    const t = await newTenant();
    const base = Date.now();
    const at = (ms: number) => new Date(base + ms);
    const date = at(30 * MIN).toISOString();
    const created = await json(
      await t.owner.call("POST", API, { xml: model("R3/PT1M", date), deploy: true }),
      201,
    );
    const id = created.id as string;
    let timers = await openTimers(t);
    assert.deepEqual(timers.map((x) => [x.elementId, x.cycle]), [["every", "R2/PT1M"], [
      "once",
      null,
    ]]);
    assert.equal(new Date(timers[1].dueAt).toISOString(), date);

    // Not due yet: nothing starts.
    assert.equal(await fireAt(t, at(30_000)), 0);
    assert.equal((await instances(t)).length, 0);

    // The first occurrence: one instance, started as the definition's creator; the next is armed.
    assert.equal(await fireAt(t, at(MIN + 1000)), 1);
    assert.equal(await fireAt(t, at(MIN + 1000)), 0, "a fired timer does not fire again");
    let started = await instances(t);
    assert.equal(started.length, 1);
    assert.equal(started[0].state, "completed");
    assert.equal(started[0].startedBy, t.owner.id);
    assert.equal(started[0].startEventId, "every");
    timers = await openTimers(t);
    assert.deepEqual(timers.map((x) => [x.elementId, x.cycle]), [["every", "R1/PT1M"], [
      "once",
      null,
    ]]);

    // Two dispatchers fire the same due timer at once: one instance, not two.
    const { platform } = await testApp();
    const due = at(2 * MIN + 2000);
    const results = await Promise.all(
      [0, 1].map(() =>
        inTenant(
          t,
          (tx) =>
            fireStartTimer({ sql: tx, bus: platform.bus }, { timerId: timers[0].id, now: due }),
        )
      ),
    );
    assert.deepEqual(results.sort(), [false, true]);
    assert.equal((await instances(t)).length, 2);

    // The third and last repetition, then the cycle is spent.
    assert.equal(await fireAt(t, at(3 * MIN + 3000)), 1);
    assert.equal(await fireAt(t, at(10 * MIN)), 0);
    timers = await openTimers(t);
    assert.deepEqual(timers.map((x) => x.elementId), ["once"]);

    // The date fires once.
    assert.equal(await fireAt(t, at(31 * MIN)), 1);
    assert.equal(await fireAt(t, at(40 * MIN)), 0);
    started = await instances(t);
    assert.deepEqual(started.map((x) => x.startEventId), ["every", "every", "every", "once"]);
    assert.equal((await openTimers(t)).length, 0);

    // A redeploy: the old version's timers are cancelled, the new version's armed; a cancelled
    // timer's job does nothing.
    const newDate = at(60 * MIN).toISOString();
    await json(
      await t.owner.call("POST", `${API}/${id}/deploy`, { xml: model("R/PT5M", newDate) }),
      201,
    );
    const v1Timers = await openTimers(t);
    assert.deepEqual(v1Timers.map((x) => [x.elementId, x.cycle]), [["every", "R/PT5M"], [
      "once",
      null,
    ]]);
    await json(
      await t.owner.call("POST", `${API}/${id}/deploy`, { xml: model("R/PT10M", newDate) }),
      201,
    );
    const v2Timers = await openTimers(t);
    assert.equal(v2Timers.length, 2);
    assert.ok(v2Timers.every((x) => !v1Timers.some((o) => o.id === x.id)), "new timers armed");
    const cancelled = await inTenant(t, (tx) =>
      tx`select count(*)::int as n from workflow_timers
       where id = any(${v1Timers.map((x) => x.id)}::uuid[]) and cancelled_at is not null`);
    assert.equal(cancelled[0].n, 2, "the previous version's timers are cancelled");
    clock.set(() => at(70 * MIN));
    try {
      await timerJob(
        {
          payload: { definitionId: id, timerId: v1Timers[0].id },
          scoped: (fn) => inTenant(t, fn),
          bus: platform.bus,
        } as Parameters<typeof timerJob>[0],
      );
    } finally {
      clock.reset();
    }
    assert.equal((await instances(t)).length, 4, "a cancelled timer starts nothing");

    // The newest version starts: its cycle fires (10 minutes after the deploy).
    assert.equal(await fireAt(t, at(11 * MIN)), 1);
    started = await instances(t);
    const [latest] = await inTenant(
      t,
      (tx) =>
        tx`select v.id from workflow_definition_versions v join workflow_definitions d
       on d.id = v.definition_id and v.version = d.latest_version where d.id = ${id}`,
    );
    assert.equal(started[4].versionId, latest.id);

    // Archive: every start timer is disarmed, nothing fires any more.
    assert.equal((await t.owner.call("DELETE", `${API}/${id}`)).status, 204);
    assert.equal((await openTimers(t)).length, 0);
    assert.equal(await fireAt(t, at(120 * MIN)), 0);
    assert.equal((await instances(t)).length, 5);
  },
);

/**
 * Errors across the engine's edges: retry and skip refuse (EngineError, not a 500) an incident
 * already resolved or whose element left the model; a BPMN error thrown in a called process ends
 * the child and is caught by a boundary error event on the parent's call activity (by code or
 * catch-all), or becomes an incident on the call activity.
 */
import assert from "node:assert/strict";
import * as engine from "../../modules/workflow/engine/engine.service.ts";
import { itest, newTenant, type TestTenant } from "../helpers.ts";
import {
  asOwner,
  buildModel,
  count,
  deploy,
  drain,
  inTenant,
  snapshot,
  start,
} from "./engine.fixtures.ts";

const isEngineError = (status: number) => (e: unknown) =>
  e instanceof engine.EngineError && e.status === status;

itest("retry / skip: a resolved incident → 409, an element gone from the model → 422", async () => {
  const t = await newTenant();
  await deploy(
    t,
    buildModel("nomatch", [
      { id: "start", type: "startEvent" },
      { id: "gw", type: "exclusiveGateway" },
      { id: "a", type: "userTask" },
    ], [["start", "gw"], ["gw", "a", "=x = 1"]]),
  );
  const id = await start(t, "nomatch", { x: 2 });
  let s = await snapshot(t, id);
  assert.deepEqual(s.tokens, ["gw:incident"]);
  const incident = s.incidents[0].id;

  // Skipped once: skipping or retrying again is a conflict, and nothing changes.
  await asOwner(t, (a) => engine.skipIncident(a, incident));
  s = await snapshot(t, id);
  assert.deepEqual(s.tokens, ["a:waiting"]);
  await assert.rejects(
    () => asOwner(t, (a) => engine.skipIncident(a, incident)),
    isEngineError(409),
  );
  await assert.rejects(
    () => asOwner(t, (a) => engine.retryIncident(a, incident)),
    isEngineError(409),
  );
  assert.deepEqual((await snapshot(t, id)).tokens, ["a:waiting"]);

  // The incident's element is no longer in the model (the token points at a removed element).
  const other = await start(t, "nomatch", { x: 3 });
  const inc = (await snapshot(t, other)).incidents[0];
  await inTenant(t, (tx) =>
    tx`update workflow_tokens set element_id = 'removed'
       where instance_id = ${other} and state = 'incident'`);
  await assert.rejects(
    () => asOwner(t, (a) => engine.retryIncident(a, inc.id)),
    isEngineError(422),
  );
  await assert.rejects(() => asOwner(t, (a) => engine.skipIncident(a, inc.id)), isEngineError(422));
  s = await snapshot(t, other);
  assert.deepEqual(s.tokens, ["removed:incident"]);
  assert.equal(s.incidents[0].resolution, null, "the incident stays open");

  // An unknown incident id → 404.
  await assert.rejects(
    () => asOwner(t, (a) => engine.retryIncident(a, crypto.randomUUID())),
    isEngineError(404),
  );
});

/** A called process ending with error end event `code` (or none: no code). */
async function deployThrower(t: TestTenant, key: string, code?: string) {
  await deploy(
    t,
    buildModel(key, [
      { id: "c_start", type: "startEvent" },
      { id: "c_work", type: "task" },
      { id: "c_fail", type: "endEvent", event: { kind: "error", errorCode: code } },
    ], [["c_start", "c_work"], ["c_work", "c_fail"]]),
  );
}

/** A parent calling `called`, with the given boundary error events on the call activity. */
async function deployCaller(
  t: TestTenant,
  key: string,
  called: string,
  catches: (string | null)[],
) {
  const boundaries = catches.map((code, i) => ({
    id: `catch_${code ?? "all"}`,
    type: "boundaryEvent" as const,
    attachedTo: "call",
    cancelActivity: true,
    event: { kind: "error" as const, errorCode: code ?? undefined },
    _i: i,
  }));
  await deploy(
    t,
    buildModel(key, [
      { id: "start", type: "startEvent" },
      { id: "call", type: "callActivity", calledElement: called },
      { id: "after", type: "userTask" },
      ...boundaries.map(({ _i, ...b }) => b),
      ...boundaries.map((b) => ({ id: `handle_${b.id}`, type: "userTask" as const })),
    ], [
      ["start", "call"],
      ["call", "after"],
      ...boundaries.map((b) => [b.id, `handle_${b.id}`] as [string, string]),
    ]),
  );
}

const childOf = async (t: TestTenant, parent: string) =>
  (await inTenant(
    t,
    (tx) => tx`select id from workflow_instances where parent_instance_id = ${parent}`,
  ))[0]
    .id as string;

itest(
  "BPMN error in a called process: caught by the call activity's boundary (code, catch-all)",
  async () => {
    const t = await newTenant();
    await deployThrower(t, "pay", "PAYMENT_FAILED");
    await deployCaller(t, "order", "pay", ["OUT_OF_STOCK", "PAYMENT_FAILED", null]);
    const id = await start(t, "order");
    const child = await childOf(t, id);
    const c = await snapshot(t, child);
    assert.equal(c.state, "terminated", "the error ends the called process");
    assert.deepEqual(c.tokens, []);
    assert.equal(c.incidentCount, 0);
    await drain();
    let s = await snapshot(t, id);
    assert.deepEqual(s.tokens, ["handle_catch_PAYMENT_FAILED:waiting"], "the matching code wins");
    assert.equal(count(s, "element.cancelled", "call"), 1);
    assert.equal(count(s, "error.thrown"), 1);

    // Another code: the catch-all boundary takes it.
    await deployThrower(t, "pay", "CARD_EXPIRED");
    const second = await start(t, "order");
    await drain();
    s = await snapshot(t, second);
    assert.deepEqual(s.tokens, ["handle_catch_all:waiting"]);
    assert.equal(s.state, "active");
  },
);

itest(
  "BPMN error in a called process without a boundary: an incident on the call activity",
  async () => {
    const t = await newTenant();
    await deployThrower(t, "pay2", "PAYMENT_FAILED");
    await deployCaller(t, "order2", "pay2", ["OTHER"]);
    const id = await start(t, "order2");
    const child = await childOf(t, id);
    assert.equal((await snapshot(t, child)).state, "terminated");
    await drain();
    let s = await snapshot(t, id);
    assert.deepEqual(s.tokens, ["call:incident"]);
    assert.equal(s.incidentCount, 1);
    assert.equal(s.incidents[0].elementId, "call");
    assert.equal(s.incidents[0].kind, "uncaught-error");
    assert.match(s.incidents[0].message, /PAYMENT_FAILED/);

    // Skipping the incident leaves the call activity on its normal flow.
    await asOwner(t, (a) => engine.skipIncident(a, s.incidents[0].id));
    s = await snapshot(t, id);
    assert.deepEqual(s.tokens, ["after:waiting"]);
  },
);

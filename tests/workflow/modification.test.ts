/**
 * Process instance modification (POST /api/workflow/process/{id}/modification): start before
 * and after activities, cancel activity instances, scopes instantiated on the way, the instance
 * cancelled with its last token, all or nothing on a bad instruction, and the API's refusals
 * (400, 403, 404 for another tenant's instance, 409 when suspended, 422 naming the element).
 */
import assert from "node:assert/strict";
import { itest, newTenant, problem, type TestTenant } from "../helpers.ts";
import { buildModel, completeTask, deploy, snapshot, start } from "./engine.fixtures.ts";
import { advance, eventSub, timer } from "./engine.eventsub.fixtures.ts";

const API = "/api/workflow/process";

/** start → A → B → end, with a subprocess branch: start → A → sub{ S1 → S2 } → B. */
async function deployModels(t: TestTenant) {
  await deploy(
    t,
    buildModel("line", [
      { id: "start", type: "startEvent" },
      { id: "A", type: "userTask", name: "Check order" },
      { id: "B", type: "userTask", name: "Ship order" },
      { id: "end", type: "endEvent" },
    ], [["start", "A"], ["A", "B"], ["B", "end"]]),
  );
  await deploy(
    t,
    buildModel("nested", [
      { id: "start", type: "startEvent" },
      { id: "A", type: "userTask" },
      { id: "sub", type: "subProcess", name: "Packing" },
      { id: "sstart", type: "startEvent", parent: "sub" },
      { id: "S1", type: "userTask", parent: "sub", name: "Pick items" },
      { id: "S2", type: "userTask", parent: "sub" },
      { id: "send", type: "endEvent", parent: "sub" },
      { id: "B", type: "userTask" },
      { id: "end", type: "endEvent" },
    ], [
      ["start", "A"],
      ["A", "sub"],
      ["sstart", "S1"],
      ["S1", "S2"],
      ["S2", "send"],
      ["sub", "B"],
      ["B", "end"],
    ]),
  );
}

async function modify(t: TestTenant, id: string, body: unknown, status = 200) {
  const res = await t.owner.call("POST", `${API}/${id}/modification`, body);
  if (status !== 200) return await problem(res, status);
  const text = await res.text();
  assert.equal(res.status, 200, text);
  return JSON.parse(text);
}

itest("modification: start before B and cancel A moves the instance on, audited", async () => {
  const t = await newTenant();
  await deployModels(t);
  const id = await start(t, "line");
  const out = await modify(t, id, {
    instructions: [
      { type: "startBeforeActivity", activityId: "B", variables: { note: "skip check" } },
      { type: "cancel", activityId: "A" },
    ],
    annotation: "customer called",
  });
  assert.equal(out.state, "active");
  assert.deepEqual(out.started.map((s: { elementId: string }) => s.elementId), ["B"]);
  assert.equal(out.cancelled.length, 1);
  const s = await snapshot(t, id);
  assert.deepEqual(s.tokens, ["B:waiting"]);
  assert.equal(s.variables.note, "skip check");
  assert.deepEqual(s.tasks.map((x) => `${x.elementId}:${x.state}`), ["A:cancelled", "B:created"]);
  assert.equal(s.history.filter((h) => h.event === "process.modified").length, 1);
  assert.ok(s.history.some((h) => h.event === "element.cancelled" && h.elementId === "A"));
  const hist = await (await t.owner.call("GET", `${API}/${id}/history`)).json();
  const mod = hist.items.find((h: { event: string }) => h.event === "process.modified");
  assert.equal(mod.data.annotation, "customer called");
  assert.deepEqual(mod.data.instructions[0].variables, ["note"], "names, never values");

  await completeTask(t, id, "B");
  assert.equal((await snapshot(t, id)).state, "completed");
});

itest("modification: start after A, then cancel by token id; last token ends it", async () => {
  const t = await newTenant();
  await deployModels(t);
  const id = await start(t, "line");
  const out = await modify(t, id, {
    instructions: [{ type: "startAfterActivity", activityId: "A" }],
  });
  assert.deepEqual((await snapshot(t, id)).tokens, ["A:waiting", "B:waiting"]);
  const bToken = out.started[0].tokenId;
  await modify(t, id, { instructions: [{ type: "cancel", activityInstanceId: bToken }] });
  assert.deepEqual((await snapshot(t, id)).tokens, ["A:waiting"]);
  const last = await modify(t, id, { instructions: [{ type: "cancel", activityId: "A" }] });
  assert.equal(last.state, "cancelled");
  const s = await snapshot(t, id);
  assert.equal(s.state, "cancelled");
  assert.deepEqual(s.tokens, []);
  // An ended instance is not modified again.
  await modify(t, id, { instructions: [{ type: "startBeforeActivity", activityId: "A" }] }, 409);
});

itest("modification: starting inside a subprocess instantiates its scope", async () => {
  const t = await newTenant();
  await deployModels(t);
  const id = await start(t, "nested");
  await modify(t, id, {
    instructions: [
      { type: "cancel", activityId: "A" },
      { type: "startBeforeActivity", activityId: "S2" },
    ],
  });
  assert.deepEqual((await snapshot(t, id)).tokens, ["S2:waiting", "sub:scope"]);
  // A second start in the same (single) scope reuses it.
  await modify(t, id, { instructions: [{ type: "startBeforeActivity", activityId: "S1" }] });
  assert.deepEqual((await snapshot(t, id)).tokens, ["S1:waiting", "S2:waiting", "sub:scope"]);
  await completeTask(t, id, "S1");
  await completeTask(t, id, "S2");
  await completeTask(t, id, "S2");
  assert.deepEqual((await snapshot(t, id)).tokens, ["B:waiting"], "the scope completed once");

  // Cancelling the only activity in a scope cancels the scope too.
  const id2 = await start(t, "nested");
  await completeTask(t, id2, "A");
  await modify(t, id2, {
    instructions: [
      { type: "startBeforeActivity", activityId: "B" },
      { type: "cancel", activityId: "S1" },
    ],
  });
  assert.deepEqual((await snapshot(t, id2)).tokens, ["B:waiting"]);
});

itest("modification: a scope it instantiates arms its event subprocesses", async () => {
  const t = await newTenant();
  const es = eventSub("late", "sub", timer("duration", "PT1H"));
  await deploy(
    t,
    buildModel("nested-es", [
      { id: "start", type: "startEvent" },
      { id: "A", type: "userTask" },
      { id: "sub", type: "subProcess" },
      { id: "sstart", type: "startEvent", parent: "sub" },
      { id: "S1", type: "userTask", parent: "sub" },
      { id: "send", type: "endEvent", parent: "sub" },
      { id: "end", type: "endEvent" },
      ...es.els,
    ], [
      ["start", "A"],
      ["A", "sub"],
      ["sstart", "S1"],
      ["S1", "send"],
      ["sub", "end"],
      ...es.flows,
    ]),
  );
  const id = await start(t, "nested-es");
  await modify(t, id, {
    instructions: [
      { type: "startBeforeActivity", activityId: "S1" },
      { type: "cancel", activityId: "A" },
    ],
  });
  assert.deepEqual((await snapshot(t, id)).tokens, ["S1:waiting", "sub:scope"]);
  // Its interrupting timer event subprocess was armed with the scope: it fires and replaces S1.
  assert.equal(await advance(t, 2 * 3_600_000), 1, "the scope's event subprocess timer fired");
  assert.deepEqual((await snapshot(t, id)).tokens, ["late:scope", "lateTask:waiting", "sub:scope"]);
});

itest("modification: a scope active twice needs ancestorActivityInstanceId", async () => {
  const t = await newTenant();
  await deployModels(t);
  const id = await start(t, "nested");
  const out = await modify(t, id, {
    instructions: [
      { type: "startBeforeActivity", activityId: "sub" },
      { type: "startBeforeActivity", activityId: "sub" },
    ],
  });
  const [first, second] = out.started.map((s: { tokenId: string }) => s.tokenId);
  assert.deepEqual((await snapshot(t, id)).tokens, [
    "A:waiting",
    "S1:waiting",
    "S1:waiting",
    "sub:scope",
    "sub:scope",
  ]);
  const p = await modify(t, id, {
    instructions: [{ type: "startBeforeActivity", activityId: "S2" }],
  }, 422);
  assert.match(p.detail, /"Packing" is active more than once/);
  await modify(t, id, {
    instructions: [
      { type: "startBeforeActivity", activityId: "S2", ancestorActivityInstanceId: second },
      { type: "cancel", activityInstanceId: first },
    ],
  });
  const s = await snapshot(t, id);
  assert.deepEqual(s.tokens, ["A:waiting", "S1:waiting", "S2:waiting", "sub:scope"]);
  // A token that is no scope of S2 is refused as its ancestor.
  const aToken = await modify(t, id, {
    instructions: [{ type: "startBeforeActivity", activityId: "B" }],
  });
  const wrong = await modify(t, id, {
    instructions: [{
      type: "startBeforeActivity",
      activityId: "S2",
      ancestorActivityInstanceId: aToken.started[0].tokenId,
    }],
  }, 422);
  assert.match(wrong.detail, /S2/);
});

itest("modification: a bad instruction changes nothing and names the element", async () => {
  const t = await newTenant();
  await deployModels(t);
  const id = await start(t, "line");
  const before = await snapshot(t, id);
  const p = await modify(t, id, {
    instructions: [
      { type: "startBeforeActivity", activityId: "B" },
      { type: "startBeforeActivity", activityId: "Nope" },
    ],
  }, 422);
  assert.match(p.detail, /Nope/);
  const none = await modify(t, id, { instructions: [{ type: "cancel", activityId: "B" }] }, 422);
  assert.match(none.detail, /Ship order/);
  const after = await modify(t, id, {
    instructions: [{ type: "startAfterActivity", activityId: "end" }],
  }, 422);
  assert.match(after.detail, /exactly one outgoing flow/);
  const s = await snapshot(t, id);
  assert.deepEqual(s.tokens, before.tokens);
  assert.deepEqual(s.tasks, before.tasks);
  assert.equal(s.history.length, before.history.length, "no history was written");

  // 400: bad shapes.
  await modify(t, id, { instructions: [] }, 400);
  await modify(t, id, { instructions: [{ type: "jump", activityId: "B" }] }, 400);
  await modify(t, id, { instructions: [{ type: "cancel" }] }, 400);
  await modify(t, id, {
    instructions: [{ type: "startBeforeActivity", activityId: "B", variables: { "a-b": 1 } }],
  }, 400);
});

itest("modification: 403 without management, 404 for another tenant, 409 suspended", async () => {
  const t = await newTenant();
  await deployModels(t);
  const id = await start(t, "line");
  const body = { instructions: [{ type: "startBeforeActivity", activityId: "B" }] };
  const member = await t.member(["member"]);
  await problem(await member.call("POST", `${API}/${id}/modification`, body), 403);

  const other = await newTenant();
  await problem(await other.owner.call("POST", `${API}/${id}/modification`, body), 404);
  assert.deepEqual((await snapshot(t, id)).tokens, ["A:waiting"], "unchanged");

  const res = await t.owner.call("POST", `${API}/${id}/suspend`);
  assert.equal(res.status, 200, await res.text());
  await modify(t, id, body, 409);
  assert.deepEqual((await snapshot(t, id)).tokens, ["A:waiting"]);
});

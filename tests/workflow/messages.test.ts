/**
 * The correlation API: POST /api/workflow/messages (one or all matches, 404 and 409 as
 * problem+json, a message start) and POST /api/workflow/signals (counts). Each route: success,
 * 400, 403 for a user without the permission to start processes, and another tenant's waiting
 * instance never reached (and unchanged).
 */
import assert from "node:assert/strict";
import { itest, newTenant, problem } from "../helpers.ts";
import { deployXml, snapshot, start } from "./engine.fixtures.ts";
import { bpmn, flow, message, messageDef, signal, signalDef } from "./messages.fixtures.ts";

const API = "/api/workflow";

const xml = bpmn(
  "invoice",
  `<bpmn:startEvent id="start" />
  <bpmn:intermediateCatchEvent id="paid">${messageDef("paid")}</bpmn:intermediateCatchEvent>
  <bpmn:intermediateCatchEvent id="closed">${signalDef("close")}</bpmn:intermediateCatchEvent>
  <bpmn:endEvent id="end" />
  ${flow("start", "paid")}${flow("paid", "closed")}${flow("closed", "end")}`,
  message("paid") + signal("close"),
);

async function body(res: Response, status: number) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return JSON.parse(text);
}

itest("POST /messages reaches the waiting instance; 404 and 409 as problems", async () => {
  const t = await newTenant();
  await deployXml(t, xml);
  const started = await body(
    await t.owner.call("POST", `${API}/process`, { key: "invoice", businessKey: "inv-1" }),
    201,
  );
  const second = await body(
    await t.owner.call("POST", `${API}/process`, { key: "invoice", businessKey: "inv-2" }),
    201,
  );
  const answer = await body(
    await t.owner.call("POST", `${API}/messages`, {
      messageName: "paid",
      businessKey: "inv-1",
      processVariables: { paidAmount: 100, paid_on: "2026-12-01" },
    }),
    200,
  );
  assert.deepEqual(answer, {
    results: [{
      resultType: "Execution",
      processInstanceId: started.id,
      definitionKey: "invoice",
      elementId: "paid",
    }],
  });
  const s = await snapshot(t, started.id);
  assert.deepEqual(s.tokens, ["closed:waiting"]);
  assert.equal(s.variables.paidAmount, 100);
  assert.equal(s.variables.paid_on, "2026-12-01", "variable names are kept as written");

  const gone = await problem(
    await t.owner.call("POST", `${API}/messages`, { messageName: "paid", businessKey: "inv-1" }),
    404,
  );
  assert.match(gone.detail, /paid/);
  await start(t, "invoice");
  await problem(await t.owner.call("POST", `${API}/messages`, { messageName: "paid" }), 409);
  const all = await body(
    await t.owner.call("POST", `${API}/messages`, { messageName: "paid", all: true }),
    200,
  );
  assert.equal(all.results.length, 2);
  assert.ok(
    all.results.some((r: { processInstanceId: string }) => r.processInstanceId === second.id),
  );
});

itest("POST /messages: 400 for bad input, 403 without the permission", async () => {
  const t = await newTenant();
  await deployXml(t, xml);
  const id = await start(t, "invoice");
  for (
    const bad of [
      {},
      { messageName: "" },
      { messageName: "paid", processVariables: { "not a name": 1 } },
      { messageName: "paid", processInstanceId: "nope" },
      { messageName: "paid", all: "yes" },
    ]
  ) {
    const p = await problem(await t.owner.call("POST", `${API}/messages`, bad), 400);
    assert.ok(p.errors?.length, JSON.stringify(bad));
  }
  const viewer = await t.member(["viewer"]);
  await problem(await viewer.call("POST", `${API}/messages`, { messageName: "paid" }), 403);
  await problem(await viewer.call("POST", `${API}/signals`, { name: "close" }), 403);
  assert.deepEqual((await snapshot(t, id)).tokens, ["paid:waiting"], "nothing moved");
});

itest("another tenant's waiting instance is never reached by a message or a signal", async () => {
  const t = await newTenant();
  const other = await newTenant();
  await deployXml(t, xml);
  await deployXml(other, xml);
  const theirs = await start(other, "invoice");
  await problem(
    await t.owner.call("POST", `${API}/messages`, { messageName: "paid", all: true }),
    404,
  );
  await problem(
    await t.owner.call("POST", `${API}/messages`, {
      messageName: "paid",
      processInstanceId: theirs,
    }),
    404,
  );
  const answer = await body(await t.owner.call("POST", `${API}/signals`, { name: "close" }), 200);
  assert.deepEqual(answer, { reached: 0, started: [] });
  assert.deepEqual((await snapshot(other, theirs)).tokens, ["paid:waiting"], "unchanged");
});

itest("POST /signals answers counts; 400 for bad input", async () => {
  const t = await newTenant();
  await deployXml(t, xml);
  const a = await start(t, "invoice");
  const b = await start(t, "invoice");
  await body(
    await t.owner.call("POST", `${API}/messages`, { messageName: "paid", all: true }),
    200,
  );
  const agent = await t.member(["agent"]);
  const answer = await body(
    await agent.call("POST", `${API}/signals`, { name: "close", variables: { why: "year end" } }),
    200,
  );
  assert.deepEqual(answer, { reached: 2, started: [] });
  for (const id of [a, b]) {
    const s = await snapshot(t, id);
    assert.equal(s.state, "completed");
    assert.equal(s.variables.why, "year end");
  }
  await problem(await t.owner.call("POST", `${API}/signals`, {}), 400);
  await problem(
    await t.owner.call("POST", `${API}/signals`, { name: "close", variables: { "1x": 1 } }),
    400,
  );
});

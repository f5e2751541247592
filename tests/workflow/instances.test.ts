import assert from "node:assert/strict";
import { uuidv7 } from "uuidv7";
import { callApp, itest, newTenant, problem } from "../helpers.ts";
import {
  inTenant,
  seedDefinition,
  seedIncident,
  seedInstance,
  seedTask,
} from "./instances.fixtures.ts";

const API = "/api/workflow";

async function json(res: Response, status = 200) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return JSON.parse(text);
}

type Item = { id: string; name: string };
const names = (page: { items: Item[] }) => page.items.map((i) => i.name).sort();

itest("instances: list filters, search with Turkish folding, paging", async () => {
  const t = await newTenant();
  const def = await seedDefinition(t, { name: "Satın alma" });
  const other = await seedDefinition(t, { name: "Leave request" });
  const day = 86_400_000;
  const a = await seedInstance(t, def, {
    name: "İSTANBUL siparişi",
    businessKey: "PO-1",
    startedAt: new Date(Date.now() - 3 * day),
  });
  await seedInstance(t, def, { name: "Ankara order", state: "completed", endedAt: new Date() });
  await seedInstance(t, other, { name: "Izmir leave", businessKey: "LV-7" });
  await seedIncident(t, a);

  const all = await json(await t.owner.call("GET", `${API}/process`));
  assert.equal(all.items.length, 3);
  assert.equal(all.items[2].name, "İSTANBUL siparişi", "newest first");
  const first = all.items[2];
  assert.equal(first.definitionName, "Satın alma");
  assert.equal(first.version, 1);
  assert.equal(first.incidentCount, 1);
  assert.equal(first.startedByName, "Owner");

  const q = async (query: string) =>
    names(await json(await t.owner.call("GET", `${API}/process?${query}`)));
  assert.deepEqual(await q("q=istanbul"), ["İSTANBUL siparişi"]);
  assert.deepEqual(await q("q=SIPARIS"), ["İSTANBUL siparişi"]);
  assert.deepEqual(await q("q=lv-7"), ["Izmir leave"]);
  assert.deepEqual(await q("state=completed"), ["Ankara order"]);
  assert.deepEqual(await q(`definitionId=${other.id}`), ["Izmir leave"]);
  assert.deepEqual(await q("incident=true"), ["İSTANBUL siparişi"]);
  const from = encodeURIComponent(new Date(Date.now() - day).toISOString());
  assert.deepEqual(await q(`startedFrom=${from}`), ["Ankara order", "Izmir leave"]);
  assert.deepEqual(await q(`startedTo=${from}`), ["İSTANBUL siparişi"]);

  const p1 = await json(await t.owner.call("GET", `${API}/process?limit=2`));
  assert.equal(p1.items.length, 2);
  assert.ok(p1.nextCursor);
  const p2 = await json(
    await t.owner.call("GET", `${API}/process?limit=2&cursor=${p1.nextCursor}`),
  );
  assert.equal(p2.items.length, 1);
  assert.equal(p2.nextCursor, null);
  assert.equal(new Set([...p1.items, ...p2.items].map((i: Item) => i.id)).size, 3);

  await problem(await t.owner.call("GET", `${API}/process?state=running`), 400);
  await problem(await t.owner.call("GET", `${API}/process?cursor=bogus`), 400);
  await problem(await t.owner.call("GET", `${API}/process?startedFrom=yesterday`), 400);
  await problem(await callApp(`${API}/process`), 401);

  // Another tenant sees none of it.
  const o = await newTenant();
  assert.deepEqual((await json(await o.owner.call("GET", `${API}/process`))).items, []);
});

itest("instances: members see what they started or hold a task in; mine=true", async () => {
  const t = await newTenant();
  const def = await seedDefinition(t);
  const member = await t.member(["member"]);
  const agent = await t.member(["agent"]);
  const viewer = await t.member(["viewer"]);
  const mine = await seedInstance(t, def, { name: "Started by member", startedBy: member.id });
  const assigned = await seedInstance(t, def, { name: "Task for member" });
  await seedTask(t, assigned, { assignee: member.id });
  const pooled = await seedInstance(t, def, { name: "Pool of agents" });
  await seedTask(t, pooled, { candidateRoles: ["agent"] });
  const hidden = await seedInstance(t, def, { name: "Owner only" });

  const list = async (who: typeof member, query = "") =>
    names(await json(await who.call("GET", `${API}/process${query}`)));
  assert.deepEqual(await list(member), ["Started by member", "Task for member"]);
  assert.deepEqual(await list(member, "?mine=true"), ["Started by member"]);
  assert.deepEqual(await list(agent), ["Pool of agents"]);
  assert.deepEqual(await list(viewer), []);
  assert.equal((await list(t.owner)).length, 4);
  assert.deepEqual(await list(t.owner, "?mine=true"), [
    "Owner only",
    "Pool of agents",
    "Task for member",
  ]);

  await json(await member.call("GET", `${API}/process/${mine.id}`));
  await json(await member.call("GET", `${API}/process/${assigned.id}`));
  await json(await agent.call("GET", `${API}/process/${pooled.id}`));
  await problem(await member.call("GET", `${API}/process/${hidden.id}`), 404);
  await problem(await member.call("GET", `${API}/process/${hidden.id}/history`), 404);
});

itest("instances: one instance with diagram marks, tasks, incidents and timeline", async () => {
  const t = await newTenant();
  const def = await seedDefinition(t);
  const inst = await seedInstance(t, def, {
    businessKey: "PO-9",
    variables: { amount: 1200, first_name: "Ayşe", nested: { line_items: [1, 2] } },
  });
  const taskId = await seedTask(t, inst, { assignee: t.owner.id });
  await seedTask(t, inst, { name: "Done earlier", state: "completed" });
  const incidentId = await seedIncident(t, inst);

  const d = await json(await t.owner.call("GET", `${API}/process/${inst.id}`));
  assert.equal(d.businessKey, "PO-9");
  assert.equal(d.state, "active");
  assert.deepEqual(d.variables, {
    amount: 1200,
    first_name: "Ayşe",
    nested: { line_items: [1, 2] },
  }, "variable names come back as written");
  assert.deepEqual(d.activeElementIds.sort(), ["Service_book", "Task_approve"]);
  assert.deepEqual(d.doneElementIds, ["start_1"]);
  assert.deepEqual(d.incidentElementIds, ["Service_book"]);
  assert.deepEqual(d.openTasks.map((x: { id: string }) => x.id), [taskId]);
  assert.equal(d.openTasks[0].assigneeName, "Owner");
  assert.equal(d.incidents.length, 1);
  assert.equal(d.incidents[0].id, incidentId);
  assert.equal(d.incidents[0].elementName, "Book it");
  assert.equal(d.incidents[0].message, "booking system unreachable");

  const h = await json(await t.owner.call("GET", `${API}/process/${inst.id}/history`));
  assert.deepEqual(
    h.items.map((e: { event: string; elementName: string | null }) => [e.event, e.elementName]),
    [
      ["process.started", null],
      ["element.completed", "Request"],
      ["element.started", "Approve purchase"],
    ],
  );
  assert.equal(h.items[0].actorName, "Owner");

  const inc = await json(await t.owner.call("GET", `${API}/incidents`));
  assert.deepEqual(inc.items.map((x: { id: string }) => x.id), [incidentId]);
  assert.equal(inc.items[0].instanceName, "Purchase: laptop");
  const byInstance = await json(
    await t.owner.call("GET", `${API}/incidents?instanceId=${uuidv7()}`),
  );
  assert.deepEqual(byInstance.items, []);

  await problem(await t.owner.call("GET", `${API}/process/${uuidv7()}`), 404);
  await problem(await t.owner.call("GET", `${API}/process/not-a-uuid`), 400);
  const o = await newTenant();
  await problem(await o.owner.call("GET", `${API}/process/${inst.id}`), 404);
  await problem(await o.owner.call("GET", `${API}/process/${inst.id}/history`), 404);
  assert.deepEqual((await json(await o.owner.call("GET", `${API}/incidents`))).items, []);
});

itest("instances: admins set variables; members may not; other tenants get 404", async () => {
  const t = await newTenant();
  const def = await seedDefinition(t);
  const member = await t.member(["member"]);
  const inst = await seedInstance(t, def, { startedBy: member.id });
  const done = await seedInstance(t, def, { state: "completed", endedAt: new Date() });
  const url = `${API}/process/${inst.id}/variables`;

  const d = await json(
    await t.owner.call("PATCH", url, { variables: { amount: 900, approved_by: "Zeynep" } }),
  );
  assert.deepEqual(d.variables, { amount: 900, first_name: "Ayşe", approved_by: "Zeynep" });
  const h = await json(await t.owner.call("GET", `${API}/process/${inst.id}/history`));
  assert.equal(h.items.at(-1).event, "variables.changed");
  assert.equal(h.items.at(-1).actorName, "Owner");

  const bad = await problem(await t.owner.call("PATCH", url, { variables: { "a b": 1 } }), 400);
  assert.equal(bad.errors[0].path, "body.variables.a b");
  await problem(await t.owner.call("PATCH", url, { variables: "x" }), 400);
  await problem(await t.owner.call("PATCH", url, "{not json"), 400);
  await problem(await member.call("PATCH", url, { variables: { amount: 1 } }), 403);
  await problem(
    await t.owner.call("PATCH", `${API}/process/${done.id}/variables`, { variables: { a: 1 } }),
    422,
  );
  const o = await newTenant();
  await problem(await o.owner.call("PATCH", url, { variables: { amount: 1 } }), 404);
  const after = await json(await t.owner.call("GET", `${API}/process/${inst.id}`));
  assert.equal(after.variables.amount, 900, "unchanged by the refused calls");
});

itest("instances: start checks the definition and the start form before the engine", async () => {
  const t = await newTenant();
  const def = await seedDefinition(t);
  const viewer = await t.member(["viewer"]);
  const member = await t.member(["member"]);
  const start = (who: typeof member, body: unknown) => who.call("POST", `${API}/process`, body);

  const missing = await problem(await start(member, { definitionId: def.id }), 400);
  assert.deepEqual(missing.errors.map((e: { path: string }) => e.path), ["body.variables.amount"]);
  const wrong = await problem(
    await start(member, {
      key: def.key,
      variables: { amount: "lots", urgent: "yes", kind: "food", needed_by: "soon" },
    }),
    400,
  );
  assert.deepEqual(
    wrong.errors.map((e: { path: string }) => e.path).sort(),
    [
      "body.variables.amount",
      "body.variables.kind",
      "body.variables.needed_by",
      "body.variables.urgent",
    ],
  );
  await problem(await start(member, { variables: {} }), 400);
  await problem(await start(member, { definitionId: def.id, key: def.key }), 400);
  await problem(await start(member, { definitionId: uuidv7(), variables: { amount: 1 } }), 404);
  await problem(
    await start(member, { definitionId: def.id, version: 7, variables: { amount: 1 } }),
    404,
  );
  await problem(await start(viewer, { definitionId: def.id, variables: { amount: 1 } }), 403);
  const o = await newTenant();
  await problem(await start(o.owner, { definitionId: def.id, variables: { amount: 1 } }), 404);
  const count = await inTenant(t, (tx) => tx`select count(*)::int as n from workflow_instances`);
  assert.equal(count[0].n, 0, "nothing started by refused calls");
});

itest("instances: operator actions are for admins and check the state first", async () => {
  const t = await newTenant();
  const def = await seedDefinition(t);
  const member = await t.member(["member"]);
  const inst = await seedInstance(t, def, { startedBy: member.id });
  const done = await seedInstance(t, def, { state: "completed", endedAt: new Date() });
  const incidentId = await seedIncident(t, inst);
  const o = await newTenant();

  for (const action of ["cancel", "suspend", "resume"]) {
    const url = `${API}/process/${inst.id}/${action}`;
    await problem(await member.call("POST", url, {}), 403);
    await problem(await o.owner.call("POST", url, {}), 404);
  }
  await problem(await t.owner.call("POST", `${API}/process/${inst.id}/resume`, {}), 422);
  await problem(await t.owner.call("POST", `${API}/process/${done.id}/cancel`, {}), 422);
  await problem(await t.owner.call("POST", `${API}/process/${done.id}/suspend`, {}), 422);
  await problem(
    await t.owner.call("POST", `${API}/process/${inst.id}/cancel`, { reason: 5 }),
    400,
  );

  for (const how of ["retry", "skip"]) {
    await problem(await member.call("POST", `${API}/incidents/${incidentId}/${how}`), 403);
    await problem(await o.owner.call("POST", `${API}/incidents/${incidentId}/${how}`), 404);
    await problem(await t.owner.call("POST", `${API}/incidents/${uuidv7()}/${how}`), 404);
  }
  const resolved = await seedIncident(t, inst);
  await inTenant(
    t,
    (tx) =>
      tx`update workflow_incidents set resolved_at = now(), resolution = 'retried'
      where id = ${resolved}`,
  );
  await problem(await t.owner.call("POST", `${API}/incidents/${resolved}/retry`), 409);

  const d = await json(await t.owner.call("GET", `${API}/process/${inst.id}`));
  assert.equal(d.state, "active", "unchanged");
});

itest("migrations: checks, permissions and the audit list", async () => {
  const t = await newTenant();
  const def = await seedDefinition(t, { versions: 2 });
  const single = await seedDefinition(t, { versions: 1 });
  const member = await t.member(["member"]);
  const url = `${API}/admin/process/${def.id}/migrations`;
  const plan = { fromVersion: 1, toVersion: 2, mapping: { Task_approve: "Task_approve" } };

  assert.deepEqual((await json(await t.owner.call("GET", url))).items, []);
  await problem(await t.owner.call("POST", url, { ...plan, toVersion: 1 }), 400);
  await problem(await t.owner.call("POST", url, { ...plan, mapping: [] }), 400);
  await problem(await t.owner.call("POST", url, { ...plan, toVersion: 3 }), 404);
  await problem(
    await t.owner.call("POST", `${API}/admin/process/${single.id}/migrations`, plan),
    404,
  );
  await problem(await t.owner.call("POST", url, plan), 422 /* no running instances */);
  await problem(await member.call("POST", url, plan), 403);
  await problem(await member.call("GET", url), 403);
  const o = await newTenant();
  await problem(await o.owner.call("POST", url, plan), 404);
  await problem(await o.owner.call("GET", url), 404);
});

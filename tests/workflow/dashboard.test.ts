import assert from "node:assert/strict";
import { browse, callApp, itest, newTenant, problem } from "../helpers.ts";
import { seedDefinition, seedIncident, seedInstance, seedTask } from "./instances.fixtures.ts";

const API = "/api/workflow";

async function json(res: Response, status = 200) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return JSON.parse(text);
}
async function text(res: Response, status = 200) {
  const body = await res.text();
  assert.equal(res.status, status, body.slice(0, 500));
  return body;
}
/** Visible text of a page (tags, scripts and attributes dropped). */
const visible = (html: string) =>
  html.replace(/<script[\s\S]*?<\/script>/g, "").replace(/<[^>]+>/g, " ");
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

itest("dashboard: figures of processes and of the reader's tasks", async () => {
  const t = await newTenant();
  const def = await seedDefinition(t);
  const member = await t.member(["member"]);
  const a = await seedInstance(t, def, { startedBy: member.id });
  const b = await seedInstance(t, def);
  await seedInstance(t, def, { state: "suspended" });
  await seedInstance(t, def, { state: "completed", endedAt: new Date() });
  await seedIncident(t, b);
  await seedTask(t, a, { assignee: member.id, name: "Sign the order" });
  await seedTask(t, a, {
    assignee: member.id,
    name: "Late one",
    dueAt: new Date(Date.now() - 3_600_000),
  });
  await seedTask(t, b, { candidateRoles: ["member"], name: "Pool task" });

  const owner = await json(await t.owner.call("GET", `${API}/dashboard`));
  assert.deepEqual(owner.processes, { active: 2, suspended: 1, openIncidents: 1 });
  assert.equal(owner.perDay.length, 14);
  assert.equal(owner.perDay.at(-1).started, 4);
  assert.equal(owner.perDay.at(-1).completed, 1);
  assert.equal(owner.recentIncidents.length, 1);
  assert.deepEqual(owner.tasks, { mine: 0, pool: 0, overdue: 0 });

  const m = await json(await member.call("GET", `${API}/dashboard`));
  assert.deepEqual(m.processes, { active: 2, suspended: 0, openIncidents: 1 });
  assert.deepEqual(m.tasks, { mine: 2, pool: 1, overdue: 1 });
  assert.deepEqual(m.myNewestTasks.map((x: { name: string }) => x.name).sort(), [
    "Late one",
    "Sign the order",
  ]);

  const o = await newTenant();
  const other = await json(await o.owner.call("GET", `${API}/dashboard`));
  assert.equal(other.processes.active, 0);
  await problem(await callApp(`${API}/dashboard`), 401);

  const page = await text(await browse("/workflow", { who: member }));
  assert.match(page, /My open tasks/);
  assert.match(page, /Sign the order/);
  assert.doesNotMatch(visible(page), UUID);
  const tr = await text(
    await browse("/workflow", {
      who: member,
      headers: { Cookie: `session=${member.token}; lang=tr` },
    }),
  );
  assert.ok(tr.includes("Açık görevlerim") || tr.includes("My open tasks"));
});

itest("pages: lists, the instance page, catalog, search and migration", async () => {
  const t = await newTenant();
  const def = await seedDefinition(t, { name: "Satın alma", versions: 2 });
  const member = await t.member(["member"]);
  const inst = await seedInstance(t, def, { name: "İstanbul siparişi", businessKey: "PO-5" });
  await seedIncident(t, inst);
  await seedTask(t, inst, { name: "Approve İzmir order", candidateRoles: ["member"] });
  const hidden = await seedInstance(t, def, { name: "Gizli süreç" });

  const all = await text(await browse("/workflow/processes", { who: t.owner }));
  assert.match(all, /İstanbul siparişi/);
  assert.match(all, /Satın alma · version 1/);
  assert.doesNotMatch(visible(all), UUID);
  const filtered = await text(
    await browse("/workflow/processes?q=istanbul&incident=true", { who: t.owner }),
  );
  assert.match(filtered, /İstanbul siparişi/);
  assert.doesNotMatch(filtered, /Gizli süreç/);
  await text(await browse("/workflow/processes?state=nope", { who: t.owner }), 400);

  const mine = await text(await browse("/workflow/my-processes", { who: member }));
  assert.doesNotMatch(mine, /İstanbul siparişi/, "started by the owner");

  const detail = await text(await browse(`/workflow/processes/${inst.id}`, { who: t.owner }));
  assert.match(detail, /Cancel process/);
  assert.match(detail, /booking system unreachable/);
  assert.match(detail, /Retry/);
  assert.match(detail, /Approve İzmir order/);
  assert.match(detail, /completed Request/, "timeline uses element names");
  assert.doesNotMatch(visible(detail), UUID);
  const seen = await text(await browse(`/workflow/processes/${inst.id}`, { who: member }));
  assert.doesNotMatch(seen, /Cancel process/, "members do not manage");
  await text(await browse(`/workflow/processes/${hidden.id}`, { who: member }), 404);

  // An admin edits a variable from the page; bad JSON comes back as a message.
  const saved = await browse(`/workflow/processes/${inst.id}/variables`, {
    who: t.owner,
    form: { name: "amount", value: "4500" },
  });
  assert.equal(saved.status, 303);
  const badJson = await text(
    await browse(`/workflow/processes/${inst.id}/variables`, {
      who: t.owner,
      form: { name: "amount", value: "{oops" },
    }),
    400,
  );
  assert.match(badJson, /not a valid JSON value/);
  const refused = await browse(`/workflow/processes/${inst.id}/variables`, {
    who: member,
    form: { name: "amount", value: "1" },
  });
  assert.equal(refused.status, 403);

  const catalog = await text(await browse("/workflow/catalog", { who: member }));
  assert.match(catalog, /Satın alma/);
  assert.match(catalog, /Amount \*/);
  const missing = await text(
    await browse(`/workflow/catalog/${def.id}/start`, {
      who: member,
      form: { "field.reason": "need it" },
      htmx: true,
    }),
    400,
  );
  assert.match(missing, /This field is required/);
  assert.match(missing, /need it/, "the form keeps what was typed");

  const search = await text(await browse("/workflow/search?q=IZMIR", { who: member }));
  assert.match(search, /Approve İzmir order/);
  const search2 = await text(await browse("/workflow/search?q=po-5", { who: t.owner }));
  assert.match(search2, /İstanbul siparişi/);
  const nothing = await text(await browse("/workflow/search?q=gizli", { who: member }));
  assert.doesNotMatch(nothing, /Gizli süreç/);

  const migrate = await text(
    await browse(`/workflow/admin/migrations?definitionId=${def.id}&from=1&to=2`, {
      who: t.owner,
    }),
  );
  assert.match(migrate, /Approve purchase/);
  assert.match(migrate, /İstanbul siparişi/);
  assert.equal((await browse("/workflow/admin/migrations", { who: member })).status, 403);
});

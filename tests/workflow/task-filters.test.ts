/**
 * Saved task-list filters (/api/workflow/task-filters): personal ones only their owner sees,
 * shared ones everyone who reads tasks sees and only holders of workflow.filter.write share or
 * change; a filter's tasks; bad input (400), no permission (403), another tenant's id (404).
 */
import assert from "node:assert/strict";
import { browse, itest, newTenant, problem } from "../helpers.ts";
import { API, json, newTask } from "./tasks.fixtures.ts";
import { dueBounds, pageHref, taskQueryOf } from "../../modules/workflow/filters/filters.rules.ts";

const F = `${API}/task-filters`;

itest("task filters: rules — relative due bounds and the page link", () => {
  const now = new Date("2026-03-10T15:00:00Z");
  assert.deepEqual(dueBounds("overdue", now), { overdue: "true" });
  assert.deepEqual(dueBounds("today", now), { dueBefore: "2026-03-11T00:00:00.000Z" });
  assert.deepEqual(dueBounds("week", now), { dueBefore: "2026-03-17T15:00:00.000Z" });
  assert.deepEqual(dueBounds("followUp", now), { followUpBefore: "2026-03-10T15:00:00.000Z" });
  assert.deepEqual(dueBounds(undefined, now), {});
  assert.deepEqual(taskQueryOf({ view: "pool", priority: "kritik", q: "" }, now), {
    view: "pool",
    q: undefined,
    state: undefined,
    priority: "kritik",
    definitionId: undefined,
  });
  assert.equal(
    pageHref({ view: "pool", q: "fatura ödeme", due: "today" }, "x"),
    "/workflow/task-pool?q=fatura+%C3%B6deme&due=today&filter=x",
  );
  assert.equal(pageHref({ view: "mine" }), "/workflow/my-tasks");
});

itest("task filters: a personal filter is its owner's alone", async () => {
  const t = await newTenant();
  const agent = await t.member(["agent"]);
  const colleague = await t.member(["agent"]);
  const created = await json(
    await agent.call("POST", F, {
      name: "Urgent",
      query: { view: "mine", priority: "yuksek", due: "week" },
    }),
    201,
  );
  assert.equal(created.name, "Urgent");
  assert.equal(created.shared, false);
  assert.equal(created.ownerId, agent.id);
  assert.equal(created.canEdit, true);
  assert.deepEqual(created.query, { view: "mine", priority: "yuksek", due: "week" });
  const mine = await json(await agent.call("GET", F), 200);
  assert.deepEqual(mine.items.map((f: { id: string }) => f.id), [created.id]);
  // Invisible to a colleague: not listed, not found, not changed, not deleted.
  assert.equal((await json(await colleague.call("GET", F), 200)).items.length, 0);
  await problem(await colleague.call("GET", `${F}/${created.id}`), 404);
  await problem(await colleague.call("PATCH", `${F}/${created.id}`, { name: "Mine now" }), 404);
  await problem(await colleague.call("DELETE", `${F}/${created.id}`), 404);
  await problem(await colleague.call("GET", `${F}/${created.id}/tasks`), 404);
  // The owner renames and moves it.
  const renamed = await json(
    await agent.call("PATCH", `${F}/${created.id}`, { name: "Urgent this week", position: 3 }),
    200,
  );
  assert.equal(renamed.name, "Urgent this week");
  assert.equal(renamed.position, 3);
  assert.deepEqual(renamed.query, created.query);
  // Sharing needs workflow.filter.write (agents lack it).
  await problem(await agent.call("PATCH", `${F}/${created.id}`, { shared: true }), 403);
  await problem(await agent.call("POST", F, { name: "Team", shared: true }), 403);
  assert.equal((await json(await agent.call("GET", `${F}/${created.id}`), 200)).shared, false);
  // Deleted by its owner.
  assert.equal((await agent.call("DELETE", `${F}/${created.id}`)).status, 204);
  await problem(await agent.call("GET", `${F}/${created.id}`), 404);
});

itest("task filters: a shared filter is seen by all, changed by curators only", async () => {
  const t = await newTenant();
  const admin = await t.member(["admin"]);
  const agent = await t.member(["agent"]);
  const shared = await json(
    await admin.call("POST", F, { name: "Team pool", shared: true, query: { view: "pool" } }),
    201,
  );
  assert.equal(shared.shared, true);
  const seen = await json(await agent.call("GET", F), 200);
  assert.deepEqual(seen.items.map((f: { id: string }) => f.id), [shared.id]);
  assert.equal(seen.items[0].canEdit, false);
  assert.equal(seen.items[0].ownerName, "Member admin");
  await problem(await agent.call("PATCH", `${F}/${shared.id}`, { name: "Hijacked" }), 403);
  await problem(await agent.call("DELETE", `${F}/${shared.id}`), 403);
  assert.equal((await json(await admin.call("GET", `${F}/${shared.id}`), 200)).name, "Team pool");
  // Another curator (the workspace owner holds every permission) may change it too.
  const renamed = await json(
    await t.owner.call("PATCH", `${F}/${shared.id}`, { name: "Team pool (all)" }),
    200,
  );
  assert.equal(renamed.name, "Team pool (all)");
  assert.equal(renamed.ownerId, admin.id, "it stays the admin's");
  const back = await json(await admin.call("PATCH", `${F}/${shared.id}`, { shared: false }), 200);
  assert.equal(back.shared, false);
  assert.equal((await json(await agent.call("GET", F), 200)).items.length, 0);
});

itest("task filters: bad input is a 400, no task permission a 403", async () => {
  const t = await newTenant();
  const agent = await t.member(["agent"]);
  for (
    const body of [
      {},
      { name: "" },
      { name: "x".repeat(101) },
      { name: "A", query: { priority: "urgent" } },
      { name: "A", query: { view: "everything" } },
      { name: "A", query: { due: "tomorrow" } },
      { name: "A", query: { definitionId: "nope" } },
      { name: "A", query: { unknown: 1 } },
      { name: "A", extra: true },
      { name: "A", position: -1 },
    ]
  ) {
    await problem(await agent.call("POST", F, body), 400);
  }
  const made = await json(await agent.call("POST", F, { name: "Ok" }), 201);
  assert.deepEqual(made.query, { view: "mine" });
  await problem(await agent.call("PATCH", `${F}/${made.id}`, { name: "" }), 400);
  await problem(await agent.call("PATCH", `${F}/${made.id}`, { owner: "x" }), 400);
  await problem(await agent.call("GET", `${F}/not-a-uuid`), 400);
  await problem(await agent.call("GET", `${F}?cursor=forged`), 400);
  await problem(await agent.call("GET", `${F}?limit=1000`), 400);
  const nobody = await t.member([]);
  await problem(await nobody.call("GET", F), 403);
  await problem(await nobody.call("POST", F, { name: "Mine" }), 403);
  await problem(await nobody.call("GET", `${F}/${made.id}`), 403);
  await problem(await nobody.call("DELETE", `${F}/${made.id}`), 403);
  assert.equal((await json(await agent.call("GET", `${F}/${made.id}`), 200)).name, "Ok");
});

itest("task filters: another tenant's filter is not found and stays unchanged", async () => {
  const a = await newTenant();
  const b = await newTenant();
  const theirs = await json(
    await b.owner.call("POST", F, { name: "B's", shared: true, query: { view: "all" } }),
    201,
  );
  await problem(await a.owner.call("GET", `${F}/${theirs.id}`), 404);
  await problem(await a.owner.call("PATCH", `${F}/${theirs.id}`, { name: "A's" }), 404);
  await problem(await a.owner.call("DELETE", `${F}/${theirs.id}`), 404);
  await problem(await a.owner.call("GET", `${F}/${theirs.id}/tasks`), 404);
  assert.equal((await json(await a.owner.call("GET", F), 200)).items.length, 0);
  const still = await json(await b.owner.call("GET", `${F}/${theirs.id}`), 200);
  assert.equal(still.name, "B's");
  assert.equal(still.updatedAt, theirs.updatedAt);
});

itest("task filters: a filter's tasks, and paging the list", async () => {
  const t = await newTenant();
  const agent = await t.member(["agent"]);
  const urgent = await newTask(t.owner, {
    assignee: agent.id,
    name: "Urgent one",
    priority: "kritik",
  });
  await newTask(t.owner, { assignee: agent.id, name: "Calm one", priority: "dusuk" });
  const f = await json(
    await agent.call("POST", F, { name: "Critical", query: { priority: "kritik" } }),
    201,
  );
  const found = await json(await agent.call("GET", `${F}/${f.id}/tasks`), 200);
  assert.deepEqual(found.items.map((x: { id: string }) => x.id), [urgent.id]);
  // A view the caller may not see answers as the task list does (403).
  const all = await json(await agent.call("POST", F, { name: "All", query: { view: "all" } }), 201);
  await problem(await agent.call("GET", `${F}/${all.id}/tasks`), 403);
  // Positions order the list; a cursor continues it.
  await json(await agent.call("PATCH", `${F}/${all.id}`, { position: 1 }), 200);
  const page1 = await json(await agent.call("GET", `${F}?limit=1`), 200);
  assert.equal(page1.items[0].id, f.id);
  assert.ok(page1.nextCursor);
  const page2 = await json(
    await agent.call("GET", `${F}?limit=1&cursor=${encodeURIComponent(page1.nextCursor)}`),
    200,
  );
  assert.deepEqual(page2.items.map((x: { id: string }) => x.id), [all.id]);
  assert.equal(page2.nextCursor, null);
});

itest("task filters: the task pages save, pick, share and delete filters", async () => {
  const t = await newTenant();
  const admin = await t.member(["admin"]);
  const agent = await t.member(["agent"]);
  // Saved from the page: the live fields (htmx) win over the ones the page was drawn with.
  const saved = await browse("/workflow/task-filters", {
    who: admin,
    htmx: true,
    form: {
      view: "pool",
      "saved.priority": "dusuk",
      priority: "kritik",
      "saved.q": "",
      q: "fatura",
      name: "Critical invoices",
      shared: "true",
    },
  });
  assert.equal(saved.status, 204);
  const to = saved.headers.get("HX-Redirect") ?? "";
  assert.match(to, /^\/workflow\/task-pool\?q=fatura&priority=kritik&filter=[0-9a-f-]{36}$/);
  const id = to.split("filter=")[1];
  const stored = await json(await admin.call("GET", `${F}/${id}`), 200);
  assert.deepEqual(stored.query, { view: "pool", q: "fatura", priority: "kritik" });
  assert.equal(stored.shared, true);
  // A shared filter of every task is not offered to those who may not see them all.
  await json(
    await admin.call("POST", F, { name: "Every task", shared: true, query: { view: "all" } }),
    201,
  );
  // The agent sees it on the list page, picked: its name marked current, no share or delete.
  const page = await browse(to, { who: agent });
  assert.equal(page.status, 200);
  const body = await page.text();
  assert.ok(body.includes("Critical invoices"));
  assert.ok(body.includes('aria-current="page"'));
  assert.ok(!body.includes(`/workflow/task-filters/${id}/delete`), "agents cannot delete it");
  assert.ok(!body.includes("Every task"), "agents cannot open every task");
  assert.ok(
    (await (await browse("/workflow/my-tasks", { who: admin })).text()).includes("Every task"),
  );
  // A nameless save answers the form again with its error, in place.
  const bad = await browse("/workflow/task-filters", {
    who: agent,
    htmx: true,
    form: { view: "mine", name: "" },
  });
  assert.equal(bad.status, 400);
  assert.ok((await bad.text()).includes('hx-post="/workflow/task-filters"'));
  // An agent cannot share: the checkbox is not offered and a forged post is refused.
  const forged = await browse("/workflow/task-filters", {
    who: agent,
    form: { view: "mine", name: "Mine", shared: "true" },
  });
  assert.equal(forged.status, 403);
  // The admin stops sharing it, then deletes it, back to the list.
  const unshared = await browse(`/workflow/task-filters/${id}/share`, {
    who: admin,
    form: { shared: "false" },
  });
  assert.equal(unshared.status, 303);
  assert.equal((await json(await admin.call("GET", `${F}/${id}`), 200)).shared, false);
  const deleted = await browse(`/workflow/task-filters/${id}/delete`, {
    who: admin,
    form: { back: "/workflow/task-pool?q=fatura" },
  });
  assert.equal(deleted.status, 303);
  assert.equal(deleted.headers.get("Location"), "/workflow/task-pool?q=fatura");
  await problem(await admin.call("GET", `${F}/${id}`), 404);
});

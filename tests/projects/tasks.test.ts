import assert from "node:assert/strict";
import { itest, newTenant, problem } from "../helpers.ts";
import { addMember, flow, json, MISSING, newProject, newTask } from "./fixtures.ts";

itest("tasks: create, get, update with history, delete", async () => {
  const t = await newTenant();
  const m = await t.member(["member"]);
  const p = await newProject(t.owner);
  await addMember(t.owner, p.id, m.id, "member");
  const task = await newTask(t.owner, p.id, {
    priority: "yuksek",
    assigneeId: m.id,
    dueDate: "2030-05-01",
    estimate: 3.5,
    labels: ["api", "api", "ux"],
  });
  assert.equal(task.statusName, "To do");
  assert.equal(task.priority, "yuksek");
  assert.equal(task.assigneeId, m.id);
  assert.deepEqual(task.labels, ["api", "ux"]);
  assert.equal(task.estimate, 3.5);
  const got = await json(await m.call("GET", `/api/projects/tasks/${task.id}`), 200);
  assert.equal(got.title, "Write spec");

  const { items: statuses } = await flow(t.owner, p.id);
  const doing = statuses.find((s: { name: string }) => s.name === "In progress");
  const upd = await json(
    await m.call("PUT", `/api/projects/tasks/${task.id}`, { statusId: doing.id, title: "Spec" }),
    200,
  );
  assert.equal(upd.statusName, "In progress");
  assert.equal(upd.title, "Spec");
  const feed = await json(await m.call("GET", `/api/projects/projects/${p.id}/activity`), 200);
  const moved = feed.items.find((a: { action: string }) => a.action === "status-changed");
  assert.deepEqual(moved.changes.status, { from: "To do", to: "In progress" });
  assert.deepEqual(moved.changes.title, { from: "Write spec", to: "Spec" });
  const log = await json(await m.call("GET", "/api/projects/activity-log?entityType=task"), 200);
  assert.ok(log.items.length >= 2);

  assert.equal((await m.call("DELETE", `/api/projects/tasks/${task.id}`)).status, 204);
  await problem(await m.call("GET", `/api/projects/tasks/${task.id}`), 404);
});

itest("tasks: validation, viewer 403, non-member and other tenant 404", async () => {
  const a = await newTenant();
  const b = await newTenant();
  const viewer = await a.member(["member"]);
  const outsider = await a.member(["member"]);
  const p = await newProject(a.owner);
  await addMember(a.owner, p.id, viewer.id, "viewer");
  const task = await newTask(a.owner, p.id);
  const url = `/api/projects/tasks/${task.id}`;
  await problem(await a.owner.call("POST", "/api/projects/tasks", { projectId: p.id }), 400);
  await problem(
    await a.owner.call("POST", "/api/projects/tasks", {
      projectId: p.id,
      title: "x",
      priority: "urgent",
    }),
    400,
  );
  await problem(await a.owner.call("PUT", url, { dueDate: "tomorrow" }), 400);
  await problem(await a.owner.call("PUT", url, { assigneeId: outsider.id }), 422);
  await problem(await a.owner.call("PUT", url, { statusId: MISSING }), 422);
  await problem(await a.owner.call("GET", "/api/projects/tasks/123"), 400);
  await problem(await a.owner.call("GET", "/api/projects/tasks?assigneeId=bob"), 400);
  await problem(await a.owner.call("GET", "/api/projects/tasks?cursor=abc"), 400);

  await problem(await viewer.call("PUT", url, { title: "V" }), 403);
  await problem(await viewer.call("DELETE", url), 403);
  await problem(
    await viewer.call("POST", "/api/projects/tasks", { projectId: p.id, title: "V" }),
    403,
  );
  assert.equal((await json(await viewer.call("GET", url), 200)).id, task.id);

  await problem(await outsider.call("GET", url), 404);
  await problem(await outsider.call("PUT", url, { title: "O" }), 404);
  await problem(
    await outsider.call("POST", "/api/projects/tasks", { projectId: p.id, title: "O" }),
    404,
  );
  assert.equal(
    (await json(await outsider.call("GET", "/api/projects/tasks"), 200)).items.length,
    0,
  );

  await problem(await b.owner.call("GET", url), 404);
  await problem(await b.owner.call("PUT", url, { title: "B" }), 404);
  await problem(await b.owner.call("DELETE", url), 404);
  await problem(await b.owner.call("GET", `/api/projects/tasks?projectId=${p.id}`), 404);
  assert.equal((await json(await a.owner.call("GET", url), 200)).title, "Write spec");
});

itest("tasks: filters, sorts and keyset paging across projects", async () => {
  const t = await newTenant();
  const m = await t.member(["member"]);
  const p1 = await newProject(t.owner, { name: "One" });
  const p2 = await newProject(t.owner, { name: "Two" });
  await addMember(t.owner, p1.id, m.id, "member");
  await newTask(t.owner, p1.id, {
    title: "alpha",
    priority: "kritik",
    dueDate: "2020-01-01",
    assigneeId: m.id,
    labels: ["bug"],
  });
  await newTask(t.owner, p1.id, { title: "beta", priority: "dusuk", dueDate: "2099-01-01" });
  await newTask(t.owner, p2.id, { title: "gamma", priority: "normal" });
  const q = async (who: typeof m, query: string) =>
    (await json(await who.call("GET", `/api/projects/tasks?${query}`), 200)).items
      .map((x: { title: string }) => x.title);
  assert.deepEqual(await q(t.owner, ""), ["gamma", "beta", "alpha"]);
  assert.deepEqual(await q(m, ""), ["beta", "alpha"]);
  assert.deepEqual(await q(t.owner, `projectId=${p2.id}`), ["gamma"]);
  assert.deepEqual(await q(m, "assigneeId=me"), ["alpha"]);
  assert.deepEqual(await q(t.owner, "assigneeId=unassigned"), ["gamma", "beta"]);
  assert.deepEqual(await q(t.owner, "overdue=true"), ["alpha"]);
  assert.deepEqual(await q(t.owner, "label=bug"), ["alpha"]);
  assert.deepEqual(await q(t.owner, "q=ET"), ["beta"]);
  assert.deepEqual(await q(t.owner, "priority=normal"), ["gamma"]);
  assert.deepEqual(await q(t.owner, "dueFrom=2021-01-01&dueTo=2100-01-01"), ["beta"]);
  assert.deepEqual(await q(t.owner, "sort=priority"), ["alpha", "gamma", "beta"]);
  assert.deepEqual(await q(t.owner, "sort=due"), ["alpha", "beta", "gamma"]);
  const page1 = await json(await t.owner.call("GET", "/api/projects/tasks?sort=due&limit=2"), 200);
  assert.deepEqual(page1.items.map((x: { title: string }) => x.title), ["alpha", "beta"]);
  assert.deepEqual(await q(t.owner, `sort=due&limit=2&cursor=${page1.nextCursor}`), ["gamma"]);
  const pr = await json(
    await t.owner.call("GET", "/api/projects/tasks?sort=priority&limit=1"),
    200,
  );
  assert.deepEqual(await q(t.owner, `sort=priority&limit=1&cursor=${pr.nextCursor}`), ["gamma"]);
  const prios = await json(await t.owner.call("GET", "/api/projects/priorities"), 200);
  assert.deepEqual(prios.items.map((x: { value: string }) => x.value), [
    "dusuk",
    "normal",
    "yuksek",
    "kritik",
  ]);
  assert.equal(prios.items[3].label, "Critical");
});

itest("tasks: dependencies block done, cycles and subtasks", async () => {
  const t = await newTenant();
  const p = await newProject(t.owner);
  const other = await newProject(t.owner);
  const { items: statuses } = await flow(t.owner, p.id);
  const done = statuses.find((s: { category: string }) => s.category === "done");
  const a = await newTask(t.owner, p.id, { title: "A" });
  const b = await newTask(t.owner, p.id, { title: "B", blockedBy: [a.id] });
  const c = await newTask(t.owner, p.id, { title: "C", blockedBy: [b.id] });
  const x = await newTask(t.owner, other.id, { title: "X" });
  assert.deepEqual(b.blockedBy, [a.id]);
  assert.deepEqual(
    (await json(await t.owner.call("GET", `/api/projects/tasks/${a.id}`), 200)).blocks,
    [b.id],
  );
  await problem(
    await t.owner.call("PUT", `/api/projects/tasks/${b.id}`, { statusId: done.id }),
    422,
  );
  await problem(
    await t.owner.call("PUT", `/api/projects/tasks/${a.id}`, { blockedBy: [c.id] }),
    422,
  );
  await problem(
    await t.owner.call("PUT", `/api/projects/tasks/${a.id}`, { blockedBy: [a.id] }),
    422,
  );
  await problem(
    await t.owner.call("PUT", `/api/projects/tasks/${a.id}`, { blockedBy: [x.id] }),
    422,
  );
  assert.deepEqual(
    (await json(await t.owner.call("GET", `/api/projects/tasks/${a.id}`), 200)).blockedBy,
    [],
  );
  await json(await t.owner.call("PUT", `/api/projects/tasks/${a.id}`, { statusId: done.id }), 200);
  const bDone = await json(
    await t.owner.call("PUT", `/api/projects/tasks/${b.id}`, { statusId: done.id }),
    200,
  );
  assert.ok(bDone.doneAt);

  const sub = await newTask(t.owner, p.id, { title: "A.1", parentId: a.id });
  const subsub = await newTask(t.owner, p.id, { title: "A.1.1", parentId: sub.id });
  await problem(
    await t.owner.call("PUT", `/api/projects/tasks/${a.id}`, { parentId: subsub.id }),
    422,
  );
  await problem(await t.owner.call("PUT", `/api/projects/tasks/${a.id}`, { parentId: x.id }), 422);
  const subs = await json(await t.owner.call("GET", `/api/projects/tasks?parentId=${a.id}`), 200);
  assert.deepEqual(subs.items.map((s: { title: string }) => s.title), ["A.1"]);
});

import assert from "node:assert/strict";
import { itest, newTenant, problem } from "../helpers.ts";
import { addMember, flow, json, newProject, newTask } from "./fixtures.ts";

itest("bulk: set priority, assignee, labels, due date on several tasks with activity", async () => {
  const t = await newTenant();
  const m = await t.member(["member"]);
  const p = await newProject(t.owner);
  await addMember(t.owner, p.id, m.id, "member");
  const one = await newTask(t.owner, p.id, { title: "One", labels: ["old", "keep"] });
  const two = await newTask(t.owner, p.id, { title: "Two" });
  const res = await json(
    await m.call("POST", "/api/projects/tasks/bulk", {
      taskIds: [one.id, two.id],
      set: {
        priority: "kritik",
        addAssignee: m.id,
        addLabels: ["new"],
        removeLabels: ["old"],
        dueDate: "2031-01-02",
      },
    }),
    200,
  );
  assert.equal(res.updated, 2);
  for (const id of [one.id, two.id]) {
    const got = await json(await m.call("GET", `/api/projects/tasks/${id}`), 200);
    assert.equal(got.priority, "kritik");
    assert.deepEqual(got.assigneeIds, [m.id]);
    assert.equal(got.dueDate, "2031-01-02");
    assert.ok(got.labels.includes("new") && !got.labels.includes("old"));
  }
  const feed = await json(await m.call("GET", `/api/projects/projects/${p.id}/activity`), 200);
  const updates = feed.items.filter((a: { action: string }) => a.action === "updated");
  assert.ok(updates.length >= 2);

  // Bad input: no tasks, nothing to set, 501 ids.
  await problem(await m.call("POST", "/api/projects/tasks/bulk", { taskIds: [], set: {} }), 400);
  await problem(await m.call("POST", "/api/projects/tasks/bulk", { taskIds: [one.id] }), 400);
  await problem(
    await m.call("POST", "/api/projects/tasks/bulk", {
      taskIds: Array.from({ length: 501 }, () => one.id),
      set: { priority: "dusuk" },
    }),
    400,
  );

  // Delete.
  const gone = await json(
    await m.call("POST", "/api/projects/tasks/bulk", { taskIds: [two.id], delete: true }),
    200,
  );
  assert.equal(gone.deleted, 1);
  await problem(await m.call("GET", `/api/projects/tasks/${two.id}`), 404);
});

itest(
  "bulk: all or nothing when one task is refused; the refusal names task and field",
  async () => {
    const t = await newTenant();
    const p = await newProject(t.owner);
    const blocker = await newTask(t.owner, p.id, { title: "Blocker" });
    const free = await newTask(t.owner, p.id, { title: "Free" });
    const blocked = await newTask(t.owner, p.id, { title: "Blocked", blockedBy: [blocker.id] });
    const { items: statuses } = await flow(t.owner, p.id);
    const done = statuses.find((s: { category: string }) => s.category === "done");
    const body = await problem(
      await t.owner.call("POST", "/api/projects/tasks/bulk", {
        taskIds: [free.id, blocked.id],
        set: { statusId: done.id, priority: "yuksek" },
      }),
      422,
    );
    assert.match(body.detail, /Blocked/);
    assert.equal(body.errors[0].path, "taskIds.1.statusId");
    for (const id of [free.id, blocked.id]) {
      const got = await json(await t.owner.call("GET", `/api/projects/tasks/${id}`), 200);
      assert.equal(got.statusCategory, "open");
      assert.equal(got.priority, "normal");
    }
  },
);

itest("bulk: viewer 403, other tenant's task 404 and unchanged", async () => {
  const a = await newTenant();
  const b = await newTenant();
  const viewer = await a.member(["member"]);
  const p = await newProject(a.owner);
  await addMember(a.owner, p.id, viewer.id, "viewer");
  const task = await newTask(a.owner, p.id);
  await problem(
    await viewer.call("POST", "/api/projects/tasks/bulk", {
      taskIds: [task.id],
      set: { priority: "kritik" },
    }),
    403,
  );
  const pb = await newProject(b.owner);
  const own = await newTask(b.owner, pb.id);
  await problem(
    await b.owner.call("POST", "/api/projects/tasks/bulk", {
      taskIds: [own.id, task.id],
      set: { priority: "kritik" },
    }),
    404,
  );
  await problem(
    await b.owner.call("POST", "/api/projects/tasks/bulk", { taskIds: [task.id], delete: true }),
    404,
  );
  assert.equal(
    (await json(await a.owner.call("GET", `/api/projects/tasks/${task.id}`), 200)).priority,
    "normal",
  );
  assert.equal(
    (await json(await b.owner.call("GET", `/api/projects/tasks/${own.id}`), 200)).priority,
    "normal",
  );
});

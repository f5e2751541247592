import assert from "node:assert/strict";
import { itest, newTenant, problem } from "../helpers.ts";
import { addMember, json, newProject, newTask } from "./fixtures.ts";

itest("assignees: several, primary first, any-assignee filter, notices, watchers", async () => {
  const t = await newTenant();
  const a = await t.member(["member"]);
  const b = await t.member(["member"]);
  const viewer = await t.member(["member"]);
  const outsider = await t.member(["member"]);
  const p = await newProject(t.owner);
  await addMember(t.owner, p.id, a.id, "member");
  await addMember(t.owner, p.id, b.id, "member");
  await addMember(t.owner, p.id, viewer.id, "viewer");
  const task = await newTask(t.owner, p.id, { assigneeIds: [a.id, b.id] });
  assert.equal(task.assigneeId, a.id);
  assert.deepEqual(task.assigneeIds, [a.id, b.id]);
  assert.deepEqual(task.assignees.map((x: { id: string }) => x.id), [a.id, b.id]);
  // Both get the assignment notice.
  for (const who of [a, b]) {
    const inbox = await json(await who.call("GET", "/api/notifications?limit=10"), 200);
    assert.ok(
      inbox.items.some((n: { title: string }) => n.title.includes("Assigned to you")),
      JSON.stringify(inbox),
    );
  }
  // Any assignee matches the filter, "me" too.
  const byB = await json(await t.owner.call("GET", `/api/projects/tasks?assigneeId=${b.id}`), 200);
  assert.deepEqual(byB.items.map((x: { id: string }) => x.id), [task.id]);
  const mine = await json(await b.call("GET", "/api/projects/tasks?assigneeId=me"), 200);
  assert.deepEqual(mine.items.map((x: { id: string }) => x.id), [task.id]);

  // assigneeId alone replaces the primary and keeps the list consistent.
  const url = `/api/projects/tasks/${task.id}`;
  const moved = await json(await t.owner.call("PUT", url, { assigneeId: t.owner.id }), 200);
  assert.equal(moved.assigneeId, t.owner.id);
  assert.deepEqual(moved.assigneeIds, [t.owner.id, b.id]);
  const cleared = await json(await t.owner.call("PUT", url, { assigneeIds: [] }), 200);
  assert.equal(cleared.assigneeId, null);
  assert.deepEqual(cleared.assigneeIds, []);
  // Validation: a non-member assignee 422, a bad id 400, a viewer 403.
  await problem(await t.owner.call("PUT", url, { assigneeIds: [outsider.id] }), 422);
  await problem(await t.owner.call("PUT", url, { assigneeIds: ["nope"] }), 400);
  await problem(await viewer.call("PUT", url, { assigneeIds: [a.id] }), 403);
  const after = await json(await t.owner.call("GET", url), 200);
  assert.deepEqual(after.assigneeIds, []);

  // Watchers: members add others; viewers may not; non-members are refused.
  const w = `${url}/watchers`;
  const added = await json(await a.call("POST", w, { userId: b.id }), 200);
  assert.ok(added.items.some((x: { userId: string }) => x.userId === b.id));
  await problem(await a.call("POST", w, { userId: outsider.id }), 422);
  await problem(await a.call("POST", w, { userId: "x" }), 400);
  await problem(await viewer.call("POST", w, { userId: a.id }), 403);
  const listed = await json(await viewer.call("GET", w), 200);
  assert.ok(
    listed.items.some((x: { userId: string; name: string }) => x.userId === b.id && x.name),
  );
  const removed = await json(await a.call("DELETE", `${w}/${b.id}`), 200);
  assert.ok(!removed.items.some((x: { userId: string }) => x.userId === b.id));
});

itest("assignees: another tenant's task is 404 and unchanged", async () => {
  const a = await newTenant();
  const b = await newTenant();
  const p = await newProject(a.owner);
  const task = await newTask(a.owner, p.id, { assigneeIds: [a.owner.id] });
  await problem(await b.owner.call("GET", `/api/projects/tasks/${task.id}/watchers`), 404);
  await problem(
    await b.owner.call("POST", `/api/projects/tasks/${task.id}/watchers`, { userId: b.owner.id }),
    404,
  );
  await problem(
    await b.owner.call("PUT", `/api/projects/tasks/${task.id}`, { assigneeIds: [b.owner.id] }),
    404,
  );
  const same = await json(await a.owner.call("GET", `/api/projects/tasks/${task.id}`), 200);
  assert.deepEqual(same.assigneeIds, [a.owner.id]);
});

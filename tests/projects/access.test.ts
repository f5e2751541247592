import assert from "node:assert/strict";
import { type Caller, itest, newTenant, problem, testApp } from "../helpers.ts";
import { addMember, flow, json, newProject, newTask } from "./fixtures.ts";

async function upload(who: Caller, taskId: string) {
  const form = new FormData();
  form.append("file", new File(["hi"], "a.txt", { type: "text/plain" }));
  const { app } = await testApp();
  return await app.request(`/api/projects/tasks/${taskId}/attachments`, {
    method: "POST",
    body: form,
    headers: { Authorization: `Bearer ${who.token}` },
  });
}

/** A project with a task, a comment by the manager and an attachment. */
async function setup() {
  const t = await newTenant();
  const manager = await t.member(["member"]);
  const viewer = await t.member(["member"]);
  const outsider = await t.member(["member"]);
  const p = await newProject(manager);
  await addMember(manager, p.id, viewer.id, "viewer");
  const task = await newTask(manager, p.id);
  const comment = await json(
    await manager.call("POST", "/api/projects/comments", { taskId: task.id, body: "hello" }),
    201,
  );
  const file = (await json(await upload(manager, task.id), 201)).items[0];
  return { t, manager, viewer, outsider, p, task, comment, file };
}

function writes(s: Awaited<ReturnType<typeof setup>>): [string, string, unknown][] {
  const { p, task, comment, file, viewer } = s;
  return [
    ["PATCH", `/api/projects/projects/${p.id}`, { name: "x" }],
    ["POST", `/api/projects/projects/${p.id}/members`, { userId: s.outsider.id, role: "member" }],
    ["PATCH", `/api/projects/projects/${p.id}/members/${viewer.id}`, { role: "member" }],
    ["DELETE", `/api/projects/projects/${p.id}/members/${viewer.id}`, undefined],
    ["PUT", `/api/projects/projects/${p.id}/statuses`, {
      statuses: [{ name: "Only", category: "open" }],
      moveTasks: [],
    }],
    ["POST", "/api/projects/tasks", { projectId: p.id, title: "x" }],
    ["PUT", `/api/projects/tasks/${task.id}`, { title: "x" }],
    ["DELETE", `/api/projects/tasks/${task.id}`, undefined],
    ["DELETE", `/api/projects/tasks/${task.id}/attachments/${file.id}`, undefined],
    ["POST", "/api/projects/comments", { taskId: task.id, body: "x" }],
    ["PATCH", `/api/projects/comments/${comment.id}`, { body: "x" }],
    ["DELETE", `/api/projects/comments/${comment.id}`, undefined],
  ];
}

async function unchanged(s: Awaited<ReturnType<typeof setup>>) {
  const task = await json(await s.manager.call("GET", `/api/projects/tasks/${s.task.id}`), 200);
  assert.equal(task.title, "Write spec");
  const comments = await json(
    await s.manager.call("GET", `/api/projects/comments?taskId=${s.task.id}`),
    200,
  );
  assert.deepEqual(comments.items.map((c: { body: string }) => c.body), ["hello"]);
  const files = await json(
    await s.manager.call("GET", `/api/projects/tasks/${s.task.id}/attachments`),
    200,
  );
  assert.equal(files.items.length, 1);
  const members = await json(
    await s.manager.call("GET", `/api/projects/projects/${s.p.id}/members`),
    200,
  );
  assert.equal(members.items?.length ?? members.length, 2);
  assert.equal((await flow(s.manager, s.p.id)).items.length, 3);
}

itest("access: a non-member gets 404 from every project-scoped route", async () => {
  const s = await setup();
  const { p, task, file, outsider } = s;
  const reads = [
    `/api/projects/projects/${p.id}`,
    `/api/projects/projects/${p.id}/members`,
    `/api/projects/projects/${p.id}/statuses`,
    `/api/projects/projects/${p.id}/activity`,
    `/api/projects/status?projectId=${p.id}`,
    `/api/projects/tasks?projectId=${p.id}`,
    `/api/projects/tasks/${task.id}`,
    `/api/projects/tasks/${task.id}/attachments`,
    `/api/projects/tasks/${task.id}/attachments/${file.id}`,
    `/api/projects/comments?taskId=${task.id}`,
    `/api/projects/reports/progress?projectId=${p.id}`,
    `/api/projects/reports/distribution?projectId=${p.id}`,
    `/api/projects/reports/workload?projectId=${p.id}`,
  ];
  for (const path of reads) await problem(await outsider.call("GET", path), 404);
  for (const [method, path, body] of writes(s)) {
    await problem(await outsider.call(method, path, body), 404);
  }
  await problem(await outsider.call("PUT", `/api/projects/tasks/${task.id}/watch`), 404);
  await problem(await upload(outsider, task.id), 404);
  // Lists, filters and reports leave the project out.
  const list = await json(await outsider.call("GET", "/api/projects/tasks"), 200);
  assert.equal(list.items.length, 0);
  const sub = await json(
    await outsider.call("GET", `/api/projects/tasks?parentId=${task.id}`),
    200,
  );
  assert.equal(sub.items.length, 0);
  const log = await json(await outsider.call("GET", "/api/projects/activity-log"), 200);
  assert.equal(log.items.length, 0);
  const progress = await json(await outsider.call("GET", "/api/projects/reports/progress"), 200);
  assert.equal(progress.items.length, 0);
  const dist = await json(await outsider.call("GET", "/api/projects/reports/distribution"), 200);
  assert.equal(dist.byStatus.length, 0);
  await unchanged(s);
});

itest("access: a project viewer gets 403 from every write", async () => {
  const s = await setup();
  for (const [method, path, body] of writes(s)) {
    await problem(await s.viewer.call(method, path, body), 403);
  }
  await problem(await upload(s.viewer, s.task.id), 403);
  await unchanged(s);
});

itest("access: an archived project is read-only everywhere", async () => {
  const s = await setup();
  await json(await s.manager.call("POST", `/api/projects/projects/${s.p.id}/archive`), 200);
  for (const [method, path, body] of writes(s)) {
    await problem(await s.manager.call(method, path, body), 422);
  }
  await problem(await upload(s.manager, s.task.id), 422);
  await unchanged(s);
  // Reads still work for members.
  await json(await s.viewer.call("GET", `/api/projects/tasks/${s.task.id}`), 200);
});

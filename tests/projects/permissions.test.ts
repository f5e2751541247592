import assert from "node:assert/strict";
import { itest, newTenant, problem } from "../helpers.ts";
import { json, newProject, newTask } from "./fixtures.ts";

itest("permissions: every Projects route needs its permission (403 without it)", async () => {
  const t = await newTenant();
  await json(
    await t.owner.call("POST", "/api/admin/roles", {
      key: "outsider",
      name: "Outsider",
      permissions: ["admin.user.read"],
    }),
    201,
  );
  const nobody = await t.member(["outsider"]);
  const viewer = await t.member(["viewer"]);
  const p = await newProject(t.owner);
  const task = await newTask(t.owner, p.id);
  const id = p.id;
  const reads = [
    "/api/projects/projects",
    `/api/projects/projects/${id}`,
    `/api/projects/projects/${id}/members`,
    `/api/projects/projects/${id}/statuses`,
    `/api/projects/projects/${id}/activity`,
    `/api/projects/status?projectId=${id}`,
    "/api/projects/priorities",
    "/api/projects/tasks",
    `/api/projects/tasks/${task.id}`,
    `/api/projects/tasks/${task.id}/attachments`,
    `/api/projects/comments?taskId=${task.id}`,
    "/api/projects/reports/progress",
    "/api/projects/reports/distribution",
    "/api/projects/reports/workload",
    "/api/projects/activity-log",
    "/api/projects/notifications",
    "/api/projects/notifications/preferences",
  ];
  for (const path of reads) await problem(await nobody.call("GET", path), 403);
  const writes: [string, string, unknown][] = [
    ["POST", "/api/projects/projects", { name: "x" }],
    ["PATCH", `/api/projects/projects/${id}`, { name: "x" }],
    ["POST", `/api/projects/projects/${id}/archive`, undefined],
    ["POST", `/api/projects/projects/${id}/members`, { userId: viewer.id, role: "member" }],
    ["PUT", `/api/projects/projects/${id}/statuses`, {
      statuses: [{ name: "A", category: "open" }],
    }],
    ["POST", "/api/projects/tasks", { projectId: id, title: "x" }],
    ["PUT", `/api/projects/tasks/${task.id}`, { title: "x" }],
    ["DELETE", `/api/projects/tasks/${task.id}`, undefined],
    ["POST", "/api/projects/comments", { taskId: task.id, body: "x" }],
  ];
  for (const [method, path, body] of writes) {
    await problem(await viewer.call(method, path, body), 403);
  }
  // Nothing changed.
  const after = await json(await t.owner.call("GET", `/api/projects/tasks/${task.id}`), 200);
  assert.equal(after.title, "Write spec");
  assert.equal(
    (await json(await t.owner.call("GET", `/api/projects/projects/${id}`), 200)).archived,
    false,
  );
  // Pages answer 403 too.
  const res = await nobody.call("GET", "/projects/tasks", undefined, {
    Cookie: `session=${nobody.token}`,
  });
  assert.equal(res.status, 403);
});

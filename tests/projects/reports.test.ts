import assert from "node:assert/strict";
import { itest, newTenant, problem } from "../helpers.ts";
import { addMember, flow, json, newProject, newTask } from "./fixtures.ts";

itest("reports: progress with burn-up, distribution, workload, CSV; access rules", async () => {
  const a = await newTenant();
  const b = await newTenant();
  const dev = await a.member(["member"]);
  const outsider = await a.member(["member"]);
  const p = await newProject(a.owner, { name: "Rep" });
  await addMember(a.owner, p.id, dev.id, "member");
  const done = (await flow(a.owner, p.id)).items.find((s: { category: string }) =>
    s.category === "done"
  );
  await newTask(a.owner, p.id, {
    assigneeId: dev.id,
    estimate: 2,
    dueDate: "2020-01-01",
    priority: "kritik",
  });
  await newTask(a.owner, p.id, { assigneeId: dev.id, estimate: 3 });
  await newTask(a.owner, p.id, { statusId: done.id });

  const prog = await json(await dev.call("GET", `/api/projects/reports/progress?days=7`), 200);
  assert.deepEqual(
    prog.items.map((i: { name: string; total: number; done: number }) => [i.name, i.total, i.done]),
    [["Rep", 3, 1]],
  );
  assert.equal(prog.items[0].percent, 33.3);
  assert.equal(prog.items[0].byStatus.length, 3);
  assert.equal(prog.burnUp.length, 7);
  assert.deepEqual(prog.burnUp[6], { day: prog.burnUp[6].day, total: 3, done: 1 });

  const dist = await json(
    await dev.call("GET", `/api/projects/reports/distribution?projectId=${p.id}`),
    200,
  );
  const prio = Object.fromEntries(
    dist.byPriority.map((x: { key: string; count: number }) => [x.key, x.count]),
  );
  assert.deepEqual(prio, { kritik: 1, normal: 2 });
  assert.equal(dist.byAssignee.find((x: { key: string }) => x.key === dev.id).count, 2);

  const work = await json(
    await dev.call("GET", `/api/projects/reports/workload?projectId=${p.id}`),
    200,
  );
  const mine = work.items.find((x: { userId: string }) => x.userId === dev.id);
  assert.deepEqual([mine.open, mine.overdue, mine.estimate], [2, 1, 5]);

  const csv = await dev.call("GET", `/api/projects/reports/workload?format=csv`);
  assert.equal(csv.status, 200);
  assert.match(csv.headers.get("content-type")!, /text\/csv/);
  const text = await csv.text();
  assert.match(text, /member,email,open,overdue,estimate_hours,done/);
  assert.match(text, new RegExp(dev.email.replace(/[.+]/g, "\\$&")));

  await problem(await dev.call("GET", "/api/projects/reports/progress?days=1"), 400);
  await problem(await dev.call("GET", "/api/projects/reports/workload?format=xml"), 400);
  await problem(
    await outsider.call("GET", `/api/projects/reports/progress?projectId=${p.id}`),
    404,
  );
  await problem(
    await b.owner.call("GET", `/api/projects/reports/distribution?projectId=${p.id}`),
    404,
  );
  const none = await json(await outsider.call("GET", "/api/projects/reports/progress"), 200);
  assert.equal(none.items.length, 0);
  const noAccess = await b.member(["viewer"]);
  assert.equal((await noAccess.call("GET", "/api/projects/reports/workload")).status, 200);
});

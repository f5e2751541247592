import assert from "node:assert/strict";
import { browse, itest, newTenant, problem } from "../helpers.ts";
import { addMember, flow, json, MISSING, newProject, newTask } from "./fixtures.ts";
import {
  addDays,
  averageVelocity,
  burndown,
  cycleState,
  overlapping,
} from "../../modules/projects/cycles/cycles.rules.ts";

const today = () => new Date().toISOString().slice(0, 10);

Deno.test("cycle rules: state, overlap, burndown of a known scenario, velocity", () => {
  assert.equal(
    cycleState({ startDate: "2026-03-02", completedAt: null }, "2026-03-01"),
    "upcoming",
  );
  assert.equal(cycleState({ startDate: "2026-03-02", completedAt: null }, "2026-03-20"), "active");
  assert.equal(
    cycleState({ startDate: "2026-03-02", completedAt: "x" }, "2026-03-01"),
    "completed",
  );
  const others = [{ id: "a", name: "A", startDate: "2026-03-02", endDate: "2026-03-08" }];
  assert.equal(overlapping(others, { startDate: "2026-03-08", endDate: "2026-03-10" })?.id, "a");
  assert.equal(overlapping(others, { startDate: "2026-03-09", endDate: "2026-03-10" }), undefined);
  assert.equal(
    overlapping(others, { id: "a", startDate: "2026-03-01", endDate: "2026-03-03" }),
    undefined,
  );

  // Five days; t1..t3 in from day 1, t4 added on day 3, t3 removed on day 2, t2 carried on day 5.
  const stays = [
    {
      taskId: "t1",
      added: "2026-03-02",
      removed: null,
      carried: false,
      doneOn: "2026-03-03",
      estimate: 2,
    },
    {
      taskId: "t2",
      added: "2026-03-02",
      removed: "2026-03-06",
      carried: true,
      doneOn: null,
      estimate: 3,
    },
    {
      taskId: "t3",
      added: "2026-03-02",
      removed: "2026-03-03",
      carried: false,
      doneOn: null,
      estimate: 5,
    },
    {
      taskId: "t4",
      added: "2026-03-04",
      removed: null,
      carried: false,
      doneOn: "2026-03-05",
      estimate: 1,
    },
  ];
  const points = burndown({ startDate: "2026-03-02", endDate: "2026-03-06" }, stays, "2026-03-06");
  assert.deepEqual(points.map((p) => p.openTasks), [3, 1, 2, 1, 1]);
  assert.deepEqual(points.map((p) => p.openHours), [10, 3, 4, 3, 3]);
  assert.deepEqual(points.map((p) => p.idealTasks), [3, 2.25, 1.5, 0.75, 0]);
  assert.deepEqual(points.map((p) => p.idealHours), [10, 7.5, 5, 2.5, 0]);
  // Days after the last one known have no actual figures.
  const early = burndown({ startDate: "2026-03-02", endDate: "2026-03-06" }, stays, "2026-03-03");
  assert.deepEqual(early.map((p) => p.openTasks), [3, 1, null, null, null]);
  // Planned in on day 2: the ideal line starts from that scope.
  const late = burndown(
    { startDate: "2026-03-02", endDate: "2026-03-04" },
    [{
      taskId: "t",
      added: "2026-03-03",
      removed: null,
      carried: false,
      doneOn: null,
      estimate: 4,
    }],
    "2026-03-03",
  );
  assert.deepEqual(late.map((p) => [p.openTasks, p.idealTasks, p.idealHours]), [
    [0, 1, 4],
    [1, 0.5, 2],
    [null, 0, 0],
  ]);
  assert.deepEqual(averageVelocity([]), { tasks: 0, hours: 0 });
  assert.deepEqual(
    averageVelocity([{ completedTasks: 3, completedEstimate: 5 }, {
      completedTasks: 2,
      completedEstimate: 2,
    }]),
    { tasks: 2.5, hours: 3.5 },
  );
});

itest("cycles: CRUD, overlap, tasks, completion with carry-over, burndown, velocity", async () => {
  const a = await newTenant();
  const b = await newTenant();
  const dev = await a.member(["member"]);
  const watcher = await a.member(["member"]);
  const p = await newProject(a.owner, { name: "Sprinting" });
  const other = await newProject(a.owner, { name: "Elsewhere" });
  await addMember(a.owner, p.id, dev.id, "member");
  await addMember(a.owner, p.id, watcher.id, "viewer");
  const d0 = today();

  // Create: managers only; validation names the field; overlap names the dates.
  const body = {
    projectId: p.id,
    name: "Sprint 1",
    startDate: addDays(d0, -3),
    endDate: addDays(d0, 1),
  };
  await problem(await dev.call("POST", "/api/projects/cycles", body), 403);
  await problem(await watcher.call("POST", "/api/projects/cycles", body), 403);
  const bad = await problem(
    await a.owner.call("POST", "/api/projects/cycles", { ...body, name: "" }),
    400,
  );
  assert.ok(JSON.stringify(bad.errors).includes("name"), JSON.stringify(bad));
  const backwards = await problem(
    await a.owner.call("POST", "/api/projects/cycles", { ...body, endDate: addDays(d0, -5) }),
    400,
  );
  assert.ok(JSON.stringify(backwards.errors).includes("endDate"));
  // A cycle over centuries would make a burndown of millions of days (the page renders it).
  const endless = await problem(
    await a.owner.call("POST", "/api/projects/cycles", {
      ...body,
      startDate: "0001-01-01",
      endDate: "9999-12-31",
    }),
    400,
  );
  assert.ok(JSON.stringify(endless.errors).includes("endDate"), JSON.stringify(endless));
  await problem(
    await a.owner.call("POST", "/api/projects/cycles", { ...body, endDate: addDays(d0, 400) }),
    400,
  );
  const s1 = await json(await a.owner.call("POST", "/api/projects/cycles", body), 201);
  assert.equal(s1.state, "active");
  const s2 = await json(
    await a.owner.call("POST", "/api/projects/cycles", {
      projectId: p.id,
      name: "Sprint 2",
      startDate: addDays(d0, 2),
      endDate: addDays(d0, 15),
    }),
    201,
  );
  assert.equal(s2.state, "upcoming");
  const clash = await problem(
    await a.owner.call("POST", "/api/projects/cycles", {
      projectId: p.id,
      name: "Clash",
      startDate: d0,
      endDate: addDays(d0, 5),
    }),
    422,
  );
  assert.ok(clash.detail.includes(d0) && clash.detail.includes("Sprint 1"), clash.detail);
  // Another project may use the same days.
  await json(
    await a.owner.call("POST", "/api/projects/cycles", { ...body, projectId: other.id }),
    201,
  );

  // Update and list.
  const renamed = await json(
    await a.owner.call("PATCH", `/api/projects/cycles/${s1.id}`, { name: "Sprint one" }),
    200,
  );
  assert.equal(renamed.name, "Sprint one");
  await problem(
    await a.owner.call("PATCH", `/api/projects/cycles/${s1.id}`, { endDate: addDays(d0, 3) }),
    422,
  );
  await problem(
    await a.owner.call("PATCH", `/api/projects/cycles/${s2.id}`, { endDate: "9999-12-31" }),
    400,
  );
  await problem(await dev.call("PATCH", `/api/projects/cycles/${s1.id}`, { name: "x" }), 403);
  const list = await json(await watcher.call("GET", `/api/projects/cycles?projectId=${p.id}`), 200);
  assert.deepEqual(list.items.map((c: { name: string }) => c.name), ["Sprint one", "Sprint 2"]);
  const upcoming = await json(
    await watcher.call("GET", `/api/projects/cycles?projectId=${p.id}&state=upcoming`),
    200,
  );
  assert.equal(upcoming.items.length, 1);

  // Tasks: members add them; the task API takes cycleId too; TaskQuery filters by it.
  const done = (await flow(a.owner, p.id)).items.find((s: { category: string }) =>
    s.category === "done"
  );
  const t1 = await newTask(a.owner, p.id, { title: "One", estimate: 2 });
  const t2 = await newTask(a.owner, p.id, { title: "Two", estimate: 3 });
  const t3 = await newTask(a.owner, p.id, { title: "Three", estimate: 5, cycleId: s1.id });
  assert.equal(t3.cycleId, s1.id);
  const foreign = await newTask(a.owner, other.id, { title: "Foreign" });
  await problem(
    await watcher.call("POST", `/api/projects/cycles/${s1.id}/tasks`, { taskIds: [t1.id] }),
    403,
  );
  const wrong = await problem(
    await dev.call("POST", `/api/projects/cycles/${s1.id}/tasks`, { taskIds: [foreign.id] }),
    400,
  );
  assert.ok(JSON.stringify(wrong.errors).includes("taskIds"));
  await problem(
    await dev.call("POST", `/api/projects/cycles/${s1.id}/tasks`, { taskIds: [] }),
    400,
  );
  const added = await json(
    await dev.call("POST", `/api/projects/cycles/${s1.id}/tasks`, { taskIds: [t1.id, t2.id] }),
    200,
  );
  assert.equal(added.totalTasks, 3);
  const badCycle = await problem(
    await a.owner.call("PUT", `/api/projects/tasks/${foreign.id}`, { cycleId: s1.id }),
    400,
  );
  assert.ok(JSON.stringify(badCycle.errors).includes("cycleId"));
  await json(await dev.call("PUT", `/api/projects/tasks/${t1.id}`, { statusId: done.id }), 200);
  const inCycle = await json(
    await dev.call("GET", `/api/projects/tasks?projectId=${p.id}&cycleId=${s1.id}`),
    200,
  );
  assert.equal(inCycle.items.length, 3);
  const backlog = await json(
    await dev.call("GET", `/api/projects/tasks?projectId=${p.id}&cycleId=none`),
    200,
  );
  assert.equal(backlog.items.length, 0);
  // Removing and adding back keeps one count per task.
  await json(await dev.call("DELETE", `/api/projects/cycles/${s1.id}/tasks/${t3.id}`), 200);
  await problem(await dev.call("DELETE", `/api/projects/cycles/${s1.id}/tasks/${t3.id}`), 404);
  await json(
    await dev.call("POST", `/api/projects/cycles/${s1.id}/tasks`, { taskIds: [t3.id] }),
    200,
  );

  // Burndown today: 3 tasks in, 1 done (2 h) → 2 open, 8 h; earlier days had nothing yet.
  const burn = await json(await watcher.call("GET", `/api/projects/cycles/${s1.id}/burndown`), 200);
  assert.equal(burn.points.length, 5);
  const now = burn.points.find((x: { day: string }) => x.day === d0);
  assert.deepEqual([now.openTasks, now.openHours], [2, 8]);
  assert.equal(burn.points.at(-1).openTasks, null);
  assert.equal(burn.points[0].openTasks, 0);

  // Completion: managers; the target must be another open cycle of the project.
  await problem(
    await dev.call("POST", `/api/projects/cycles/${s1.id}/complete`, { carryOverTo: s2.id }),
    403,
  );
  const badTarget = await problem(
    await a.owner.call("POST", `/api/projects/cycles/${s1.id}/complete`, { carryOverTo: s1.id }),
    400,
  );
  assert.ok(JSON.stringify(badTarget.errors).includes("carryOverTo"));
  await problem(
    await a.owner.call("POST", `/api/projects/cycles/${s2.id}/complete`, { carryOverTo: null }),
    422,
  );
  const completed = await json(
    await a.owner.call("POST", `/api/projects/cycles/${s1.id}/complete`, { carryOverTo: s2.id }),
    200,
  );
  assert.deepEqual(
    [completed.cycle.state, completed.completedTasks, completed.carriedTasks, completed.carriedTo],
    ["completed", 1, 2, s2.id],
  );
  await problem(
    await a.owner.call("POST", `/api/projects/cycles/${s1.id}/complete`, { carryOverTo: null }),
    422,
  );
  const moved = await json(
    await dev.call("GET", `/api/projects/tasks?projectId=${p.id}&cycleId=${s2.id}`),
    200,
  );
  assert.deepEqual(moved.items.map((x: { title: string }) => x.title).sort(), ["Three", "Two"]);
  assert.equal(
    (await json(await dev.call("GET", `/api/projects/tasks/${t1.id}`), 200)).cycleId,
    s1.id,
  );
  // A task done in the completed cycle stays there (no second count in another cycle), and a
  // task saved with its unchanged cycle is still accepted.
  await problem(
    await dev.call("POST", `/api/projects/cycles/${s2.id}/tasks`, { taskIds: [t1.id] }),
    422,
  );
  await problem(await dev.call("PUT", `/api/projects/tasks/${t1.id}`, { cycleId: s2.id }), 422);
  await problem(await dev.call("PUT", `/api/projects/tasks/${t1.id}`, { cycleId: null }), 422);
  await json(
    await dev.call("PUT", `/api/projects/tasks/${t1.id}`, { cycleId: s1.id, title: "One!" }),
    200,
  );
  // The finished cycle's burndown still counts the carried tasks on its last day.
  const after = await json(await dev.call("GET", `/api/projects/cycles/${s1.id}/burndown`), 200);
  const last = after.points.find((x: { day: string }) => x.day === d0);
  assert.deepEqual([last.openTasks, last.openHours], [2, 8]);
  assert.equal(after.points.at(-1).openTasks, null);

  // Velocity of the completed cycles.
  const velocity = await json(
    await watcher.call("GET", `/api/projects/cycles/velocity?projectId=${p.id}`),
    200,
  );
  assert.deepEqual(
    velocity.items.map((v: Record<string, unknown>) => [
      v.name,
      v.committedTasks,
      v.completedTasks,
      v.completedEstimate,
      v.carriedTasks,
    ]),
    [["Sprint one", 3, 1, 2, 2]],
  );
  assert.deepEqual(velocity.average, { tasks: 1, hours: 2 });
  await problem(
    await watcher.call("GET", `/api/projects/cycles/velocity?projectId=${p.id}&last=0`),
    400,
  );

  // Another tenant: 404 everywhere, and nothing changes.
  const bo = b.owner;
  await problem(await bo.call("GET", `/api/projects/cycles/${s2.id}`), 404);
  await problem(await bo.call("PATCH", `/api/projects/cycles/${s2.id}`, { name: "Hacked" }), 404);
  await problem(await bo.call("DELETE", `/api/projects/cycles/${s2.id}`), 404);
  await problem(await bo.call("GET", `/api/projects/cycles/${s2.id}/burndown`), 404);
  await problem(
    await bo.call("POST", `/api/projects/cycles/${s2.id}/complete`, { carryOverTo: null }),
    404,
  );
  await problem(
    await bo.call("POST", `/api/projects/cycles/${s2.id}/tasks`, { taskIds: [t1.id] }),
    404,
  );
  await problem(await bo.call("GET", `/api/projects/cycles?projectId=${p.id}`), 404);
  await problem(await bo.call("GET", `/api/projects/cycles/velocity?projectId=${p.id}`), 404);
  await problem(await a.owner.call("GET", `/api/projects/cycles/${MISSING}`), 404);
  const still = await json(await a.owner.call("GET", `/api/projects/cycles/${s2.id}`), 200);
  assert.deepEqual([still.name, still.totalTasks], ["Sprint 2", 2]);

  // Deleting a cycle sends its tasks back to the backlog.
  await problem(await dev.call("DELETE", `/api/projects/cycles/${s2.id}`), 403);
  const gone = await a.owner.call("DELETE", `/api/projects/cycles/${s2.id}`);
  assert.equal(gone.status, 204);
  const back = await json(
    await dev.call("GET", `/api/projects/tasks?projectId=${p.id}&cycleId=none`),
    200,
  );
  assert.equal(back.items.length, 2);

  // The cycles page renders the tabs, the cycle and its burndown.
  const res = await browse(`/projects/projects/${p.id}/cycles?cycle=${s1.id}`, { who: a.owner });
  assert.equal(res.status, 200);
  const html = await res.text();
  assert.match(html, /Sprint one/);
  assert.match(html, /id="burndown"/);
});

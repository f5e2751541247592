import assert from "node:assert/strict";
import { browse, itest, newTenant, problem } from "../helpers.ts";
import { addMember, json, MISSING, newProject, newTask } from "./fixtures.ts";
import {
  estimateVsSpent,
  parseDuration,
  timerMinutes,
  timesheetGrid,
  weekDays,
  weekStart,
} from "../../modules/projects/time/time.rules.ts";
import { addDays } from "../../modules/projects/cycles/cycles.rules.ts";

const today = () => new Date().toISOString().slice(0, 10);

Deno.test("time rules: durations, timer minutes, weeks, the timesheet grid", () => {
  assert.equal(parseDuration("1:30"), 90);
  assert.equal(parseDuration("1h 30m"), 90);
  assert.equal(parseDuration("1sa 30dk"), 90);
  assert.equal(parseDuration("45 min"), 45);
  assert.equal(parseDuration("1,5"), 90);
  assert.equal(parseDuration("2"), 120);
  assert.equal(parseDuration("soon"), null);
  assert.equal(parseDuration(""), null);
  assert.equal(timerMinutes("2026-03-02T10:00:00Z", "2026-03-02T10:00:05Z"), 1);
  assert.equal(timerMinutes("2026-03-02T10:00:00Z", "2026-03-02T11:30:01Z"), 91);
  assert.equal(timerMinutes("2026-03-02T10:00:00Z", "2026-03-05T10:00:00Z"), 1440);
  assert.equal(weekStart("2026-03-08"), "2026-03-02"); // a Sunday
  assert.equal(weekStart("2026-03-02"), "2026-03-02");
  const days = weekDays("2026-03-02");
  assert.deepEqual([days[0], days[6]], ["2026-03-02", "2026-03-08"]);
  const grid = timesheetGrid([
    { taskId: "b", taskTitle: "Beta", projectName: "P", entryDate: "2026-03-02", minutes: 30 },
    { taskId: "a", taskTitle: "Alpha", projectName: "P", entryDate: "2026-03-02", minutes: 60 },
    { taskId: "a", taskTitle: "Alpha", projectName: "P", entryDate: "2026-03-04", minutes: 15 },
    { taskId: "a", taskTitle: "Alpha", projectName: "P", entryDate: "2026-03-09", minutes: 99 },
  ], days);
  assert.deepEqual(grid.rows.map((r) => [r.taskTitle, r.total]), [["Alpha", 75], ["Beta", 30]]);
  assert.deepEqual(grid.rows[0].days, [60, 0, 15, 0, 0, 0, 0]);
  assert.deepEqual(grid.dayTotals, [90, 0, 15, 0, 0, 0, 0]);
  assert.equal(grid.total, 105);
  assert.deepEqual(estimateVsSpent(2, 150), { spentHours: 2.5, leftHours: -0.5, over: true });
  assert.deepEqual(estimateVsSpent(null, 30), { spentHours: 0.5, leftHours: null, over: false });
});

itest("time: timer, one running per person, entries, rights, summary, CSV", async () => {
  const a = await newTenant();
  const b = await newTenant();
  const dev = await a.member(["member"]);
  const pal = await a.member(["member"]);
  const viewer = await a.member(["member"]);
  const p = await newProject(a.owner, { name: "Clocked" });
  for (const [u, role] of [[dev, "member"], [pal, "member"], [viewer, "viewer"]] as const) {
    await addMember(a.owner, p.id, u.id, role);
  }
  const t1 = await newTask(a.owner, p.id, { title: "Design", estimate: 2, assigneeId: dev.id });
  const t2 = await newTask(a.owner, p.id, { title: "Build", estimate: 1 });
  const d0 = today();

  // Timer: start, starting another stops the first, stop, stop again is a conflict.
  assert.deepEqual(await json(await dev.call("GET", "/api/projects/time/timer"), 200), {
    running: null,
    stopped: null,
  });
  const s1 = await json(
    await dev.call("POST", "/api/projects/time/timer/start", { taskId: t1.id }),
    200,
  );
  assert.equal(s1.running.taskId, t1.id);
  assert.equal(s1.running.running, true);
  assert.equal(s1.stopped, null);
  const again = await json(
    await dev.call("POST", "/api/projects/time/timer/start", { taskId: t1.id }),
    200,
  );
  assert.equal(again.running.id, s1.running.id);
  const s2 = await json(
    await dev.call("POST", "/api/projects/time/timer/start", { taskId: t2.id, billable: true }),
    200,
  );
  assert.equal(s2.stopped.id, s1.running.id);
  assert.equal(s2.stopped.running, false);
  assert.ok(s2.stopped.minutes >= 1);
  assert.equal(s2.running.taskId, t2.id);
  const current = await json(await dev.call("GET", "/api/projects/time/timer"), 200);
  assert.equal(current.running.id, s2.running.id);
  // Someone else's timer is theirs alone.
  await json(await pal.call("POST", "/api/projects/time/timer/start", { taskId: t1.id }), 200);
  const stopped = await json(await dev.call("POST", "/api/projects/time/timer/stop"), 200);
  assert.equal(stopped.stopped.id, s2.running.id);
  assert.equal(stopped.running, null);
  await problem(await dev.call("POST", "/api/projects/time/timer/stop"), 409);
  await problem(
    await viewer.call("POST", "/api/projects/time/timer/start", { taskId: t1.id }),
    403,
  );
  await problem(
    await dev.call("POST", "/api/projects/time/timer/start", { taskId: "nope" }),
    400,
  );

  // Manual entries: validation names the field.
  const entry = { taskId: t1.id, minutes: 90, date: d0, note: '=SUM(A1), "quoted"' };
  for (
    const [patch, field] of [
      [{ minutes: 0 }, "minutes"],
      [{ minutes: 1441 }, "minutes"],
      [{ date: addDays(d0, 1) }, "date"],
      [{ date: "yesterday" }, "date"],
      [{ note: "x".repeat(2001) }, "note"],
    ] as const
  ) {
    const bad = await problem(
      await dev.call("POST", "/api/projects/time/entries", { ...entry, ...patch }),
      400,
    );
    assert.ok(JSON.stringify(bad.errors ?? []).includes(field), JSON.stringify(bad));
  }
  await problem(await viewer.call("POST", "/api/projects/time/entries", entry), 403);
  const e1 = await json(
    await dev.call("POST", "/api/projects/time/entries", { ...entry, billable: true }),
    201,
  );
  assert.deepEqual([e1.minutes, e1.entryDate, e1.billable, e1.running], [90, d0, true, false]);
  const e2 = await json(
    await pal.call("POST", "/api/projects/time/entries", {
      taskId: t1.id,
      minutes: 60,
      date: addDays(d0, -1),
    }),
    201,
  );

  // Own entries; managers edit any; others get 403.
  await problem(
    await pal.call("PATCH", `/api/projects/time/entries/${e1.id}`, { minutes: 5 }),
    403,
  );
  await problem(await pal.call("DELETE", `/api/projects/time/entries/${e1.id}`), 403);
  await problem(
    await viewer.call("PATCH", `/api/projects/time/entries/${e2.id}`, { note: "x" }),
    403,
  );
  const edited = await json(
    await dev.call("PATCH", `/api/projects/time/entries/${e1.id}`, { minutes: 120 }),
    200,
  );
  assert.equal(edited.minutes, 120);
  const byManager = await json(
    await a.owner.call("PATCH", `/api/projects/time/entries/${e2.id}`, { note: "checked" }),
    200,
  );
  assert.equal(byManager.note, "checked");
  await problem(
    await dev.call("PATCH", `/api/projects/time/entries/${e1.id}`, { date: addDays(d0, 2) }),
    400,
  );
  // A running timer keeps its duration until stopped.
  const palTimer = (await json(await pal.call("GET", "/api/projects/time/timer"), 200)).running;
  await problem(
    await pal.call("PATCH", `/api/projects/time/entries/${palTimer.id}`, { minutes: 10 }),
    422,
  );
  await json(await pal.call("POST", "/api/projects/time/timer/stop"), 200);

  // Lists: by task, person, date range; totals.
  const byTask = await json(
    await viewer.call("GET", `/api/projects/time/entries?taskId=${t1.id}`),
    200,
  );
  assert.equal(byTask.items.length, 4);
  const mine = await json(
    await dev.call("GET", `/api/projects/time/entries?userId=me&projectId=${p.id}`),
    200,
  );
  assert.equal(mine.items.length, 3);
  const yesterday = await json(
    await dev.call(
      "GET",
      `/api/projects/time/entries?from=${addDays(d0, -1)}&to=${addDays(d0, -1)}`,
    ),
    200,
  );
  assert.deepEqual([yesterday.items.length, yesterday.totalMinutes], [1, 60]);
  const paged = await json(
    await dev.call("GET", `/api/projects/time/entries?taskId=${t1.id}&limit=1`),
    200,
  );
  assert.ok(paged.nextCursor);
  await problem(
    await dev.call("GET", `/api/projects/time/entries?from=${d0}&to=${addDays(d0, -3)}`),
    400,
  );

  // Estimate against spent per task, project, person.
  const summary = await json(
    await a.owner.call("GET", `/api/projects/time/summary?projectId=${p.id}`),
    200,
  );
  const design = summary.tasks.find((x: { taskId: string }) => x.taskId === t1.id);
  assert.equal(design.estimateHours, 2);
  assert.ok(design.spentMinutes >= 182, JSON.stringify(design));
  assert.equal(design.over, true);
  assert.equal(summary.projects[0].estimateHours, 3);
  const devRow = summary.people.find((x: { userId: string }) => x.userId === dev.id);
  assert.ok(devRow.spentMinutes >= 122 && devRow.billableMinutes >= 120);

  // The Analytics project-task dataset carries the hours spent.
  const q = {
    source: { kind: "dataset", name: "project_tasks" },
    fields: [{ field: "title" }, { field: "spent_hours" }],
  };
  const analytics = await json(
    await a.owner.call(
      "GET",
      `/api/analytics/analytics?format=rows&q=${encodeURIComponent(JSON.stringify(q))}`,
    ),
    200,
  );
  const designRow = analytics.rows.find((r: { title: string }) => r.title === "Design");
  assert.equal(designRow.spent_hours, design.spentMinutes / 60);

  // CSV: quoted, formula-safe, headers in the reader's language.
  const csv = await dev.call("GET", `/api/projects/time/entries?format=csv&userId=me`);
  assert.equal(csv.status, 200);
  assert.match(csv.headers.get("content-type")!, /text\/csv/);
  const text = await csv.text();
  assert.match(text, /^\uFEFFdate,person,project,task,minutes,hours,billable,note,running\r\n/);
  assert.ok(text.includes(`"'=SUM(A1), ""quoted"""`), text);
  assert.ok(text.includes(`${d0},`) && text.includes(",120,2.00,yes,"), text);
  const tr = await dev.call("GET", `/api/projects/time/entries?format=csv`, undefined, {
    "Accept-Language": "tr",
  });
  assert.match(await tr.text(), /^\uFEFFtarih,kişi,proje,görev,dakika,saat/);

  // Another tenant: 404 and nothing changes.
  const bo = b.owner;
  await problem(await bo.call("GET", `/api/projects/time/entries/${e1.id}`), 404);
  await problem(await bo.call("PATCH", `/api/projects/time/entries/${e1.id}`, { minutes: 1 }), 404);
  await problem(await bo.call("DELETE", `/api/projects/time/entries/${e1.id}`), 404);
  await problem(await bo.call("GET", `/api/projects/time/entries?taskId=${t1.id}`), 404);
  await problem(await bo.call("POST", "/api/projects/time/timer/start", { taskId: t1.id }), 404);
  await problem(
    await bo.call("POST", "/api/projects/time/entries", { ...entry, note: "" }),
    404,
  );
  await problem(await bo.call("GET", `/api/projects/time/summary?projectId=${p.id}`), 404);
  await problem(await a.owner.call("GET", `/api/projects/time/entries/${MISSING}`), 404);
  assert.equal(
    (await json(await dev.call("GET", `/api/projects/time/entries/${e1.id}`), 200)).minutes,
    120,
  );
  assert.equal(
    (await json(await bo.call("GET", "/api/projects/time/entries"), 200)).items.length,
    0,
  );

  // Delete own.
  assert.equal((await dev.call("DELETE", `/api/projects/time/entries/${e1.id}`)).status, 204);
  await problem(await dev.call("GET", `/api/projects/time/entries/${e1.id}`), 404);

  // Pages: the task's time block, the timesheet with an inline entry.
  const page = await browse(`/projects/tasks/${t1.id}`, { who: dev });
  assert.equal(page.status, 200);
  const html = await page.text();
  assert.match(html, /id="task-time"/);
  const logged = await browse(`/projects/time/entries?week=${weekStart(d0)}`, {
    who: dev,
    form: { taskId: t1.id, date: d0, duration: "1:15", note: "inline" },
  });
  assert.equal(logged.status, 303);
  const sheet = await (await browse(`/projects/time?week=${d0}`, { who: dev })).text();
  assert.match(sheet, /Design/);
  assert.match(sheet, /id="timesheet"/);
  const inline = await json(await dev.call("GET", `/api/projects/time/entries?userId=me`), 200);
  assert.ok(
    inline.items.some((e: { note: string; minutes: number }) =>
      e.note === "inline" && e.minutes === 75
    ),
  );
  const refused = await browse(`/projects/time/entries`, {
    who: dev,
    form: { taskId: t1.id, date: d0, duration: "soon" },
  });
  assert.equal(refused.status, 400);
});

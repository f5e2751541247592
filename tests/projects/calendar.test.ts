import assert from "node:assert/strict";
import { browse, itest, newTenant, problem } from "../helpers.ts";
import { addMember, json, MISSING, newProject, newTask } from "./fixtures.ts";

interface Day {
  date: string;
  inMonth: boolean;
  tasks: { id: string; title: string }[];
}

itest("calendar: a month of tasks by due date, undated aside, filters", async () => {
  const t = await newTenant();
  const p = await newProject(t.owner);
  await newTask(t.owner, p.id, { title: "First", dueDate: "2030-05-01", priority: "kritik" });
  await newTask(t.owner, p.id, { title: "Mid", dueDate: "2030-05-15" });
  await newTask(t.owner, p.id, { title: "Next month", dueDate: "2030-06-20" });
  await newTask(t.owner, p.id, { title: "Someday" });
  const url = `/api/projects/projects/${p.id}/calendar`;

  const cal = await json(await t.owner.call("GET", `${url}?month=2030-05`), 200);
  assert.equal(cal.month, "2030-05");
  // May 2030 starts on a Wednesday; English weeks start on Sunday.
  assert.equal(cal.weekStart, 7);
  assert.equal(cal.from, "2030-04-28");
  assert.equal(cal.to, "2030-06-01");
  assert.equal(cal.days.length % 7, 0);
  const on = (d: string) => cal.days.find((x: Day) => x.date === d) as Day;
  assert.deepEqual(on("2030-05-01").tasks.map((x) => x.title), ["First"]);
  assert.deepEqual(on("2030-05-15").tasks.map((x) => x.title), ["Mid"]);
  assert.equal(on("2030-04-28").inMonth, false);
  assert.ok(!cal.days.some((d: Day) => d.tasks.some((x) => x.title === "Next month")));
  assert.deepEqual(cal.undated.map((x: { title: string }) => x.title), ["Someday"]);

  // Turkish weeks start on Monday.
  const tr = await json(
    await t.owner.call("GET", `${url}?month=2030-05`, undefined, { "Accept-Language": "tr" }),
    200,
  );
  assert.equal(tr.weekStart, 1);
  assert.equal(tr.from, "2030-04-29");
  assert.equal(tr.to, "2030-06-02");

  // The task list's filters apply.
  const urgent = await json(await t.owner.call("GET", `${url}?month=2030-05&priority=kritik`), 200);
  const titles = urgent.days.flatMap((d: Day) => d.tasks.map((x) => x.title));
  assert.deepEqual(titles, ["First"]);
  assert.deepEqual(urgent.undated, []);

  // Bad input 400; non-member and other tenant 404.
  await problem(await t.owner.call("GET", `${url}?month=2030-13`), 400);
  await problem(await t.owner.call("GET", `${url}?priority=urgent`), 400);
  const outsider = await t.member(["member"]);
  await problem(await outsider.call("GET", url), 404);
  const b = await newTenant();
  await problem(await b.owner.call("GET", url), 404);
  // Two custom-field filters (repeated cf): both apply, neither is merged into the other.
  const area = await json(
    await t.owner.call("POST", `/api/projects/projects/${p.id}/fields`, {
      name: "Area",
      type: "text",
    }),
    201,
  );
  const team = await json(
    await t.owner.call("POST", `/api/projects/projects/${p.id}/fields`, {
      name: "Team",
      type: "text",
    }),
    201,
  );
  await newTask(t.owner, p.id, {
    title: "Both",
    dueDate: "2030-05-20",
    customFields: { [area.id]: "api", [team.id]: "core" },
  });
  await newTask(t.owner, p.id, {
    title: "Area only",
    dueDate: "2030-05-21",
    customFields: { [area.id]: "api" },
  });
  const two = await json(
    await t.owner.call(
      "GET",
      `${url}?month=2030-05&cf=${area.id}:eq:api&cf=${team.id}:set`,
    ),
    200,
  );
  assert.deepEqual(
    two.days.flatMap((d: Day) => d.tasks.map((x) => x.title)),
    ["Both"],
  );

  await problem(await t.owner.call("GET", `/api/projects/projects/${MISSING}/calendar`), 404);

  // The page: grid, agenda and undated list in the reader's language.
  const page = await browse(`/projects/projects/${p.id}/calendar?month=2030-05`, { who: t.owner });
  assert.equal(page.status, 200);
  const html = await page.text();
  assert.match(html, /May 2030/);
  assert.match(html, /class="pj-cal"/);
  assert.match(html, /class="pj-cal-agenda"/);
  assert.match(html, /data-date="2030-05-15"/);
  assert.match(html, /Someday/);
  assert.doesNotMatch(html, /Next month<\/a>/);
  const trPage = await browse(`/projects/projects/${p.id}/calendar?month=2030-05`, {
    who: t.owner,
    headers: { Cookie: `session=${t.owner.token}; lang=tr` },
  });
  const trHtml = await trPage.text();
  assert.match(trHtml, /Mayıs 2030/);
  assert.match(trHtml, />Takvim</);
  assert.match(trHtml, /Bitiş tarihi yok/);
});

itest("calendar: reschedule by dropping on a day, refusals and permissions", async () => {
  const t = await newTenant();
  const viewer = await t.member(["member"]);
  const p = await newProject(t.owner);
  await addMember(t.owner, p.id, viewer.id, "viewer");
  const task = await newTask(t.owner, p.id, { title: "Move me", dueDate: "2030-05-02" });
  const move = `/projects/projects/${p.id}/calendar/move`;

  const moved = await browse(move, {
    who: t.owner,
    form: { taskId: task.id, dueDate: "2030-05-09" },
  });
  assert.equal(moved.status, 200, await moved.clone().text());
  assert.deepEqual(await moved.json(), { id: task.id, dueDate: "2030-05-09" });
  const got = await json(await t.owner.call("GET", `/api/projects/tasks/${task.id}`), 200);
  assert.equal(got.dueDate, "2030-05-09");
  // Into "No due date".
  const cleared = await browse(move, { who: t.owner, form: { taskId: task.id, dueDate: "" } });
  assert.equal((await cleared.json()).dueDate, null);

  // The task's own rules refuse: a due date before its start date (422, nothing changed).
  await json(
    await t.owner.call("PUT", `/api/projects/tasks/${task.id}`, {
      startDate: "2030-05-10",
      dueDate: "2030-05-12",
    }),
    200,
  );
  const refused = await browse(move, {
    who: t.owner,
    form: { taskId: task.id, dueDate: "2030-05-03" },
  });
  assert.equal(refused.status, 422);
  const body = await refused.json();
  assert.match(body.detail, /before the start date/);
  assert.equal(
    (await json(await t.owner.call("GET", `/api/projects/tasks/${task.id}`), 200)).dueDate,
    "2030-05-12",
  );
  // The same rule through the API.
  await problem(
    await t.owner.call("PUT", `/api/projects/tasks/${task.id}`, { dueDate: "2030-05-01" }),
    422,
  );

  // Bad date 400, unknown task 404, another project's task 404, viewer 403.
  const bad = await browse(move, { who: t.owner, form: { taskId: task.id, dueDate: "soon" } });
  assert.equal(bad.status, 400);
  const unknown = await browse(move, { who: t.owner, form: { taskId: MISSING, dueDate: "" } });
  assert.equal(unknown.status, 404);
  const p2 = await newProject(t.owner, { name: "Other" });
  const elsewhere = await newTask(t.owner, p2.id, { title: "Elsewhere" });
  const wrong = await browse(move, {
    who: t.owner,
    form: { taskId: elsewhere.id, dueDate: "2030-05-01" },
  });
  assert.equal(wrong.status, 404);
  const denied = await browse(move, {
    who: viewer,
    form: { taskId: task.id, dueDate: "2030-05-20" },
  });
  assert.equal(denied.status, 403);
  // A viewer's calendar has no drag.
  const vp = await (await browse(`/projects/projects/${p.id}/calendar`, { who: viewer })).text();
  assert.match(vp, /data-writable="0"/);
  // Another tenant: 404, the task unchanged.
  const b = await newTenant();
  const foreign = await browse(move, { who: b.owner, form: { taskId: task.id, dueDate: "" } });
  assert.equal(foreign.status, 404);
  assert.equal(
    (await json(await t.owner.call("GET", `/api/projects/tasks/${task.id}`), 200)).dueDate,
    "2030-05-12",
  );
});

/** Milestones: managers create, change and delete them; tasks attach; progress by count and hours. */
import assert from "node:assert/strict";
import { browse, itest, newTenant, problem } from "../helpers.ts";
import { addMember, json, MISSING, newProject, newTask } from "./fixtures.ts";

async function setup() {
  const t = await newTenant();
  const p = await newProject(t.owner, { startDate: "2026-03-01", dueDate: "2026-06-30" });
  const base = `/api/projects/projects/${p.id}/milestones`;
  return { t, p, base };
}

itest(
  "milestones: create, list with progress, change, delete (tasks keep no milestone)",
  async () => {
    const { t, p, base } = await setup();
    const m = await json(
      await t.owner.call("POST", base, { name: "Beta", date: "2026-04-15", description: "Public" }),
      201,
    );
    assert.equal(m.name, "Beta");
    assert.deepEqual(m.progress, {
      total: 0,
      done: 0,
      estimateHours: 0,
      doneHours: 0,
      percent: 0,
      percentByEstimate: 0,
    });
    const flow = await json(
      await t.owner.call("GET", `/api/projects/status?projectId=${p.id}`),
      200,
    );
    const doneStatus = flow.items.find((s: { category: string }) => s.category === "done");
    const a = await newTask(t.owner, p.id, { title: "A", milestoneId: m.id, estimate: 6 });
    const b = await newTask(t.owner, p.id, { title: "B", milestoneId: m.id, estimate: 2 });
    await newTask(t.owner, p.id, { title: "C", milestoneId: m.id });
    assert.equal(a.milestoneId, m.id);
    await json(
      await t.owner.call("PUT", `/api/projects/tasks/${a.id}`, { statusId: doneStatus.id }),
      200,
    );
    const list = await json(await t.owner.call("GET", base), 200);
    assert.equal(list.items.length, 1);
    assert.deepEqual(list.items[0].progress, {
      total: 3,
      done: 1,
      estimateHours: 8,
      doneHours: 6,
      percent: 33,
      percentByEstimate: 75,
    });
    const changed = await json(
      await t.owner.call("PUT", `/api/projects/milestones/${m.id}`, { date: "2026-05-01" }),
      200,
    );
    assert.equal(changed.date, "2026-05-01");
    assert.equal(changed.name, "Beta");
    const one = await json(await t.owner.call("GET", `/api/projects/milestones/${m.id}`), 200);
    assert.equal(one.progress.total, 3);
    // Detaching a task.
    const detached = await json(
      await t.owner.call("PUT", `/api/projects/tasks/${b.id}`, { milestoneId: null }),
      200,
    );
    assert.equal(detached.milestoneId, null);
    const del = await t.owner.call("DELETE", `/api/projects/milestones/${m.id}`);
    assert.equal(del.status, 204);
    const after = await json(await t.owner.call("GET", `/api/projects/tasks/${a.id}`), 200);
    assert.equal(after.milestoneId, null);
    await problem(await t.owner.call("GET", `/api/projects/milestones/${m.id}`), 404);
  },
);

itest("milestones: bad input is 400/422 naming the field", async () => {
  const { t, p, base } = await setup();
  const missing = await problem(await t.owner.call("POST", base, { date: "2026-04-01" }), 400);
  assert.match(JSON.stringify(missing.errors), /name/);
  const badDate = await problem(
    await t.owner.call("POST", base, { name: "X", date: "April" }),
    400,
  );
  assert.match(JSON.stringify(badDate.errors), /date/);
  const outside = await problem(
    await t.owner.call("POST", base, { name: "X", date: "2026-07-01" }),
    422,
  );
  assert.equal(outside.errors[0].path, "date");
  // A task cannot take another project's milestone.
  const other = await newProject(t.owner, { name: "Other" });
  const foreign = await json(
    await t.owner.call("POST", `/api/projects/projects/${other.id}/milestones`, {
      name: "Theirs",
      date: "2026-04-01",
    }),
    201,
  );
  const wrong = await problem(
    await t.owner.call("POST", "/api/projects/tasks", {
      projectId: p.id,
      title: "T",
      milestoneId: foreign.id,
    }),
    422,
  );
  assert.equal(wrong.errors[0].path, "milestoneId");
  assert.equal((await json(await t.owner.call("GET", base), 200)).items.length, 0);
});

itest("milestones: only managers write (403), members read; other tenant 404", async () => {
  const { t, p, base } = await setup();
  const m = await json(await t.owner.call("POST", base, { name: "GA", date: "2026-06-01" }), 201);
  const member = await t.member(["member"]);
  await addMember(t.owner, p.id, member.id, "member");
  await json(await member.call("GET", base), 200);
  await json(await member.call("GET", `/api/projects/milestones/${m.id}`), 200);
  await problem(await member.call("POST", base, { name: "Mine", date: "2026-04-01" }), 403);
  await problem(
    await member.call("PUT", `/api/projects/milestones/${m.id}`, { name: "Renamed" }),
    403,
  );
  await problem(await member.call("DELETE", `/api/projects/milestones/${m.id}`), 403);
  // Members attach tasks to milestones.
  const task = await newTask(member, p.id, { title: "Attach", milestoneId: m.id });
  assert.equal(task.milestoneId, m.id);
  const reader = await t.member(["viewer"]);
  await problem(await reader.call("POST", base, { name: "X", date: "2026-04-01" }), 403);
  const outsider = await t.member(["member"]);
  await problem(await outsider.call("GET", base), 404);
  await problem(await outsider.call("GET", `/api/projects/milestones/${m.id}`), 404);
  const other = await newTenant();
  await problem(await other.owner.call("GET", base), 404);
  await problem(await other.owner.call("GET", `/api/projects/milestones/${m.id}`), 404);
  await problem(
    await other.owner.call("PUT", `/api/projects/milestones/${m.id}`, { name: "Hijack" }),
    404,
  );
  await problem(await other.owner.call("DELETE", `/api/projects/milestones/${m.id}`), 404);
  await problem(await other.owner.call("GET", `/api/projects/milestones/${MISSING}`), 404);
  const same = await json(await t.owner.call("GET", `/api/projects/milestones/${m.id}`), 200);
  assert.equal(same.name, "GA");
});

itest(
  "milestones: the pages list them with progress; the task page's card sets a task's",
  async () => {
    const { t, p, base } = await setup();
    const m = await json(
      await t.owner.call("POST", base, { name: "Beta", date: "2026-04-15" }),
      201,
    );
    const task = await newTask(t.owner, p.id, { title: "Attach me" });
    const list = await (await browse(`/projects/projects/${p.id}/milestones`, { who: t.owner }))
      .text();
    assert.match(list, /Beta/);
    assert.match(list, /<progress[^>]*value="0"/);
    const before = await (await browse(`/projects/tasks/${task.id}`, { who: t.owner })).text();
    assert.match(before, /id="task-milestone"/);
    const saved = await browse(`/projects/tasks/${task.id}/milestone`, {
      who: t.owner,
      form: { milestoneId: m.id },
    });
    assert.equal(saved.status, 303);
    const after = await json(await t.owner.call("GET", `/api/projects/tasks/${task.id}`), 200);
    assert.equal(after.milestoneId, m.id);
    // A manager adds one from the page; a bad date comes back as the form's message (400).
    const added = await browse(`/projects/projects/${p.id}/milestones`, {
      who: t.owner,
      form: { name: "GA", date: "2026-06-01", description: "" },
    });
    assert.equal(added.status, 303);
    const bad = await browse(`/projects/projects/${p.id}/milestones`, {
      who: t.owner,
      form: { name: "GA", date: "later", description: "" },
    });
    assert.equal(bad.status, 400);
    assert.match(await bad.text(), /Date/);
    assert.equal((await json(await t.owner.call("GET", base), 200)).items.length, 2);
  },
);

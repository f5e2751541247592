/**
 * The timeline API: dated tasks, dependency kinds, the critical path, grouping and filters; every
 * date change of a task goes through the dependency and project-date rules (422 naming the
 * blocking task and the rule, or the field outside the project).
 */
import assert from "node:assert/strict";
import { browse, itest, newTenant, problem } from "../helpers.ts";
import { addMember, json, MISSING, newProject, newTask } from "./fixtures.ts";

const put = (id: string, body: Record<string, unknown>) =>
  [
    "PUT",
    `/api/projects/tasks/${id}`,
    body,
  ] as const;

async function plan() {
  const t = await newTenant();
  const p = await newProject(t.owner, {
    name: "Launch",
    startDate: "2026-03-01",
    dueDate: "2026-04-30",
  });
  const design = await newTask(t.owner, p.id, {
    title: "Design",
    startDate: "2026-03-02",
    dueDate: "2026-03-06",
  });
  const build = await newTask(t.owner, p.id, {
    title: "Build",
    startDate: "2026-03-09",
    dueDate: "2026-03-20",
    blockedBy: [design.id],
  });
  const docs = await newTask(t.owner, p.id, {
    title: "Docs",
    startDate: "2026-03-03",
    dueDate: "2026-03-05",
  });
  const loose = await newTask(t.owner, p.id, { title: "Loose", startDate: "2026-03-10" });
  return { t, p, design, build, docs, loose };
}

itest("timeline: tasks with days, dependencies, groups and the critical path", async () => {
  const { t, p, design, build, docs, loose } = await plan();
  await newTask(t.owner, p.id, { title: "Someday" });
  const tl = await json(await t.owner.call("GET", `/api/projects/projects/${p.id}/timeline`), 200);
  assert.equal(tl.project.name, "Launch");
  assert.equal(tl.groupBy, "status");
  assert.equal(tl.tasks.length, 5);
  const byId = new Map(tl.tasks.map((x: { id: string }) => [x.id, x]));
  const b = byId.get(build.id) as Record<string, unknown>;
  assert.deepEqual(b.dependencies, [{ blockerId: design.id, kind: "finish_to_start", lagDays: 0 }]);
  assert.equal(b.start, "2026-03-09");
  assert.equal(b.end, "2026-03-20");
  const l = byId.get(loose.id) as Record<string, unknown>;
  assert.equal(l.start, "2026-03-10");
  assert.equal(l.end, "2026-03-10");
  // Design (5 days) then Build (12 days) is the longest chain.
  assert.deepEqual(tl.criticalPath, [design.id, build.id]);
  assert.equal((byId.get(design.id) as { critical: boolean }).critical, true);
  assert.equal((byId.get(docs.id) as { critical: boolean }).critical, false);
  assert.equal((byId.get(docs.id) as { float: number }).float, 14);
  // Every task sits in a group of the flow.
  const keys = new Set(tl.groups.map((g: { key: string }) => g.key));
  assert.ok(tl.tasks.every((x: { group: string }) => keys.has(x.group)));
  assert.equal(tl.truncated, false);
});

itest("timeline: groupBy assignee and milestone, and the task list's filters", async () => {
  const { t, p, design, build } = await plan();
  const m = await json(
    await t.owner.call("POST", `/api/projects/projects/${p.id}/milestones`, {
      name: "Beta",
      date: "2026-03-20",
    }),
    201,
  );
  await json(
    await t.owner.call(...put(build.id, { milestoneId: m.id, assigneeId: t.owner.id })),
    200,
  );
  const byMilestone = await json(
    await t.owner.call("GET", `/api/projects/projects/${p.id}/timeline?groupBy=milestone`),
    200,
  );
  assert.deepEqual(byMilestone.groups, [{ key: m.id, label: "Beta" }, {
    key: "none",
    label: null,
  }]);
  assert.equal(
    byMilestone.tasks.find((x: { id: string }) => x.id === build.id).group,
    m.id,
  );
  assert.equal(byMilestone.milestones[0].date, "2026-03-20");
  const byAssignee = await json(
    await t.owner.call("GET", `/api/projects/projects/${p.id}/timeline?groupBy=assignee`),
    200,
  );
  assert.equal(byAssignee.groups.length, 2);
  assert.equal(byAssignee.groups.at(-1).key, "none");
  // Filters of the task list: by milestone, by text.
  const filtered = await json(
    await t.owner.call("GET", `/api/projects/projects/${p.id}/timeline?milestoneId=${m.id}`),
    200,
  );
  assert.deepEqual(filtered.tasks.map((x: { id: string }) => x.id), [build.id]);
  const q = await json(
    await t.owner.call("GET", `/api/projects/projects/${p.id}/timeline?q=design`),
    200,
  );
  assert.deepEqual(q.tasks.map((x: { id: string }) => x.id), [design.id]);
  const list = await json(
    await t.owner.call("GET", `/api/projects/tasks?milestoneId=${m.id}`),
    200,
  );
  assert.deepEqual(list.items.map((x: { id: string }) => x.id), [build.id]);
  // Bad query values are 400 naming the parameter.
  const bad = await problem(
    await t.owner.call("GET", `/api/projects/projects/${p.id}/timeline?groupBy=colour`),
    400,
  );
  assert.match(JSON.stringify(bad.errors), /groupBy/);
});

itest(
  "timeline: moving a task before its blocker ends is refused, naming both and the rule",
  async () => {
    const { t, design, build } = await plan();
    const body = await problem(
      await t.owner.call(...put(build.id, { startDate: "2026-03-05", dueDate: "2026-03-16" })),
      422,
    );
    assert.match(
      body.detail,
      /"Build" cannot start before "Design" is finished \(finish to start\)/,
    );
    assert.match(body.detail, /2026-03-07/);
    assert.equal(body.errors[0].path, "startDate");
    assert.equal(body.dependency.blockerId, design.id);
    assert.equal(body.dependency.kind, "finish_to_start");
    // Moving the blocker past the waiting task's start is refused as well.
    const late = await problem(
      await t.owner.call(...put(design.id, { dueDate: "2026-03-10" })),
      422,
    );
    assert.equal(late.dependency.blockedId, build.id);
    assert.equal(late.errors[0].path, "dueDate");
    // Nothing changed.
    const after = await json(await t.owner.call("GET", `/api/projects/tasks/${build.id}`), 200);
    assert.equal(after.startDate, "2026-03-09");
    // A move that keeps the rule is saved.
    const moved = await json(
      await t.owner.call(...put(build.id, { startDate: "2026-03-07", dueDate: "2026-03-18" })),
      200,
    );
    assert.equal(moved.startDate, "2026-03-07");
    // Other edits of a task do not re-check its dates.
    await json(await t.owner.call(...put(build.id, { title: "Build it" })), 200);
  },
);

itest(
  "timeline: start-to-start allows overlap; kinds and lags are kept when blockers are resent",
  async () => {
    const { t, design, docs } = await plan();
    // Docs (03-03) overlaps Design (03-02..03-06): refused as finish to start…
    await problem(await t.owner.call(...put(docs.id, { blockedBy: [design.id] })), 422);
    // …allowed as start to start.
    const ss = await json(
      await t.owner.call(...put(docs.id, {
        dependencies: [{ taskId: design.id, kind: "start_to_start", lagDays: 1 }],
      })),
      200,
    );
    assert.deepEqual(ss.blockedBy, [design.id]);
    // A lag of 2 days would need 03-04.
    const lag = await problem(
      await t.owner.call(...put(docs.id, {
        dependencies: [{ taskId: design.id, kind: "start_to_start", lagDays: 2 }],
      })),
      422,
    );
    assert.match(lag.detail, /start to start\) with a lag of 2 day/);
    // Resending blockedBy keeps the kind, so an earlier start stays allowed.
    await json(
      await t.owner.call(...put(docs.id, { blockedBy: [design.id], startDate: "2026-03-03" })),
      200,
    );
    const tl = await json(
      await t.owner.call(
        "GET",
        `/api/projects/projects/${(ss as { projectId: string }).projectId}/timeline`,
      ),
      200,
    );
    const d = tl.tasks.find((x: { id: string }) => x.id === docs.id);
    assert.deepEqual(d.dependencies, [{
      blockerId: design.id,
      kind: "start_to_start",
      lagDays: 1,
    }]);
    // A bad kind is a 400 naming the field.
    const bad = await problem(
      await t.owner.call(...put(docs.id, { dependencies: [{ taskId: design.id, kind: "later" }] })),
      400,
    );
    assert.match(JSON.stringify(bad.errors), /dependencies/);
  },
);

itest("timeline: a cycle is still refused, through blockedBy or dependencies", async () => {
  const { t, design, build } = await plan();
  const a = await problem(await t.owner.call(...put(design.id, { blockedBy: [build.id] })), 422);
  assert.match(a.detail, /cycle/);
  const b = await problem(
    await t.owner.call(...put(design.id, {
      dependencies: [{ taskId: build.id, kind: "start_to_start" }],
    })),
    422,
  );
  assert.match(b.detail, /cycle/);
  await problem(
    await t.owner.call(...put(design.id, { dependencies: [{ taskId: design.id }] })),
    422,
  );
});

itest("timeline: dates outside the project are 422 naming the field", async () => {
  const { t, p, loose } = await plan();
  const early = await problem(
    await t.owner.call(...put(loose.id, { startDate: "2026-02-27" })),
    422,
  );
  assert.equal(early.errors[0].path, "startDate");
  const late = await problem(
    await t.owner.call("POST", "/api/projects/tasks", {
      projectId: p.id,
      title: "Late",
      dueDate: "2026-05-02",
    }),
    422,
  );
  assert.equal(late.errors[0].path, "dueDate");
  assert.match(late.detail, /due date is outside the project's dates/);
});

itest("timeline: a viewer reads but cannot move; another tenant's project is 404", async () => {
  const { t, p, loose } = await plan();
  const viewer = await t.member(["member"]);
  await addMember(t.owner, p.id, viewer.id, "viewer");
  await json(await viewer.call("GET", `/api/projects/projects/${p.id}/timeline`), 200);
  await problem(await viewer.call(...put(loose.id, { startDate: "2026-03-11" })), 403);
  const outsider = await t.member(["member"]);
  await problem(await outsider.call("GET", `/api/projects/projects/${p.id}/timeline`), 404);
  const other = await newTenant();
  await problem(await other.owner.call("GET", `/api/projects/projects/${p.id}/timeline`), 404);
  await problem(await other.owner.call(...put(loose.id, { startDate: "2026-03-11" })), 404);
  await problem(await other.owner.call("GET", `/api/projects/projects/${MISSING}/timeline`), 404);
  const unchanged = await json(await t.owner.call("GET", `/api/projects/tasks/${loose.id}`), 200);
  assert.equal(unchanged.startDate, "2026-03-10");
});

itest("timeline: the page draws rows for the chart and lists the tasks with dates", async () => {
  const { t, p, build } = await plan();
  const res = await browse(`/projects/projects/${p.id}/timeline?groupBy=assignee&q=`, {
    who: t.owner,
  });
  assert.equal(res.status, 200);
  const html = await res.text();
  const rows = JSON.parse(
    html.match(/<script type="application\/json" id="tl-rows">(.*?)<\/script>/s)![1],
  );
  assert.ok(rows.some((r: { id: string; type: string }) => r.id === build.id && r.type === "task"));
  assert.ok(
    rows.some((r: { type: string; name: string }) =>
      r.type === "group" && /No assignee/.test(r.name)
    ),
  );
  assert.match(html, /data-writable="1"/);
  assert.match(html, /Waits for:.*Design/s);
  // A bad groupBy on the page falls back to the default instead of failing.
  assert.equal(
    (await browse(`/projects/projects/${p.id}/timeline?groupBy=x`, { who: t.owner })).status,
    200,
  );
  const viewer = await t.member(["member"]);
  await addMember(t.owner, p.id, viewer.id, "viewer");
  const ro = await (await browse(`/projects/projects/${p.id}/timeline`, { who: viewer })).text();
  assert.match(ro, /data-writable="0"/);
  const other = await newTenant();
  assert.equal(
    (await browse(`/projects/projects/${p.id}/timeline`, { who: other.owner })).status,
    404,
  );
});

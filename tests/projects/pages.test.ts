import assert from "node:assert/strict";
import { browse as browsePage, type Caller, itest, newTenant } from "../helpers.ts";
import { projects } from "../../modules/projects/mod.ts";
import { addMember, flow, json, newProject, newTask } from "./fixtures.ts";

/** A browser-like request as `who` (see tests/helpers.ts browse). */
const browse = (
  who: Caller,
  path: string,
  form?: Record<string, string | string[]>,
  headers: Record<string, string> = {},
) => browsePage(path, { who, form, headers });

async function page(who: Caller, path: string, status = 200) {
  const res = await browse(who, path);
  const text = await res.text();
  assert.equal(res.status, status, `${path}: ${text.slice(0, 300)}`);
  return text;
}

itest("pages: dashboard, projects, board, list, members, flow, tasks, reports render", async () => {
  const t = await newTenant();
  const dev = await t.member(["member"]);
  const p = await newProject(t.owner, { name: "Board & Co" });
  await addMember(t.owner, p.id, dev.id, "member");
  const task = await newTask(t.owner, p.id, { title: "Card <one>", assigneeId: dev.id });
  const home = await page(dev, "/projects");
  assert.match(home, /Card &lt;one/);
  assert.match(home, /data-chart=/);
  assert.match(await page(dev, "/projects/projects"), /Board &amp; Co/);
  assert.match(await page(dev, "/projects/projects?status=aktif"), /No projects match/);
  const board = await page(dev, `/projects/projects/${p.id}`);
  assert.match(board, /class="pj-board"/);
  assert.match(board, /data-allowed="\*"/);
  assert.match(board, /\/assets\/projects-board\.js/);
  assert.ok(!/<script>/.test(board) && !/ style="/.test(board), "CSP: no inline code");
  assert.match(await page(dev, `/projects/projects/${p.id}?view=list`), /Card &lt;one/);
  assert.match(await page(dev, `/projects/projects/${p.id}?view=activity`), /created the task/);
  assert.match(await page(dev, `/projects/projects/${p.id}?view=members`), /members-panel/);
  assert.match(await page(t.owner, `/projects/projects/${p.id}?view=flow`), /Save flow/);
  assert.match(await page(dev, "/projects/tasks?assigneeId=me"), /Card &lt;one/);
  assert.match(await page(dev, "/projects/tasks?priority=bogus"), /not valid/);
  const detail = await page(dev, `/projects/tasks/${task.id}`);
  assert.match(detail, /id="task-fields"/);
  assert.match(detail, /id="comments"/);
  assert.match(detail, /enctype="multipart\/form-data"/);
  assert.match(await page(dev, "/projects/reports"), /Workload/);
  assert.match(await page(dev, "/projects/notifications"), /Also send me an e-mail/);
  assert.match(await page(dev, "/projects/activity"), /created the project/);
  await page(dev, "/projects/tasks/not-a-uuid", 404);
  const outsider = await t.member(["member"]);
  await page(outsider, `/projects/projects/${p.id}`, 404);
  await page(outsider, `/projects/tasks/${task.id}`, 404);
  const other = await newTenant();
  await page(other.owner, `/projects/projects/${p.id}`, 404);
});

itest("pages: forms create, edit inline, comment, move on the board, flow editor", async () => {
  const t = await newTenant();
  const created = await browse(t.owner, "/projects/projects", { name: "From form" });
  assert.equal(created.status, 303);
  const projectUrl = created.headers.get("location")!;
  const projectId = projectUrl.split("/").pop()!;
  const bad = await browse(t.owner, "/projects/projects", { name: "" }, { "HX-Request": "true" });
  assert.equal(bad.status, 400);
  assert.match(await bad.text(), /class="alert error"/);

  const added = await browse(t.owner, `/projects/projects/${projectId}/tasks`, {
    title: "Via form",
  });
  assert.equal(added.status, 303);
  const [task] =
    (await json(await t.owner.call("GET", `/api/projects/tasks?projectId=${projectId}`), 200))
      .items;
  const { items: statuses } = await flow(t.owner, projectId);
  const done = statuses.find((s: { category: string }) => s.category === "done");

  const inline = await browse(t.owner, `/projects/tasks/${task.id}`, {
    title: "Renamed",
    description: "",
    statusId: task.statusId,
    priority: "kritik",
    assigneeId: "",
    startDate: "",
    dueDate: "2030-01-01",
    estimate: "2",
    labels: "a, b",
    parentId: "",
    blockedByPresent: "1",
  }, { "HX-Request": "true" });
  assert.equal(inline.status, 200);
  assert.match(await inline.text(), /Saved\./);
  const after = await json(await t.owner.call("GET", `/api/projects/tasks/${task.id}`), 200);
  assert.deepEqual([after.title, after.priority, after.labels, after.estimate], [
    "Renamed",
    "kritik",
    ["a", "b"],
    2,
  ]);
  const wrong = await browse(t.owner, `/projects/tasks/${task.id}`, { title: "", priority: "x" }, {
    "HX-Request": "true",
  });
  assert.equal(wrong.status, 400);

  const comment = await browse(
    t.owner,
    `/projects/tasks/${task.id}/comments`,
    { body: "**bold**" },
    {
      "HX-Request": "true",
    },
  );
  assert.match(await comment.text(), /<strong>bold<\/strong>/);

  const moved = await browse(t.owner, `/projects/tasks/${task.id}/move`, {
    statusId: done.id,
    position: "5",
  });
  assert.equal(moved.status, 200);
  assert.equal((await moved.json()).statusId, done.id);

  // Flow editor: rename the first status, allow only first → second.
  const [a, b, c] = statuses;
  const saved = await browse(t.owner, `/projects/projects/${projectId}/flow`, {
    rows: ["0", "1", "2"],
    "id-0": a.id,
    "name-0": "Backlog",
    "category-0": "open",
    "order-0": "1",
    "id-1": b.id,
    "name-1": b.name,
    "category-1": "open",
    "order-1": "2",
    "id-2": c.id,
    "name-2": c.name,
    "category-2": "done",
    "order-2": "3",
    "name-new": "QA",
    "category-new": "open",
    "order-new": "3",
    allow: [`${a.id}>${b.id}`],
  }, { "HX-Request": "true" });
  assert.equal(saved.status, 200, await saved.clone().text());
  const f = await flow(t.owner, projectId);
  assert.deepEqual(f.items.map((s: { name: string }) => s.name), [
    "Backlog",
    "In progress",
    "QA",
    "Done",
  ]);
  assert.equal(f.transitions.length, 1);
  // A refused board move answers with a problem the script shows.
  const refused = await browse(t.owner, `/projects/tasks/${task.id}/move`, {
    statusId: a.id,
    position: "1",
  });
  assert.equal(refused.status, 422);
  assert.match((await refused.json()).detail, /not allowed/);
});

itest(
  "pages: the board offers only the caller's moves; the flow editor keeps role limits",
  async () => {
    const t = await newTenant();
    const dev = await t.member(["member"]);
    const p = await newProject(t.owner);
    await addMember(t.owner, p.id, dev.id, "member");
    const [todo, doing, done] = (await flow(t.owner, p.id)).items;
    const statuses = [todo, doing, done].map(({ id, name, category }) => ({ id, name, category }));
    await json(
      await t.owner.call("PUT", `/api/projects/projects/${p.id}/statuses`, {
        statuses,
        transitions: [
          { from: todo.name, to: doing.name },
          { from: todo.name, to: done.name, roles: ["manager"] },
        ],
      }),
      200,
    );
    const devBoard = await page(dev, `/projects/projects/${p.id}`);
    assert.match(devBoard, new RegExp(`data-status="${todo.id}" data-allowed="${doing.id}"`));
    const ownerBoard = await page(t.owner, `/projects/projects/${p.id}`);
    assert.match(ownerBoard, new RegExp(`data-allowed="${doing.id} ${done.id}"`));

    // Saving the flow from the editor (rename only) keeps the manager-only move.
    const res = await browse(t.owner, `/projects/projects/${p.id}/flow`, {
      rows: ["0", "1", "2"],
      ...Object.fromEntries(statuses.flatMap((s, i) => [
        [`id-${i}`, s.id],
        [`name-${i}`, i === 0 ? "Backlog" : s.name],
        [`category-${i}`, s.category],
        [`order-${i}`, String(i + 1)],
      ])),
      allow: [`${todo.id}>${doing.id}`, `${todo.id}>${done.id}`],
    }, { "HX-Request": "true" });
    assert.equal(res.status, 200);
    const after = await flow(t.owner, p.id);
    assert.equal(after.items[0].name, "Backlog");
    const limited = after.transitions.find((x: { toStatusId: string }) => x.toStatusId === done.id);
    assert.deepEqual(limited.roles, ["manager"]);
    const bad = await browse(t.owner, `/projects/projects/${p.id}/flow`, {
      rows: ["0"],
      "id-0": todo.id,
      "name-0": "",
      "category-0": "open",
    }, { "HX-Request": "true" });
    assert.equal(bad.status, 400);
    assert.match(await bad.text(), /alert error/);
  },
);

itest(
  "pages: the menu lists built pages only; old translations links go to administration",
  async () => {
    assert.deepEqual(projects.menu.map((m) => m.path), [
      "/projects",
      "/projects/projects",
      "/projects/tasks",
      "/projects/templates",
      "/projects/reports",
      "/projects/time",
      "/projects/calendar-feed",
      "/projects/notifications",
      "/projects/activity",
    ]);
    const t = await newTenant();
    for (const path of ["/projects/translations", "/projects/translations?q=nav.home"]) {
      const res = await browse(t.owner, path);
      assert.equal(res.status, 302, path);
      assert.equal(res.headers.get("location"), "/admin/translations");
    }
    // The translations API stays where it is.
    assert.equal((await t.owner.call("GET", "/api/projects/translations?locale=tr")).status, 200);
  },
);

itest("pages: home shows my open tasks due, soonest first, overdue marked", async () => {
  const t = await newTenant();
  const dev = await t.member(["member"]);
  const p = await newProject(t.owner, { name: "Home run" });
  await addMember(t.owner, p.id, dev.id, "member");
  await newTask(t.owner, p.id, { title: "Later", assigneeId: dev.id, dueDate: "2031-01-01" });
  await newTask(t.owner, p.id, { title: "Late", assigneeId: dev.id, dueDate: "2020-01-01" });
  await newTask(t.owner, p.id, { title: "Not mine", dueDate: "2020-01-02" });
  const home = await page(dev, "/");
  const card = home.slice(home.indexOf("My tasks due"), home.indexOf('id="home-my-tasks-more"'));
  assert.ok(card.indexOf("Late<") > 0 && card.indexOf("Late<") < card.indexOf("Later<"));
  assert.doesNotMatch(card, /Not mine/);
  assert.match(card, /badge badge-red">Overdue/);
  // Nothing assigned: no card at all.
  assert.doesNotMatch(await page(t.owner, "/"), /My tasks due/);
});

import assert from "node:assert/strict";
import { callApp, type Caller, itest, newTenant, problem, testApp } from "../helpers.ts";
import { addMember, flow, json, newProject, newTask } from "./fixtures.ts";

const form = (who: Caller, path: string, fields: Record<string, string>) =>
  callApp(path, {
    method: "POST",
    body: new URLSearchParams(fields).toString(),
    headers: {
      Origin: "http://localhost",
      Cookie: `session=${who.token}`,
      "Content-Type": "application/x-www-form-urlencoded",
      "HX-Request": "true",
    },
  });

itest("rules: an open blocker added to a done task is refused, nothing written", async () => {
  const t = await newTenant();
  const p = await newProject(t.owner);
  const done = (await flow(t.owner, p.id)).items.find((s: { category: string }) =>
    s.category === "done"
  );
  const a = await newTask(t.owner, p.id, { title: "A" });
  const b = await newTask(t.owner, p.id, { title: "B", statusId: done.id });
  const url = `/api/projects/tasks/${b.id}`;
  await problem(await t.owner.call("PUT", url, { blockedBy: [a.id], title: "B2" }), 422);
  const after = await json(await t.owner.call("GET", url), 200);
  assert.deepEqual([after.title, after.blockedBy, after.statusId], ["B", [], done.id]);
  // Done with a blocker that was reopened later: its other fields still save.
  const d = await newTask(t.owner, p.id, { title: "D", statusId: done.id });
  const e = await newTask(t.owner, p.id, { title: "E", statusId: done.id, blockedBy: [d.id] });
  await json(
    await t.owner.call("PUT", `/api/projects/tasks/${d.id}`, { statusId: a.statusId }),
    200,
  );
  const renamed = await json(
    await t.owner.call("PUT", `/api/projects/tasks/${e.id}`, { title: "E2", blockedBy: [d.id] }),
    200,
  );
  assert.deepEqual([renamed.title, renamed.statusId], ["E2", done.id]);
  // Created done with an open blocker: refused before anything is stored.
  await problem(
    await t.owner.call("POST", "/api/projects/tasks", {
      projectId: p.id,
      title: "C",
      statusId: done.id,
      blockedBy: [a.id],
    }),
    422,
  );
  const list = await json(await t.owner.call("GET", `/api/projects/tasks?projectId=${p.id}`), 200);
  assert.equal(list.items.length, 4);
});

itest("rules: the task page shows the unchanged task when a move to done is refused", async () => {
  const t = await newTenant();
  const p = await newProject(t.owner);
  const [todo, , done] = (await flow(t.owner, p.id)).items;
  const a = await newTask(t.owner, p.id, { title: "A" });
  const b = await newTask(t.owner, p.id, { title: "B", blockedBy: [a.id] });
  const res = await form(t.owner, `/projects/tasks/${b.id}`, {
    title: "B renamed",
    description: "",
    statusId: done.id,
    priority: "normal",
    assigneeId: "",
    startDate: "",
    dueDate: "",
    estimate: "",
    labels: "",
    parentId: "",
  });
  assert.equal(res.status, 422);
  const html = await res.text();
  assert.match(html, /blocked by open tasks: A/);
  assert.match(html, new RegExp(`value="${todo.id}" selected`));
  assert.doesNotMatch(html, new RegExp(`value="${done.id}" selected`));
  const after = await json(await t.owner.call("GET", `/api/projects/tasks/${b.id}`), 200);
  assert.deepEqual([after.title, after.statusId, after.doneAt], ["B", todo.id, null]);
});

itest("rules: role-limited moves hold when a task is created in a later status", async () => {
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
        { from: doing.name, to: done.name, roles: ["manager"] },
        { from: todo.name, to: done.name, roles: ["manager"] },
      ],
    }),
    200,
  );
  const create = (who: Caller, statusId: string) =>
    who.call("POST", "/api/projects/tasks", { projectId: p.id, title: "Shortcut", statusId });
  await problem(await create(dev, done.id), 422);
  await json(await create(dev, doing.id), 201);
  await json(await create(t.owner, done.id), 201);
  // The quick-add form on the board offers only the statuses the caller may start in...
  const board = await callApp(`/projects/projects/${p.id}`, {
    headers: { Cookie: `session=${dev.token}` },
  });
  const select = (await board.text()).match(/<select id="qt-status"[^]*?<\/select>/)![0];
  assert.ok(select.includes(doing.id) && select.includes(todo.id) && !select.includes(done.id));
  // ...and goes through the same rule.
  const res = await form(dev, `/projects/projects/${p.id}/tasks`, {
    title: "Via board",
    statusId: done.id,
  });
  assert.equal(res.status, 422);
  const list = await json(await t.owner.call("GET", `/api/projects/tasks?projectId=${p.id}`), 200);
  assert.deepEqual(
    list.items.map((x: { statusId: string }) => x.statusId).sort(),
    [
      doing.id,
      done.id,
    ].sort(),
  );
});

itest("rules: files added and removed on the task page go to the task's history", async () => {
  const t = await newTenant();
  const p = await newProject(t.owner);
  const task = await newTask(t.owner, p.id);
  const body = new FormData();
  body.append("file", new File(["hi"], "page.txt", { type: "text/plain" }));
  const headers = { Origin: "http://localhost", Cookie: `session=${t.owner.token}` };
  const { app } = await testApp();
  const up = await app.request(`/projects/tasks/${task.id}/attachments`, {
    method: "POST",
    body,
    headers,
  });
  assert.equal(up.status, 303);
  const url = `/api/projects/tasks/${task.id}/attachments`;
  const [file] = (await json(await t.owner.call("GET", url), 200)).items;
  const del = await app.request(`/projects/tasks/${task.id}/attachments/${file.id}/delete`, {
    method: "POST",
    headers,
  });
  assert.equal(del.status, 303);
  assert.equal((await json(await t.owner.call("GET", url), 200)).items.length, 0);
  const log = await json(await t.owner.call("GET", "/api/projects/activity-log"), 200);
  const lines = log.items.filter((a: { entityId: string }) => a.entityId === task.id)
    .map((a: { action: string; summary: string }) => `${a.action}: ${a.summary}`);
  assert.deepEqual(lines.slice(0, 2), [
    "detached: Removed page.txt from Write spec",
    "attached: Attached page.txt to Write spec",
  ]);
});

itest(
  "rules: the task list filters by a project's status and member, also after htmx swaps",
  async () => {
    const t = await newTenant();
    const dev = await t.member(["member"]);
    const p = await newProject(t.owner, { name: "Filtered" });
    const other = await newProject(t.owner, { name: "Other" });
    await addMember(t.owner, p.id, dev.id, "member");
    const [todo, doing] = (await flow(t.owner, p.id)).items;
    const [otherTodo] = (await flow(t.owner, other.id)).items;
    await newTask(t.owner, p.id, { title: "Todo task" });
    await newTask(t.owner, p.id, { title: "Doing task", statusId: doing.id, assigneeId: dev.id });
    const get = (path: string, headers: Record<string, string> = {}) =>
      callApp(path, { headers: { Cookie: `session=${t.owner.token}`, ...headers } });
    const full = await (await get(`/projects/tasks?projectId=${p.id}&statusId=${doing.id}`)).text();
    assert.match(full, /id="tq-status"/);
    assert.match(full, new RegExp(`value="${doing.id}" selected`));
    assert.match(full, new RegExp(`<option value="${dev.id}"`));
    assert.match(full, /Doing task/);
    assert.doesNotMatch(full, /Todo task/);
    const mine = await (await get(`/projects/tasks?projectId=${p.id}&assigneeId=${dev.id}`)).text();
    assert.match(mine, /Doing task/);
    assert.doesNotMatch(mine, /Todo task/);
    // Switching project by htmx: the old project's status is dropped, the new flow comes along.
    const swapped = await (await get(`/projects/tasks?projectId=${other.id}&statusId=${todo.id}`, {
      "HX-Request": "true",
      "HX-Target": "tasks-panel",
    })).text();
    assert.match(swapped, /id="tq-status-wrap" hx-swap-oob="true"/);
    assert.match(swapped, new RegExp(`value="${otherTodo.id}"`));
    assert.doesNotMatch(swapped, new RegExp(`value="${todo.id}"`));
    assert.match(swapped, /No tasks/);
  },
);

itest("rules: the flow editor sets who may make a move", async () => {
  const t = await newTenant();
  const p = await newProject(t.owner);
  const statuses = (await flow(t.owner, p.id)).items;
  const [todo, doing, done] = statuses;
  const editor = await (await callApp(`/projects/projects/${p.id}?view=flow`, {
    headers: { Cookie: `session=${t.owner.token}` },
  })).text();
  assert.match(editor, new RegExp(`name="roles-${todo.id}(>|&gt;)${done.id}"`));
  const fields = () => ({
    rows: "0",
    ...Object.fromEntries(statuses.flatMap((s: typeof todo, i: number) => [
      [`id-${i}`, s.id],
      [`name-${i}`, s.name],
      [`category-${i}`, s.category],
      [`order-${i}`, String(i + 1)],
    ])),
  });
  const post = (who: string) => {
    const body = new URLSearchParams(fields());
    for (const i of ["1", "2"]) body.append("rows", i);
    body.append("allow", `${todo.id}>${doing.id}`);
    body.append("allow", `${doing.id}>${done.id}`);
    body.append(`roles-${todo.id}>${doing.id}`, "");
    body.append(`roles-${doing.id}>${done.id}`, who);
    return callApp(`/projects/projects/${p.id}/flow`, {
      method: "POST",
      body: body.toString(),
      headers: {
        Origin: "http://localhost",
        Cookie: `session=${t.owner.token}`,
        "Content-Type": "application/x-www-form-urlencoded",
        "HX-Request": "true",
      },
    });
  };
  assert.equal((await post("manager")).status, 200);
  const after = await flow(t.owner, p.id);
  const rolesTo = (id: string) =>
    after.transitions.find((x: { toStatusId: string }) => x.toStatusId === id).roles;
  assert.deepEqual([rolesTo(doing.id), rolesTo(done.id)], [[], ["manager"]]);
  const bad = await post("boss");
  assert.equal(bad.status, 400);
  assert.deepEqual((await flow(t.owner, p.id)).transitions, after.transitions);
});

itest("rules: people outside the project hear nothing about its comments", async () => {
  const t = await newTenant();
  const dev = await t.member(["member"]);
  const outsider = await t.member(["member"]);
  const p = await newProject(t.owner);
  await addMember(t.owner, p.id, dev.id, "member");
  const task = await newTask(t.owner, p.id, { title: "Secret", assigneeId: dev.id });
  await json(await dev.call("PUT", `/api/projects/tasks/${task.id}/watch`), 200);
  await json(
    await t.owner.call("DELETE", `/api/projects/projects/${p.id}/members/${dev.id}`),
    204,
  );
  const inbox = async (who: Caller) =>
    (await json(await who.call("GET", "/api/projects/notifications"), 200)).items.length;
  const before = await inbox(dev);
  const c = await json(
    await t.owner.call("POST", "/api/projects/comments", {
      taskId: task.id,
      body: `@${outsider.email.split("@")[0]} and @${dev.email} see this`,
    }),
    201,
  );
  assert.deepEqual(c.mentions, []);
  assert.equal(await inbox(dev), before);
  assert.equal(await inbox(outsider), 0);
});

itest("rules: my tasks on the dashboard are the open ones; done=false|true filters", async () => {
  const t = await newTenant();
  const p = await newProject(t.owner);
  const done = (await flow(t.owner, p.id)).items.find((s: { category: string }) =>
    s.category === "done"
  );
  await newTask(t.owner, p.id, {
    title: "Finished long ago",
    statusId: done.id,
    dueDate: "2020-01-01",
    assigneeId: t.owner.id,
  });
  await newTask(t.owner, p.id, {
    title: "Still to do",
    dueDate: "2031-01-01",
    assigneeId: t.owner.id,
  });
  const titles = async (q: string) =>
    (await json(await t.owner.call("GET", `/api/projects/tasks?${q}`), 200)).items.map((
      x: { title: string },
    ) => x.title);
  assert.deepEqual(await titles("done=false"), ["Still to do"]);
  assert.deepEqual(await titles("done=true"), ["Finished long ago"]);
  await problem(await t.owner.call("GET", "/api/projects/tasks?done=maybe"), 400);
  const home = await (await callApp("/projects", {
    headers: { Cookie: `session=${t.owner.token}` },
  })).text();
  const mine = home.slice(home.indexOf('id="my-tasks"'), home.indexOf('id="overdue-tasks"'));
  assert.match(mine, /Still to do/);
  assert.doesNotMatch(mine, /Finished long ago/);
});

itest(
  "rules: a manager who leaves a project from the members page is taken to the list",
  async () => {
    const t = await newTenant();
    const lead = await t.member(["member"]);
    const other = await t.member(["member"]);
    const p = await newProject(lead);
    await addMember(lead, p.id, other.id, "manager");
    const res = await form(lead, `/projects/projects/${p.id}/members/${lead.id}/remove`, {});
    assert.equal(res.status, 204);
    assert.equal(res.headers.get("HX-Redirect"), "/projects/projects");
    await problem(await lead.call("GET", `/api/projects/projects/${p.id}`), 404);
    const members = await json(
      await other.call("GET", `/api/projects/projects/${p.id}/members`),
      200,
    );
    assert.deepEqual((members.items ?? members).map((m: { userId: string }) => m.userId), [
      other.id,
    ]);
  },
);

itest(
  "rules: the Projects notifications page shows its notices, read once read in the inbox",
  async () => {
    const t = await newTenant();
    const dev = await t.member(["member"]);
    const p = await newProject(t.owner);
    await addMember(t.owner, p.id, dev.id, "member");
    await newTask(t.owner, p.id, { title: "Yours", assigneeId: dev.id });
    const get = async () =>
      await (await callApp("/projects/notifications", {
        headers: { Cookie: `session=${dev.token}` },
      })).text();
    const html = await get();
    assert.match(html, /class="notification unread"[^]*Assigned to you: Yours/);
    assert.match(html, /href="\/notifications"/);
    const [notice] = (await json(await dev.call("GET", "/api/projects/notifications"), 200)).items;
    const res = await form(dev, `/notifications/${notice.id}/read`, {});
    assert.equal(res.status, 200);
    assert.match(await get(), /class="notification read"/);
  },
);

itest("rules: editing a comment notifies only the people it newly mentions, once", async () => {
  const t = await newTenant();
  const dev = await t.member(["member"]);
  const qa = await t.member(["member"]);
  const p = await newProject(t.owner);
  for (const u of [dev, qa]) await addMember(t.owner, p.id, u.id, "member");
  const task = await newTask(t.owner, p.id, { title: "Edit me" });
  const handle = (u: Caller) => "@" + u.email.split("@")[0];
  const c = await json(
    await t.owner.call("POST", "/api/projects/comments", {
      taskId: task.id,
      body: `${handle(dev)} first`,
    }),
    201,
  );
  const titles = async (who: Caller) =>
    (await json(await who.call("GET", "/api/projects/notifications"), 200)).items.map((
      n: { title: string },
    ) => n.title);
  assert.equal((await titles(dev)).length, 1);
  for (let i = 0; i < 2; i++) {
    await json(
      await t.owner.call("PATCH", `/api/projects/comments/${c.id}`, {
        body: `${handle(dev)} and ${handle(qa)} now`,
      }),
      200,
    );
  }
  assert.equal((await titles(dev)).length, 1);
  assert.deepEqual(await titles(qa), ["Owner mentioned you on Edit me"]);
});

itest("rules: a refused flow change is checked whole before anything is written", async () => {
  const t = await newTenant();
  const p = await newProject(t.owner);
  const before = await flow(t.owner, p.id);
  const [todo, doing, done] = before.items;
  const url = `/api/projects/projects/${p.id}/statuses`;
  await problem(
    await t.owner.call("PUT", url, {
      statuses: [
        { id: todo.id, name: "Renamed", category: "open" },
        { id: doing.id, name: doing.name, category: "open" },
        { id: done.id, name: done.name, category: "done" },
        { name: "Brand new", category: "open" },
      ],
      transitions: [{ from: "Renamed", to: "Nowhere" }],
    }),
    422,
  );
  await problem(
    await t.owner.call("PUT", url, {
      statuses: [
        { id: todo.id, name: "One", category: "open" },
        { id: todo.id, name: "Two", category: "open" },
      ],
      moveTasks: [],
    }),
    422,
  );
  assert.deepEqual(await flow(t.owner, p.id), before);
});

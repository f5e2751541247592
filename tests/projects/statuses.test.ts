import assert from "node:assert/strict";
import { itest, newTenant, problem } from "../helpers.ts";
import { addMember, flow, json, newProject, newTask } from "./fixtures.ts";

itest(
  "status flow: default, rename, reorder, add keep tasks; delete in use needs a target",
  async () => {
    const t = await newTenant();
    const p = await newProject(t.owner);
    const f = await flow(t.owner, p.id);
    assert.deepEqual(f.items.map((s: { name: string }) => s.name), [
      "To do",
      "In progress",
      "Done",
    ]);
    assert.deepEqual(f.items.map((s: { category: string }) => s.category), [
      "open",
      "open",
      "done",
    ]);
    const [todo, doing, done] = f.items;
    const task = await newTask(t.owner, p.id);
    const url = `/api/projects/projects/${p.id}/statuses`;
    const renamed = await json(
      await t.owner.call("PUT", url, {
        statuses: [
          { id: doing.id, name: "Doing", category: "open" },
          { id: todo.id, name: "Todo", category: "open" },
          { name: "Review", category: "open" },
          { id: done.id, name: "Done", category: "done" },
        ],
      }),
      200,
    );
    assert.deepEqual(renamed.items.map((s: { name: string }) => s.name), [
      "Doing",
      "Todo",
      "Review",
      "Done",
    ]);
    assert.equal(
      (await json(await t.owner.call("GET", `/api/projects/tasks/${task.id}`), 200)).statusName,
      "Todo",
    );

    const without = {
      statuses: [
        { id: doing.id, name: "Doing", category: "open" },
        { id: done.id, name: "Done", category: "done" },
      ],
    };
    const refused = await problem(await t.owner.call("PUT", url, without), 422);
    assert.match(refused.detail, /Todo/);
    assert.equal((await flow(t.owner, p.id)).items.length, 4);
    await problem(
      await t.owner.call("PUT", url, { ...without, moveTasks: [{ from: todo.id, to: "Nowhere" }] }),
      422,
    );
    const moved = await json(
      await t.owner.call("PUT", url, { ...without, moveTasks: [{ from: todo.id, to: "Done" }] }),
      200,
    );
    assert.deepEqual(moved.items.map((s: { name: string }) => s.name), ["Doing", "Done"]);
    const after = await json(await t.owner.call("GET", `/api/projects/tasks/${task.id}`), 200);
    assert.equal(after.statusName, "Done");
    assert.ok(after.doneAt);

    await problem(await t.owner.call("PUT", url, { statuses: [] }), 400);
    await problem(
      await t.owner.call("PUT", url, { statuses: [{ name: "A", category: "done" }] }),
      422,
    );
    await problem(
      await t.owner.call("PUT", url, {
        statuses: [{ name: "A", category: "open" }, { name: "a", category: "open" }],
      }),
      422,
    );
  },
);

itest("status flow: transitions restrict moves and roles; viewers and others refused", async () => {
  const a = await newTenant();
  const b = await newTenant();
  const member = await a.member(["member"]);
  const viewer = await a.member(["member"]);
  const p = await newProject(a.owner);
  await addMember(a.owner, p.id, member.id, "member");
  await addMember(a.owner, p.id, viewer.id, "viewer");
  const [todo, doing, done] = (await flow(a.owner, p.id)).items;
  const url = `/api/projects/projects/${p.id}/statuses`;
  const statuses = [todo, doing, done].map(({ id, name, category }) => ({ id, name, category }));
  const body = {
    statuses,
    transitions: [
      { from: "To do", to: "In progress" },
      { from: "In progress", to: "Done", roles: ["manager"] },
    ],
  };
  await problem(await member.call("PUT", url, body), 403);
  await problem(await viewer.call("PUT", url, body), 403);
  await problem(await b.owner.call("PUT", url, body), 404);
  await problem(await b.owner.call("GET", `/api/projects/status?projectId=${p.id}`), 404);
  await problem(await a.owner.call("GET", "/api/projects/status?projectId=x"), 400);
  await problem(
    await a.owner.call("PUT", url, { statuses, transitions: [{ from: "To do", to: "Nope" }] }),
    422,
  );
  const f = await json(await a.owner.call("PUT", url, body), 200);
  assert.equal(f.transitions.length, 2);

  const task = await newTask(member, p.id);
  const t = `/api/projects/tasks/${task.id}`;
  await problem(await member.call("PUT", t, { statusId: done.id }), 422);
  await json(await member.call("PUT", t, { statusId: doing.id }), 200);
  await problem(await member.call("PUT", t, { statusId: done.id }), 422);
  await problem(await member.call("PUT", t, { statusId: todo.id }), 422);
  assert.equal(
    (await json(await a.owner.call("PUT", t, { statusId: done.id }), 200)).statusName,
    "Done",
  );
});

import assert from "node:assert/strict";
import { type Caller, itest, newTenant, problem, testApp } from "../helpers.ts";
import { withScope } from "../../shared/db/scope.ts";
import type { JobContext } from "../../shared/jobs/dispatcher.ts";
import { remindDueTasks } from "../../modules/projects/notices/due.service.ts";
import { addMember, json, newProject, newTask } from "./fixtures.ts";

const inbox = async (who: Caller) =>
  (await json(await who.call("GET", "/api/projects/notifications"), 200)).items as {
    title: string;
    link: string;
  }[];

async function outbox(tenantId: string) {
  const { platform } = await testApp();
  return await withScope(
    platform.db.sql,
    { tenantId },
    (tx) => tx`select to_address, subject from mail_outbox order by created_at`,
  );
}

itest("notifications: assignment and comment notify the right users once", async () => {
  const t = await newTenant();
  const dev = await t.member(["member"]);
  const watcher = await t.member(["member"]);
  const bystander = await t.member(["member"]);
  const p = await newProject(t.owner);
  for (const u of [dev, watcher, bystander]) await addMember(t.owner, p.id, u.id, "member");
  // dev opts in to assignment e-mail; nobody else does.
  const prefs = { assignment: true, comment: false, mention: false, due: false };
  assert.deepEqual(
    await json(await dev.call("PUT", "/api/projects/notifications/preferences", prefs), 200),
    prefs,
  );
  await problem(await dev.call("PUT", "/api/projects/notifications/preferences", { x: 1 }), 400);

  const task = await newTask(watcher, p.id, { title: "Ship it", assigneeId: dev.id });
  assert.deepEqual((await inbox(dev)).map((n) => n.title), ["Assigned to you: Ship it"]);
  assert.equal((await inbox(dev))[0].link, `/projects/tasks/${task.id}`);
  // Saving without changing the assignee does not notify again.
  await json(
    await watcher.call("PUT", `/api/projects/tasks/${task.id}`, { title: "Ship it" }),
    200,
  );
  assert.equal((await inbox(dev)).length, 1);
  assert.deepEqual((await outbox(t.id)).map((r) => r.toAddress), [dev.email]);

  // A comment by dev: watcher (creator) hears once; dev (author) and bystander do not.
  await json(
    await dev.call("POST", "/api/projects/comments", { taskId: task.id, body: "On it **now**" }),
    201,
  );
  assert.deepEqual((await inbox(watcher)).map((n) => n.title), ["New comment on Ship it"]);
  assert.equal((await inbox(bystander)).length, 0);
  assert.equal((await inbox(dev)).length, 1);

  // A mention reaches the mentioned member once, as a mention, even if they also watch.
  const handle = bystander.email.split("@")[0];
  const c = await json(
    await watcher.call("POST", "/api/projects/comments", {
      taskId: task.id,
      body: `@${handle} and @${dev.email} please look`,
    }),
    201,
  );
  assert.deepEqual(c.mentions.sort(), [dev.id, bystander.id].sort());
  assert.deepEqual((await inbox(bystander)).map((n) => n.title), [
    "Member member mentioned you on Ship it",
  ]);
  const devTitles = (await inbox(dev)).map((n) => n.title);
  assert.equal(devTitles.length, 2);
  assert.match(devTitles[0], /mentioned you/);
  assert.equal((await inbox(watcher)).length, 1);
  // Other tenants see nothing.
  const other = await newTenant();
  assert.equal((await inbox(other.owner)).length, 0);
});

itest("comments: markdown sanitized, edit/delete by the author only, access rules", async () => {
  const a = await newTenant();
  const b = await newTenant();
  const m = await a.member(["member"]);
  const viewer = await a.member(["member"]);
  const p = await newProject(a.owner);
  await addMember(a.owner, p.id, m.id, "member");
  await addMember(a.owner, p.id, viewer.id, "viewer");
  const task = await newTask(a.owner, p.id);
  const c = await json(
    await m.call("POST", "/api/projects/comments", {
      taskId: task.id,
      body: "Hi <script>alert(1)</script> *there*",
    }),
    201,
  );
  assert.ok(!c.bodyHtml.includes("<script"));
  assert.match(c.bodyHtml, /<em>there<\/em>/);
  const list = await json(
    await viewer.call("GET", `/api/projects/comments?taskId=${task.id}`),
    200,
  );
  assert.deepEqual(list.items.map((x: { id: string }) => x.id), [c.id]);
  await problem(
    await a.owner.call("POST", "/api/projects/comments", { taskId: task.id, body: "" }),
    400,
  );
  await problem(await a.owner.call("GET", "/api/projects/comments"), 400);
  await problem(
    await viewer.call("POST", "/api/projects/comments", { taskId: task.id, body: "v" }),
    403,
  );
  await problem(
    await a.owner.call("PATCH", `/api/projects/comments/${c.id}`, { body: "owner" }),
    403,
  );
  await problem(await b.owner.call("GET", `/api/projects/comments?taskId=${task.id}`), 404);
  await problem(await b.owner.call("PATCH", `/api/projects/comments/${c.id}`, { body: "b" }), 404);
  await problem(await b.owner.call("DELETE", `/api/projects/comments/${c.id}`), 404);
  const edited = await json(
    await m.call("PATCH", `/api/projects/comments/${c.id}`, { body: "Edited" }),
    200,
  );
  assert.equal(edited.body, "Edited");
  assert.equal((await m.call("DELETE", `/api/projects/comments/${c.id}`)).status, 204);
  const empty = await json(await m.call("GET", `/api/projects/comments?taskId=${task.id}`), 200);
  assert.equal(empty.items.length, 0);
});

itest("due job: reminds the assignee once per due date, by e-mail when opted in", async () => {
  const t = await newTenant();
  const dev = await t.member(["member"]);
  const p = await newProject(t.owner);
  await addMember(t.owner, p.id, dev.id, "member");
  await json(
    await dev.call("PUT", "/api/projects/notifications/preferences", {
      assignment: false,
      comment: false,
      mention: false,
      due: true,
    }),
    200,
  );
  const today = new Date().toISOString().slice(0, 10);
  await newTask(t.owner, p.id, { title: "Soon", assigneeId: dev.id, dueDate: today });
  await newTask(t.owner, p.id, { title: "Later", assigneeId: dev.id, dueDate: "2099-01-01" });
  const { platform } = await testApp();
  const ctx = {
    tenantId: t.id,
    scoped: (fn: never) => withScope(platform.db.sql, { tenantId: t.id }, fn),
    bus: platform.bus,
    log: () => {},
  } as unknown as JobContext;
  await remindDueTasks(ctx);
  await remindDueTasks(ctx);
  const due = (await inbox(dev)).filter((n) => n.title.startsWith("Due"));
  assert.deepEqual(due.map((n) => n.title), [`Due ${today}: Soon`]);
  assert.equal((await outbox(t.id)).filter((r) => r.subject.startsWith("Due")).length, 1);
});

itest("watching: a watcher hears about comments until they stop", async () => {
  const a = await newTenant();
  const b = await newTenant();
  const w = await a.member(["member"]);
  const outsider = await a.member(["member"]);
  const p = await newProject(a.owner);
  await addMember(a.owner, p.id, w.id, "viewer");
  const task = await newTask(a.owner, p.id, { title: "Watched" });
  const url = `/api/projects/tasks/${task.id}/watch`;
  assert.deepEqual(await json(await w.call("PUT", url), 200), { watching: true });
  await problem(await outsider.call("PUT", url), 404);
  await problem(await b.owner.call("PUT", url), 404);
  await problem(await w.call("PUT", "/api/projects/tasks/nope/watch"), 400);
  await json(
    await a.owner.call("POST", "/api/projects/comments", { taskId: task.id, body: "1" }),
    201,
  );
  assert.deepEqual((await inbox(w)).map((n) => n.title), ["New comment on Watched"]);
  assert.deepEqual(await json(await w.call("DELETE", url), 200), { watching: false });
  await json(
    await a.owner.call("POST", "/api/projects/comments", { taskId: task.id, body: "2" }),
    201,
  );
  assert.equal((await inbox(w)).length, 1);
});

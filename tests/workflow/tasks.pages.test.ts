import assert from "node:assert/strict";
import { browse, itest, newTenant } from "../helpers.ts";
import { API, FORM, inHours, json, newTask } from "./tasks.fixtures.ts";

const visibleText = (html: string) =>
  html.replace(/<script[\s\S]*?<\/script>/g, "").replace(/<[^>]+>/g, " ");

itest("task pages: lists, the task page with its form, claim and complete by form", async () => {
  const t = await newTenant();
  const agent = await t.member(["agent"]);
  const task = await newTask(t.owner, {
    name: "Approve trip",
    candidateRoles: ["agent"],
    formFields: FORM,
    priority: "kritik",
    dueAt: inHours(-2),
  });
  const pool = await browse("/workflow/task-pool", { who: agent });
  assert.equal(pool.status, 200);
  const poolHtml = await pool.text();
  assert.ok(poolHtml.includes("Approve trip"));
  assert.ok(poolHtml.includes("Overdue"));
  assert.ok(poolHtml.includes("Critical"));
  assert.ok(!/[0-9a-f]{8}-[0-9a-f]{4}-/.test(visibleText(poolHtml)));
  assert.equal((await browse("/workflow/tasks", { who: agent })).status, 403);
  assert.equal((await browse("/workflow/tasks", { who: t.owner })).status, 200);
  assert.equal((await browse("/workflow/my-tasks", { who: agent })).status, 200);

  const pageRes = await browse(`/workflow/tasks/${task.id}`, { who: agent });
  const html = await pageRes.text();
  assert.equal(pageRes.status, 200);
  assert.ok(html.includes('name="f.amount"'));
  assert.ok(html.includes("Claim"));
  const claimed = await browse(`/workflow/tasks/${task.id}/claim`, { who: agent, form: {} });
  assert.equal(claimed.status, 303);
  const bad = await browse(`/workflow/tasks/${task.id}/complete`, {
    who: agent,
    form: { "f.amount": "lots" },
  });
  assert.equal(bad.status, 400);
  assert.ok((await bad.text()).includes("whole number"));
  const done = await browse(`/workflow/tasks/${task.id}/complete`, {
    who: agent,
    form: { "f.amount": "40", "f.approved": "true", "f.kind": "office" },
  });
  assert.equal(done.status, 303);
  const after = await json(await agent.call("GET", `${API}/tasks/${task.id}`), 200);
  assert.equal(after.state, "completed");
  assert.deepEqual(after.data, { amount: 40, approved: true, kind: "office" });

  const tr = await browse(`/workflow/tasks/${task.id}`, {
    who: agent,
    headers: { "Accept-Language": "tr" },
  });
  assert.ok((await tr.text()).includes("Tamamlandı"));
  assert.equal(
    (await browse(`/workflow/tasks/${crypto.randomUUID()}`, { who: agent })).status,
    404,
  );
});

itest("task pages: create, comment, delegate, and the delegations page", async () => {
  const t = await newTenant();
  const a = await t.member(["agent"]);
  const b = await t.member(["agent"]);
  const created = await browse("/workflow/tasks", { who: a, form: { name: "Call the bank" } });
  assert.equal(created.status, 303);
  const id = created.headers.get("location")!.split("/").pop()!;
  const empty = await browse("/workflow/tasks", { who: a, form: { name: "" } });
  assert.equal(empty.status, 400);
  const comment = await browse(`/workflow/tasks/${id}/comments`, { who: a, form: { body: "Hi" } });
  assert.equal(comment.status, 303);
  const delegated = await browse(`/workflow/tasks/${id}/delegate`, {
    who: a,
    form: { toUserId: b.id, mode: "delegate" },
  });
  assert.equal(delegated.status, 303);
  const badTarget = await browse(`/workflow/tasks/${id}/delegate`, {
    who: b,
    form: { toUserId: "nobody", mode: "delegate" },
  });
  assert.equal(badTarget.status, 400);
  const received = await browse("/workflow/delegations?tab=received", { who: b });
  assert.equal(received.status, 200);
  assert.ok((await received.text()).includes("Call the bank"));
  const standing = await browse("/workflow/delegations/standing", {
    who: a,
    form: { toUserId: b.id, startsAt: "2020-01-01T09:00", endsAt: "2099-01-01T09:00" },
  });
  assert.equal(standing.status, 303);
  const list = await browse("/workflow/delegations?tab=standing", { who: a });
  const html = await list.text();
  assert.ok(html.includes("In force"));
  const d = await json(await a.call("GET", `${API}/delegations/standing`), 200);
  const revoke = await browse(`/workflow/delegations/standing/${d.items[0].id}/revoke`, {
    who: a,
    form: {},
  });
  assert.equal(revoke.status, 303);
});

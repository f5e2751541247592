import assert from "node:assert/strict";
import { uuidv7 } from "uuidv7";
import { itest, newTenant, problem, testApp } from "../helpers.ts";
import { insertTask } from "../../modules/workflow/tasks/tasks.create.service.ts";
import { API, FORM, inbox, inHours, inTenant, json, newTask } from "./tasks.fixtures.ts";

itest("delegations: delegate, resolve back to the owner, then complete", async () => {
  const t = await newTenant();
  const boss = await t.member(["agent"]);
  const helper = await t.member(["agent"]);
  const task = await newTask(t.owner, { assignee: boss.id, formFields: FORM });
  const put = (who: typeof boss, body: Record<string, unknown>) =>
    who.call("PUT", `${API}/delegations`, body);
  const delegated = await json(
    await put(boss, { taskId: task.id, toUserId: helper.id, mode: "delegate", note: "Check sums" }),
    200,
  );
  assert.equal(delegated.state, "delegated");
  assert.equal(delegated.owner, boss.id);
  assert.equal(delegated.assignee, helper.id);
  assert.ok((await inbox(helper)).includes("Task delegated to you: Check invoice"));
  // The delegate resolves with data; the task returns to its owner with the data kept.
  await problem(
    await helper.call("POST", `${API}/tasks/${task.id}/complete`, { data: {} }),
    400,
  );
  const resolved = await json(
    await helper.call("POST", `${API}/tasks/${task.id}/complete`, { data: { amount: 7 } }),
    200,
  );
  assert.equal(resolved.state, "claimed");
  assert.equal(resolved.assignee, boss.id);
  assert.equal(resolved.owner, null);
  assert.equal(resolved.data.amount, 7);
  assert.ok((await inbox(boss)).some((x) => x.startsWith("Delegated task resolved")));
  const done = await json(
    await boss.call("POST", `${API}/tasks/${task.id}/complete`, { data: { amount: 8 } }),
    200,
  );
  assert.equal(done.state, "completed");

  const given = await json(await boss.call("GET", `${API}/delegations?view=given`), 200);
  assert.deepEqual(given.items.map((x: { event: string }) => x.event), ["delegated"]);
  assert.equal(given.items[0].data.note, "Check sums");
  const received = await json(await boss.call("GET", `${API}/delegations?view=received`), 200);
  assert.ok(received.items.some((x: { event: string }) => x.event === "resolved"));
  await problem(await boss.call("GET", `${API}/delegations?view=sideways`), 400);
});

itest("delegations: reassigning, and who may hand a task over", async () => {
  const t = await newTenant();
  const a = await t.member(["agent"]);
  const b = await t.member(["agent"]);
  const c = await t.member(["member"]);
  const viewer = await t.member(["viewer"]);
  const task = await newTask(a, { name: "Mine", assignee: a.id });
  const put = (who: typeof a, body: Record<string, unknown>) =>
    who.call("PUT", `${API}/delegations`, body);
  await problem(await put(a, { taskId: task.id, toUserId: b.id, mode: "sideways" }), 400);
  await problem(await put(a, { taskId: task.id, toUserId: uuidv7() }), 400);
  await problem(await put(a, { taskId: task.id, toUserId: viewer.id }), 400);
  await problem(await put(a, { taskId: task.id, toUserId: a.id }), 400);
  await problem(await put(viewer, { taskId: task.id, toUserId: b.id }), 403);
  await problem(await put(b, { taskId: task.id, toUserId: c.id, mode: "reassign" }), 404);

  const moved = await json(
    await put(a, { taskId: task.id, toUserId: b.id, mode: "reassign" }),
    200,
  );
  assert.equal(moved.assignee, b.id);
  assert.equal(moved.state, "claimed");
  assert.equal(moved.owner, null);
  // a created the task, so still sees it, but is no longer its assignee.
  await problem(await put(a, { taskId: task.id, toUserId: c.id, mode: "delegate" }), 403);
  const byAdmin = await json(
    await put(t.owner, { taskId: task.id, toUserId: c.id, mode: "reassign" }),
    200,
  );
  assert.equal(byAdmin.assignee, c.id);
  assert.ok((await inbox(c)).includes("Task assigned to you: Mine"));

  const pooled = await newTask(t.owner, { candidateRoles: ["agent"] });
  await problem(await put(a, { taskId: pooled.id, toUserId: b.id }), 409);

  const other = await newTenant();
  await problem(await put(other.owner, { taskId: task.id, toUserId: other.owner.id }), 404);
  const after = await json(await t.owner.call("GET", `${API}/tasks/${task.id}`), 200);
  assert.equal(after.assignee, c.id);
});

itest("delegations: standing delegations route new tasks to the substitute", async () => {
  const t = await newTenant();
  const away = await t.member(["agent"]);
  const sub = await t.member(["agent"]);
  const viewer = await t.member(["viewer"]);
  const post = (who: typeof away, body: Record<string, unknown>) =>
    who.call("POST", `${API}/delegations/standing`, body);
  const window = { startsAt: inHours(-1), endsAt: inHours(48) };
  await problem(
    await post(away, { toUserId: sub.id, startsAt: inHours(5), endsAt: inHours(1) }),
    400,
  );
  await problem(await post(away, { toUserId: away.id, ...window }), 400);
  await problem(await post(away, { toUserId: viewer.id, ...window }), 400);
  await problem(await post(away, { toUserId: sub.id, ...window, definitionId: uuidv7() }), 400);
  await problem(
    await post(away, { toUserId: sub.id, startsAt: "monday", endsAt: inHours(1) }),
    400,
  );
  await problem(await post(viewer, { toUserId: sub.id, ...window }), 403);
  await problem(await post(sub, { fromUserId: away.id, toUserId: sub.id, ...window }), 403);

  const d = await json(await post(away, { toUserId: sub.id, ...window, reason: "Holiday" }), 201);
  assert.equal(d.active, true);
  assert.equal(d.toUser, sub.id);
  const given = await json(await away.call("GET", `${API}/delegations/standing?view=given`), 200);
  assert.deepEqual(given.items.map((x: { id: string }) => x.id), [d.id]);
  const received = await json(
    await sub.call("GET", `${API}/delegations/standing?view=received`),
    200,
  );
  assert.deepEqual(received.items.map((x: { id: string }) => x.id), [d.id]);
  await problem(await sub.call("GET", `${API}/delegations/standing?view=all`), 403);

  const task = await newTask(t.owner, { name: "While away", assignee: away.id });
  assert.equal(task.assignee, sub.id);
  assert.equal(task.owner, away.id);
  assert.equal(task.state, "claimed");
  assert.ok((await inbox(sub)).includes("Task assigned to you: While away"));
  const detail = await json(await sub.call("GET", `${API}/tasks/${task.id}`), 200);
  const routed = detail.history.find((h: { event: string }) => h.event === "substituted");
  assert.equal(routed.fromUser, away.id);
  assert.equal(routed.toUser, sub.id);
  // The substitute completes it outright (it is not a delegation that comes back).
  const done = await json(
    await sub.call("POST", `${API}/tasks/${task.id}/complete`, { data: {} }),
    200,
  );
  assert.equal(done.state, "completed");

  // Someone else's, or another tenant's, delegation cannot be revoked.
  const other = await newTenant();
  await problem(await other.owner.call("DELETE", `${API}/delegations/standing/${d.id}`), 404);
  await problem(await sub.call("DELETE", `${API}/delegations/standing/${d.id}`), 403);
  await problem(await viewer.call("DELETE", `${API}/delegations/standing/${d.id}`), 403);
  await problem(await away.call("DELETE", `${API}/delegations/standing/bad`), 400);
  const revoked = await json(
    await away.call("DELETE", `${API}/delegations/standing/${d.id}`),
    200,
  );
  assert.equal(revoked.active, false);
  await problem(await away.call("DELETE", `${API}/delegations/standing/${d.id}`), 409);
  const later = await newTask(t.owner, { name: "Back home", assignee: away.id });
  assert.equal(later.assignee, away.id);
  assert.equal(later.owner, null);
});

itest("delegations: a delegation for one definition routes only its tasks", async () => {
  const t = await newTenant();
  const away = await t.member(["agent"]);
  const sub = await t.member(["agent"]);
  const def = uuidv7();
  await inTenant(t.id, (tx) =>
    tx`insert into workflow_definitions (tenant_id, id, key, name)
      values (${t.id}, ${def}, 'travel', 'Travel request')`);
  const d = await json(
    await t.owner.call("POST", `${API}/delegations/standing`, {
      fromUserId: away.id,
      toUserId: sub.id,
      startsAt: inHours(-1),
      endsAt: inHours(5),
      definitionId: def,
    }),
    201,
  );
  assert.equal(d.definitionName, "Travel request");
  assert.equal(d.fromUser, away.id);
  const all = await json(await t.owner.call("GET", `${API}/delegations/standing?view=all`), 200);
  assert.equal(all.items.length, 1);
  // A stand-alone task has no definition: it stays with the assignee.
  const plain = await newTask(t.owner, { assignee: away.id });
  assert.equal(plain.assignee, away.id);
  // A task of that definition goes to the substitute.
  const { platform } = await testApp();
  const session = { userId: t.owner.id, tenantId: t.id, roles: ["owner"], permissions: ["*"] };
  const routed = await inTenant(t.id, async (tx) => {
    const { id } = await insertTask(
      { sql: tx, session: session as never, bus: platform.bus },
      { name: "Book flight", definitionId: def, assignee: away.id },
    );
    return (await tx`select assignee, owner from workflow_tasks where id = ${id}`)[0];
  }, t.owner.id);
  assert.equal(routed.assignee, sub.id);
  assert.equal(routed.owner, away.id);
});

import assert from "node:assert/strict";
import { uuidv7 } from "uuidv7";
import { itest, newTenant, problem, testApp } from "../helpers.ts";
import { insertTask } from "../../modules/workflow/tasks/tasks.create.service.ts";
import { sendTaskReminders } from "../../modules/workflow/tasks/tasks.reminders.service.ts";
import { asWorker } from "../../shared/jobs/dispatcher.ts";
import { workflow } from "../../modules/workflow/mod.ts";
import { API, FORM, inbox, inHours, inTenant, json, newTask } from "./tasks.fixtures.ts";

itest("tasks: a stand-alone task is created, listed as mine and notified", async () => {
  const t = await newTenant();
  const agent = await t.member(["agent"]);
  const viewer = await t.member(["viewer"]);
  const task = await newTask(t.owner, {
    assignee: agent.id,
    priority: "yuksek",
    dueAt: inHours(2),
  });
  assert.equal(task.state, "claimed");
  assert.equal(task.assignee, agent.id);
  assert.equal(task.priority, "yuksek");
  assert.equal(task.overdue, false);
  const mine = await json(await agent.call("GET", `${API}/tasks?view=mine`), 200);
  assert.deepEqual(mine.items.map((x: { id: string }) => x.id), [task.id]);
  assert.equal((await json(await t.owner.call("GET", `${API}/tasks`), 200)).items.length, 0);
  assert.ok((await inbox(agent)).includes("Task assigned to you: Check invoice"));
  const mails = await inTenant(t.id, (tx) => tx`select to_address from mail_outbox`);
  assert.ok(mails.some((m) => m.toAddress === agent.email));
  const detail = await json(await agent.call("GET", `${API}/tasks/${task.id}`), 200);
  assert.deepEqual(detail.history.map((h: { event: string }) => h.event), ["created", "assigned"]);
  assert.equal(detail.can.complete, true);
  // A member who reads Turkish gets the notice in Turkish (the tenant's default otherwise).
  const turkish = await t.member(["agent"]);
  assert.equal((await turkish.call("PATCH", "/api/auth/me", { locale: "tr" })).status, 200);
  await newTask(t.owner, { assignee: turkish.id, name: "Faturayı kontrol et" });
  assert.ok(
    (await inbox(turkish)).some((x) => x.startsWith("Size görev atandı: Faturayı")),
    "Turkish notice",
  );
  // Nobody named: the creator keeps it.
  const self = await newTask(agent, { name: "Note to self" });
  assert.equal(self.assignee, agent.id);

  await problem(await t.owner.call("POST", `${API}/tasks`, { name: "" }), 400);
  await problem(await t.owner.call("POST", `${API}/tasks`, { name: "x", priority: "urgent" }), 400);
  const stranger = await problem(
    await t.owner.call("POST", `${API}/tasks`, { name: "x", candidateUsers: [uuidv7()] }),
    400,
  );
  assert.equal(stranger.errors[0].path, "candidateUsers.0");
  await problem(
    await t.owner.call("POST", `${API}/tasks`, { name: "x", assignee: viewer.id }),
    400,
  );
  await problem(
    await t.owner.call("POST", `${API}/tasks`, { name: "x", candidateRoles: ["nope"] }),
    400,
  );
  await problem(await viewer.call("POST", `${API}/tasks`, { name: "x" }), 403);
});

itest("tasks: pool, form before claiming, claim once, complete validated data", async () => {
  const t = await newTenant();
  const a1 = await t.member(["agent"]);
  const a2 = await t.member(["agent"]);
  const member = await t.member(["member"]);
  const task = await newTask(t.owner, { candidateRoles: ["agent"], formFields: FORM });
  assert.equal(task.state, "created");
  const pool = await json(await a1.call("GET", `${API}/tasks?view=pool`), 200);
  assert.deepEqual(pool.items.map((x: { id: string }) => x.id), [task.id]);
  assert.equal(
    (await json(await member.call("GET", `${API}/tasks?view=pool`), 200)).items.length,
    0,
  );
  const seen = await json(await a1.call("GET", `${API}/tasks/${task.id}`), 200);
  assert.equal(seen.formFields.length, 4);
  assert.equal(seen.can.claim, true);
  await problem(await member.call("GET", `${API}/tasks/${task.id}`), 404);
  await problem(await member.call("POST", `${API}/tasks/${task.id}/claim`), 404);
  await problem(await a1.call("POST", `${API}/tasks/${task.id}/complete`, { data: {} }), 409);

  const claimed = await json(await a1.call("POST", `${API}/tasks/${task.id}/claim`), 200);
  assert.equal(claimed.assignee, a1.id);
  await problem(await a2.call("POST", `${API}/tasks/${task.id}/claim`), 409);
  await problem(await a2.call("POST", `${API}/tasks/${task.id}/complete`, { data: {} }), 403);

  const bad = await problem(
    await a1.call("POST", `${API}/tasks/${task.id}/complete`, {
      data: { amount: "12.5", approved: "maybe", kind: "food", payOn: "tomorrow" },
    }),
    400,
  );
  assert.deepEqual(bad.errors.map((e: { path: string }) => e.path).sort(), [
    "data.amount",
    "data.approved",
    "data.kind",
    "data.payOn",
  ]);
  const missing = await problem(
    await a1.call("POST", `${API}/tasks/${task.id}/complete`, { data: {} }),
    400,
  );
  assert.deepEqual(missing.errors, [{ path: "data.amount", message: "Required" }]);
  await problem(await a1.call("POST", `${API}/tasks/${task.id}/complete`, { data: 5 }), 400);
  const done = await json(
    await a1.call("POST", `${API}/tasks/${task.id}/complete`, {
      data: { amount: "120", kind: "travel", payOn: "2026-12-01", note: "kept" },
    }),
    200,
  );
  assert.equal(done.state, "completed");
  assert.deepEqual(done.data, {
    amount: 120,
    approved: false,
    kind: "travel",
    payOn: "2026-12-01",
    note: "kept",
  });
  await problem(await a1.call("POST", `${API}/tasks/${task.id}/complete`, { data: {} }), 409);
  const detail = await json(await a1.call("GET", `${API}/tasks/${task.id}`), 200);
  assert.deepEqual(detail.history.map((h: { event: string }) => h.event), [
    "created",
    "claimed",
    "completed",
  ]);
});

itest("tasks: unclaim, update, cancel and the rules around them", async () => {
  const t = await newTenant();
  const a1 = await t.member(["agent"]);
  const viewer = await t.member(["viewer"]);
  const task = await newTask(t.owner, { candidateUsers: [a1.id] });
  await json(await a1.call("POST", `${API}/tasks/${task.id}/claim`), 200);
  const back = await json(await a1.call("POST", `${API}/tasks/${task.id}/unclaim`), 200);
  assert.equal(back.state, "created");
  assert.equal(back.assignee, null);
  await problem(await a1.call("POST", `${API}/tasks/${task.id}/unclaim`), 409);
  await json(await a1.call("POST", `${API}/tasks/${task.id}/claim`), 200);

  const due = inHours(-1);
  const upd = await json(
    await a1.call("PUT", `${API}/tasks/${task.id}`, { priority: "kritik", dueAt: due }),
    200,
  );
  assert.equal(upd.priority, "kritik");
  assert.equal(upd.overdue, true);
  await problem(await a1.call("PUT", `${API}/tasks/${task.id}`, { dueAt: "soon" }), 400);
  await problem(await viewer.call("PUT", `${API}/tasks/${task.id}`, { name: "x" }), 403);
  const overdue = await json(await a1.call("GET", `${API}/tasks?overdue=true`), 200);
  assert.deepEqual(overdue.items.map((x: { id: string }) => x.id), [task.id]);
  const high = await json(await a1.call("GET", `${API}/tasks?priority=dusuk`), 200);
  assert.equal(high.items.length, 0);
  const found = await json(await a1.call("GET", `${API}/tasks?q=INVOICE`), 200);
  assert.equal(found.items.length, 1);

  // The assignee did not create it: only the creator (or a supervisor) cancels.
  await problem(await a1.call("POST", `${API}/tasks/${task.id}/cancel`), 403);
  await problem(await a1.call("GET", `${API}/tasks?view=all`), 403);
  const all = await json(await t.owner.call("GET", `${API}/tasks?view=all`), 200);
  assert.equal(all.items.length, 1);
  const cancelled = await json(await t.owner.call("POST", `${API}/tasks/${task.id}/cancel`), 200);
  assert.equal(cancelled.state, "cancelled");
  await problem(await t.owner.call("POST", `${API}/tasks/${task.id}/cancel`), 409);
  await problem(await a1.call("PUT", `${API}/tasks/${task.id}`, { name: "late" }), 409);
});

itest("tasks: another tenant's task is not found and stays unchanged", async () => {
  const a = await newTenant();
  const b = await newTenant();
  const task = await newTask(a.owner, { formFields: FORM });
  const other = b.owner;
  await problem(await other.call("GET", `${API}/tasks/${task.id}`), 404);
  await problem(await other.call("PUT", `${API}/tasks/${task.id}`, { name: "Hijacked" }), 404);
  await problem(await other.call("POST", `${API}/tasks/${task.id}/claim`), 404);
  await problem(await other.call("POST", `${API}/tasks/${task.id}/unclaim`), 404);
  await problem(await other.call("POST", `${API}/tasks/${task.id}/cancel`), 404);
  await problem(
    await other.call("POST", `${API}/tasks/${task.id}/complete`, { data: { amount: 1 } }),
    404,
  );
  await problem(await other.call("GET", `${API}/tasks/${task.id}/comments`), 404);
  await problem(await other.call("POST", `${API}/tasks/${task.id}/comments`, { body: "hi" }), 404);
  await problem(await other.call("GET", `${API}/tasks/${task.id}/attachments`), 404);
  assert.equal((await json(await other.call("GET", `${API}/tasks?view=all`), 200)).items.length, 0);
  const after = await json(await a.owner.call("GET", `${API}/tasks/${task.id}`), 200);
  assert.equal(after.name, "Check invoice");
  assert.equal(after.state, "claimed");
  assert.equal(after.comments.length, 0);
  await problem(await a.owner.call("GET", `${API}/tasks/not-an-id`), 400);
});

itest("tasks: comments and attachments through Documents", async () => {
  const t = await newTenant();
  const agent = await t.member(["agent"]);
  const viewer = await t.member(["viewer"]);
  const task = await newTask(t.owner, { assignee: agent.id });
  const c = await json(
    await agent.call("POST", `${API}/tasks/${task.id}/comments`, { body: "On it" }),
    201,
  );
  assert.equal(c.body, "On it");
  await problem(await agent.call("POST", `${API}/tasks/${task.id}/comments`, { body: " " }), 400);
  await problem(await viewer.call("POST", `${API}/tasks/${task.id}/comments`, { body: "x" }), 403);
  const list = await json(await t.owner.call("GET", `${API}/tasks/${task.id}/comments`), 200);
  assert.deepEqual(list.items.map((x: { body: string }) => x.body), ["On it"]);

  const { app } = await testApp();
  const url = `${API}/tasks/${task.id}/attachments`;
  const upload = (token: string) => {
    const form = new FormData();
    form.append("file", new File(["hello"], "receipt.txt", { type: "text/plain" }));
    return app.request(url, {
      method: "POST",
      body: form,
      headers: { Authorization: `Bearer ${token}` },
    });
  };
  const stored = await json(await upload(agent.token), 201);
  assert.equal(stored.items[0].name, "receipt.txt");
  await problem(await upload(viewer.token), 403);
  const files = await json(await t.owner.call("GET", url), 200);
  assert.deepEqual(files.items.map((f: { name: string }) => f.name), ["receipt.txt"]);
  const links = await inTenant(t.id, (tx) => tx`select file_id from workflow_task_attachments`);
  assert.equal(links[0].fileId, files.items[0].id);
  const dl = await agent.call("GET", `${url}/${files.items[0].id}`);
  assert.equal(dl.status, 200);
  assert.equal(await dl.text(), "hello");
  await problem(await viewer.call("DELETE", `${url}/${files.items[0].id}`), 403);
  assert.equal((await agent.call("DELETE", `${url}/${files.items[0].id}`)).status, 204);
  assert.equal((await json(await t.owner.call("GET", url), 200)).items.length, 0);
});

itest("tasks: due-soon and overdue reminders go out once each", async () => {
  const t = await newTenant();
  const agent = await t.member(["agent"]);
  const soon = await newTask(t.owner, { name: "Soon", assignee: agent.id, dueAt: inHours(3) });
  await newTask(t.owner, { name: "Late", assignee: agent.id, dueAt: inHours(-3) });
  await newTask(t.owner, { name: "Later", assignee: agent.id, dueAt: inHours(72) });
  const { platform } = await testApp();
  // The schedule's own sweep, as the scheduler calls it.
  const job = workflow.jobs.find((j) => j.name === "workflow.task-reminders");
  assert.equal(job?.schedule?.perTenant, true);
  const sweep = () =>
    asWorker(platform.db.sql, (tx) => job!.schedule!.tenantsWithWork!(tx, new Date()));
  assert.ok((await sweep()).includes(t.id), "reminders due: the sweep finds the workspace");
  assert.equal(await inTenant(t.id, (tx) => sendTaskReminders({ sql: tx, bus: platform.bus })), 2);
  assert.ok(!(await sweep()).includes(t.id), "all sent: no job for the workspace");
  assert.equal(await inTenant(t.id, (tx) => sendTaskReminders({ sql: tx, bus: platform.bus })), 0);
  const titles = await inbox(agent);
  assert.ok(titles.includes("Task due soon: Soon"));
  assert.ok(titles.includes("Task overdue: Late"));
  assert.ok(!titles.some((x) => x.endsWith("Later") && !x.startsWith("Task assigned")));
  // Moving the due date re-arms the reminders.
  await json(await agent.call("PUT", `${API}/tasks/${soon.id}`, { dueAt: inHours(-1) }), 200);
  assert.ok((await sweep()).includes(t.id));
  assert.equal(await inTenant(t.id, (tx) => sendTaskReminders({ sql: tx, bus: platform.bus })), 1);
});

itest("tasks: completing a process task hands its data to the engine", async () => {
  const t = await newTenant();
  const agent = await t.member(["agent"]);
  const { platform } = await testApp();
  const ids = { def: uuidv7(), ver: uuidv7(), inst: uuidv7(), token: uuidv7() };
  const model = {
    id: "approve",
    name: "Approve",
    startEvents: ["start"],
    flows: { f2: { id: "f2", name: "", source: "review", target: "end" } },
    elements: {
      review: {
        id: "review",
        type: "userTask",
        name: "Review",
        incoming: [],
        outgoing: ["f2"],
        parent: null,
        formFields: FORM,
      },
      end: { id: "end", type: "endEvent", name: "", incoming: ["f2"], outgoing: [], parent: null },
    },
  };
  const taskId = await inTenant(t.id, async (tx) => {
    await tx`insert into workflow_definitions (tenant_id, id, key, name, latest_version)
      values (${t.id}, ${ids.def}, 'approve', 'Approve', 1)`;
    await tx`insert into workflow_definition_versions (tenant_id, id, definition_id, version, name,
        xml, model) values (${t.id}, ${ids.ver}, ${ids.def}, 1, 'Approve', '<xml/>', ${
      tx.json(model)
    })`;
    await tx`insert into workflow_instances (tenant_id, id, definition_id, version_id, name,
        started_by) values (${t.id}, ${ids.inst}, ${ids.def}, ${ids.ver}, 'Approve', ${t.owner.id})`;
    await tx`insert into workflow_tokens (tenant_id, id, instance_id, element_id, state)
      values (${t.id}, ${ids.token}, ${ids.inst}, 'review', 'waiting')`;
    const session = { userId: t.owner.id, tenantId: t.id, roles: ["owner"], permissions: ["*"] };
    const actor = { sql: tx, session: session as never, bus: platform.bus };
    return (await insertTask(actor, {
      instanceId: ids.inst,
      tokenId: ids.token,
      definitionId: ids.def,
      elementId: "review",
      name: "Review",
      assignee: agent.id,
      form: FORM,
    })).id;
  }, t.owner.id);
  const mine = await json(await agent.call("GET", `${API}/tasks?instanceId=${ids.inst}`), 200);
  assert.deepEqual(mine.items.map((x: { id: string }) => x.id), [taskId]);
  await problem(await t.owner.call("POST", `${API}/tasks/${taskId}/cancel`), 422);
  await problem(await agent.call("POST", `${API}/tasks/${taskId}/complete`, { data: {} }), 400);
  const res = await agent.call("POST", `${API}/tasks/${taskId}/complete`, {
    data: { amount: 5 },
  });
  const [row] = await inTenant(t.id, (tx) => tx`select state, data from workflow_tasks`);
  if (res.status === 200) {
    // The engine is in: the task is done and the token moved on.
    assert.equal((await res.json()).state, "completed");
    assert.equal(row.state, "completed");
    const [inst] = await inTenant(t.id, (tx) => tx`select variables from workflow_instances`);
    assert.equal(inst.variables.amount, 5);
  } else {
    // Until the engine lands its stub refuses; the task is left as it was (rolled back).
    const p = await problem(res, res.status);
    assert.ok([404, 409, 422].includes(p.status));
    assert.equal(row.state, "claimed");
    assert.equal(row.data, null);
  }
});

/**
 * Camunda Modeler exports deploy AND run unchanged (tests/workflow/fixtures/README.md names their
 * sources and licences): started through the API (or by their message), their tasks worked
 * through the task API, each instance ends at its end event.
 */
import assert from "node:assert/strict";
import { type Caller, itest, newTenant, testApp } from "../helpers.ts";
import { withScope } from "../../shared/db/scope.ts";
import { engineOnEvent } from "../../modules/workflow/engine/engine.events.service.ts";

const API = "/api/workflow";
const fixture = (name: string) =>
  Deno.readTextFileSync(new URL(`./fixtures/${name}`, import.meta.url));

async function ok(res: Response, status: number) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return JSON.parse(text);
}

async function deploy(who: Caller, file: string) {
  return await ok(
    await who.call("POST", `${API}/admin/process`, { xml: fixture(file), deploy: true }),
    201,
  );
}

/** The instance's one open task, handed to `who` by a supervisor (the model names "demo"). */
async function takeOver(who: Caller, instanceId: string) {
  const tasks = await ok(
    await who.call("GET", `${API}/tasks?view=all&instanceId=${instanceId}`),
    200,
  );
  assert.equal(tasks.items.length, 1);
  const task = tasks.items[0];
  if (task.assignee !== who.id) {
    await ok(
      await who.call("PUT", `${API}/delegations`, {
        taskId: task.id,
        toUserId: who.id,
        mode: "reassign",
      }),
      200,
    );
  }
  return task;
}

async function state(who: Caller, id: string) {
  return (await ok(await who.call("GET", `${API}/process/${id}`), 200)).state;
}

itest("real-world BPMN: Camunda examples deploy and run unchanged", async () => {
  const { platform } = await testApp();
  const t = await newTenant();

  // Generated forms (Activiti namespace): the start form's fields are checked, then the task.
  const loan = await deploy(t.owner, "camunda-generated-forms.bpmn");
  await ok(
    await t.owner.call("POST", `${API}/process`, { definitionId: loan.id, variables: {} }),
    400,
  );
  const started = await ok(
    await t.owner.call("POST", `${API}/process`, {
      definitionId: loan.id,
      variables: {
        firstname: "Ayşe",
        lastname: "Demir",
        netIncome: 5000,
        loanAmount: 20000,
        loanType: "cashAdvance",
      },
    }),
    201,
  );
  const loanTask = await takeOver(t.owner, started.id);
  assert.equal(loanTask.name, "Approve Request");
  await ok(
    await t.owner.call("POST", `${API}/tasks/${loanTask.id}/complete`, {
      data: {
        firstname: "Ayşe",
        lastname: "Demir",
        netIncome: 5000,
        loanAmount: 20000,
        loanType: "cashAdvance",
        approved: true,
      },
    }),
    200,
  );
  assert.equal(await state(t.owner, started.id), "completed");
  const vars = (await ok(await t.owner.call("GET", `${API}/process/${started.id}`), 200)).variables;
  assert.equal(vars.approved, true);

  // Invoice approval (Camunda Modeler 4.7, camunda-forms form keys): runs to its end event.
  const invoice = await deploy(t.owner, "camunda-invoice-approval.bpmn");
  const inv = await ok(
    await t.owner.call("POST", `${API}/process`, { definitionId: invoice.id }),
    201,
  );
  const invTask = await takeOver(t.owner, inv.id);
  await ok(await t.owner.call("POST", `${API}/tasks/${invTask.id}/complete`, { data: {} }), 200);
  assert.equal(await state(t.owner, inv.id), "completed");

  // Message start: the message's name starts it.
  const message = await deploy(t.owner, "camunda-message-start.bpmn");
  await withScope(
    platform.db.sql,
    { tenantId: t.id },
    (sql) =>
      engineOnEvent({ sql, bus: platform.bus, name: "instantiationMessage", data: { orderId: 7 } }),
  );
  const list = await ok(
    await t.owner.call("GET", `${API}/process?definitionId=${message.id}`),
    200,
  );
  assert.equal(list.items.length, 1);
  const msgTask = await takeOver(t.owner, list.items[0].id);
  await ok(await t.owner.call("POST", `${API}/tasks/${msgTask.id}/complete`, { data: {} }), 200);
  assert.equal(await state(t.owner, list.items[0].id), "completed");
});

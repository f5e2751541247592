/**
 * Workflow forms through HTTP: the forms API (versions, who may read and edit, tenants kept
 * apart, delete only while unused), deploying pins forms (a missing one refuses with 422), a
 * user task shows its pinned form-js form and completing it is checked on the server (bad
 * data: 422 listing the fields, nothing changes), file fields name the task's attachments, and
 * the admin pages.
 */
import assert from "node:assert/strict";
import { browse, itest, newTenant, problem, type TestTenant, unique } from "../helpers.ts";
import { EXPENSE } from "./forms.fixtures.ts";

const API = "/api/workflow";

async function json(res: Response, status: number) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return text ? JSON.parse(text) : null;
}

const processXml = (key: string, formKey: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="defs" targetNamespace="http://example.com">
  <bpmn:process id="${key}" name="Expense" isExecutable="true">
    <bpmn:startEvent id="start" />
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="fill" />
    <bpmn:userTask id="fill" name="Fill in the expense" camunda:assignee="\${who}"
      camunda:formKey="${formKey}" />
    <bpmn:sequenceFlow id="f2" sourceRef="fill" targetRef="end" />
    <bpmn:endEvent id="end" />
  </bpmn:process>
</bpmn:definitions>`;

const save = (t: TestTenant, key: string, schema: unknown, name = "Expense") =>
  t.owner.call("POST", `${API}/forms/${key}/versions`, { name, schema });

itest("forms: versions, reading, permissions, tenants, delete", async () => {
  const t = await newTenant();
  const v1 = await json(await save(t, "expense", EXPENSE), 201);
  assert.equal(v1.version, 1);
  assert.equal(v1.key, "expense");
  const changed = { ...EXPENSE, components: EXPENSE.components.slice(0, 2) };
  const v2 = await json(await save(t, "expense", changed, "Expense v2"), 201);
  assert.equal(v2.version, 2);
  assert.deepEqual(v2.versions.map((v: { version: number }) => v.version), [2, 1]);

  const latest = await json(await t.owner.call("GET", `${API}/forms/expense`), 200);
  assert.equal(latest.version, 2);
  assert.equal(latest.schema.components.length, 2);
  const first = await json(await t.owner.call("GET", `${API}/forms/expense/versions/1`), 200);
  assert.equal(first.schema.components.length, EXPENSE.components.length);
  await problem(await t.owner.call("GET", `${API}/forms/expense/versions/9`), 404);
  const list = await json(await t.owner.call("GET", `${API}/forms`), 200);
  assert.deepEqual(list.items.map((f: { key: string; version: number }) => [f.key, f.version]), [
    ["expense", 2],
  ]);
  assert.equal(list.items[0].fieldCount, 2);

  // Bad input: 400 problem+json naming the field; nothing saved.
  const bad = await problem(await save(t, "expense", { components: [{ type: "textfield" }] }), 400);
  assert.ok(bad.errors.some((e: { path: string }) => e.path.includes("components[0].key")));
  await problem(await save(t, "1bad", EXPENSE), 400);
  await problem(await t.owner.call("POST", `${API}/forms/x/versions`, { name: "" }), 400);
  assert.equal((await json(await t.owner.call("GET", `${API}/forms/expense`), 200)).version, 2);

  // A member works tasks (reads forms) but does not edit them; no role reads nothing.
  const member = await t.member(["member"]);
  assert.equal((await json(await member.call("GET", `${API}/forms/expense`), 200)).version, 2);
  await problem(
    await member.call("POST", `${API}/forms/expense/versions`, {
      name: "Mine",
      schema: EXPENSE,
    }),
    403,
  );
  await problem(await member.call("DELETE", `${API}/forms/expense`), 403);
  const nobody = await t.member([]);
  await problem(await nobody.call("GET", `${API}/forms/expense`), 403);

  // Another tenant sees nothing and changes nothing.
  const other = await newTenant();
  await problem(await other.owner.call("GET", `${API}/forms/expense`), 404);
  await problem(await other.owner.call("DELETE", `${API}/forms/expense`), 404);
  assert.deepEqual((await json(await other.owner.call("GET", `${API}/forms`), 200)).items, []);

  assert.equal((await t.owner.call("DELETE", `${API}/forms/expense`)).status, 204);
  await problem(await t.owner.call("GET", `${API}/forms/expense`), 404);
});

itest("forms: deploy pins the form; completion is checked on the server", async () => {
  const t = await newTenant();
  const key = unique("expense").replace(/[^A-Za-z0-9_]/g, "_");
  const member = await t.member(["member"]);

  // A process naming a form that does not exist cannot be deployed, and nothing is written.
  const refused = await problem(
    await t.owner.call("POST", `${API}/admin/process`, {
      xml: processXml(key, "form:expense"),
      deploy: true,
    }),
    422,
  );
  assert.match(refused.detail, /expense/);
  assert.deepEqual(refused.errors, [{
    path: "elements.fill.formKey",
    message: 'No form "expense"',
  }]);
  const defs = await json(await t.owner.call("GET", `${API}/admin/process`), 200);
  assert.equal(defs.items.length, 0);

  await json(await save(t, "expense", EXPENSE), 201);
  await json(
    await t.owner.call("POST", `${API}/admin/process`, {
      xml: processXml(key, "camunda-forms:deployment:expense.form"),
      deploy: true,
    }),
    201,
  );
  // A later edit does not change the deployed process: it keeps version 1.
  await json(await save(t, "expense", { components: [{ type: "textfield", key: "other" }] }), 201);
  await problem(await t.owner.call("DELETE", `${API}/forms/expense`), 409);

  const started = await json(
    await t.owner.call("POST", `${API}/process`, { key, variables: { who: member.id } }),
    201,
  );
  const tasks = await json(await member.call("GET", `${API}/tasks?instanceId=${started.id}`), 200);
  assert.equal(tasks.items.length, 1);
  const task = tasks.items[0];
  assert.equal(task.formKey, "camunda-forms:deployment:expense.form");
  assert.ok(task.formFields.some((f: { id: string }) => f.id === "amount"), "pinned version 1");

  const complete = (data: unknown) =>
    member.call("POST", `${API}/tasks/${task.id}/complete`, { data });
  const bad = await problem(await complete({ title: "x", amount: 99999, kind: "food" }), 422);
  assert.deepEqual(bad.errors.map((e: { path: string }) => e.path).sort(), [
    "data.amount",
    "data.kind",
    "data.title",
  ]);
  const still = await json(await member.call("GET", `${API}/tasks/${task.id}`), 200);
  assert.notEqual(still.state, "completed");
  assert.equal(still.data, null);

  const done = await json(
    await complete({ title: "Taxi", amount: "150", kind: "travel", why: "Airport", x: 1 }),
    200,
  );
  assert.equal(done.state, "completed");
  const instance = await json(await t.owner.call("GET", `${API}/process/${started.id}`), 200);
  assert.equal(instance.state, "completed");
  assert.equal(instance.variables.amount, 150, "typed: a number, not the text sent");
  assert.equal(instance.variables.urgent, false);
  assert.equal(instance.variables.why, "Airport");
  assert.equal("x" in instance.variables, false, "keys the form does not name are dropped");
});

itest("forms: file fields name documents uploaded to the task", async () => {
  const t = await newTenant();
  const key = unique("receipt").replace(/[^A-Za-z0-9_]/g, "_");
  const schema = {
    components: [
      { type: "filepicker", key: "receipt", label: "Receipt", validate: { required: true } },
    ],
  };
  await json(await save(t, "receipt", schema, "Receipt"), 201);
  await json(
    await t.owner.call("POST", `${API}/admin/process`, {
      xml: processXml(key, "receipt"),
      deploy: true,
    }),
    201,
  );
  const started = await json(
    await t.owner.call("POST", `${API}/process`, { key, variables: { who: t.owner.id } }),
    201,
  );
  const [task] = (await json(
    await t.owner.call("GET", `${API}/tasks?instanceId=${started.id}`),
    200,
  )).items;
  const body = new FormData();
  body.append("file", new File(["paid 150"], "receipt.txt", { type: "text/plain" }));
  const { testApp } = await import("../helpers.ts");
  const { app } = await testApp();
  const up = await app.request(`${API}/tasks/${task.id}/attachments`, {
    method: "POST",
    headers: { Authorization: `Bearer ${t.owner.token}` },
    body,
  });
  const [file] = (await json(up, 201)).items;
  const complete = (data: unknown) =>
    t.owner.call("POST", `${API}/tasks/${task.id}/complete`, { data });
  const forged = await problem(
    await complete({ receipt: [{ id: "0190a1b2-0000-7000-8000-000000000001", name: "x" }] }),
    422,
  );
  assert.deepEqual(forged.errors.map((e: { path: string }) => e.path), ["data.receipt"]);
  await problem(await complete({}), 422);
  await json(await complete({ receipt: [{ id: file.id, name: file.name }] }), 200);
  const instance = await json(await t.owner.call("GET", `${API}/process/${started.id}`), 200);
  assert.deepEqual(instance.variables.receipt, [{ id: file.id, name: "receipt.txt" }]);
});

itest("forms: admin pages and the task page's form-js viewer", async () => {
  const t = await newTenant();
  await json(await save(t, "expense", EXPENSE, "Travel expense"), 201);
  const list = await browse("/workflow/admin/forms", { who: t.owner });
  assert.equal(list.status, 200);
  const html = await list.text();
  assert.ok(html.includes("Travel expense") && html.includes("/workflow/admin/forms/new"));
  const editor = await (await browse("/workflow/admin/forms/expense", { who: t.owner })).text();
  assert.ok(editor.includes('id="wf-form-editor"') && editor.includes("forms-editor.js"));
  assert.ok(editor.includes("data-schema="));
  const tr = await browse("/workflow/admin/forms", {
    who: t.owner,
    headers: { "Accept-Language": "tr" },
  });
  assert.ok((await tr.text()).includes("Yeni form"));
  assert.equal((await browse("/workflow/admin/forms/nope", { who: t.owner })).status, 404);
  const member = await t.member(["member"]);
  assert.equal((await browse("/workflow/admin/forms", { who: member })).status, 403);
  assert.equal(
    (await browse("/workflow/admin/forms/expense/delete", { who: member, form: {} })).status,
    403,
  );
  assert.equal(
    (await browse("/workflow/admin/forms/expense/delete", { who: t.owner, form: {} })).status,
    303,
  );
  assert.ok(
    !(await (await browse("/workflow/admin/forms", { who: t.owner })).text())
      .includes("Travel expense"),
  );

  // The task page draws the pinned form with form-js.
  await json(await save(t, "expense", EXPENSE), 201);
  const key = unique("page").replace(/[^A-Za-z0-9_]/g, "_");
  await json(
    await t.owner.call("POST", `${API}/admin/process`, {
      xml: processXml(key, "expense"),
      deploy: true,
    }),
    201,
  );
  const started = await json(
    await t.owner.call("POST", `${API}/process`, { key, variables: { who: t.owner.id } }),
    201,
  );
  const [task] = (await json(
    await t.owner.call("GET", `${API}/tasks?instanceId=${started.id}`),
    200,
  )).items;
  const page = await (await browse(`/workflow/tasks/${task.id}`, { who: t.owner })).text();
  assert.ok(page.includes('class="wf-form"') && page.includes("forms-viewer.js"));
  assert.ok(page.includes(`data-submit="/api/workflow/tasks/${task.id}/complete"`));
});

itest("forms: a form-js start form is checked when the process starts", async () => {
  const t = await newTenant();
  const key = unique("start").replace(/[^A-Za-z0-9_]/g, "_");
  await json(await save(t, "expense", EXPENSE), 201);
  const xml = processXml(key, "expense").replace(
    '<bpmn:startEvent id="start" />',
    '<bpmn:startEvent id="start" camunda:formKey="form:expense" />',
  );
  const def = await json(
    await t.owner.call("POST", `${API}/admin/process`, { xml, deploy: true }),
    201,
  );
  const start = (variables: unknown) => t.owner.call("POST", `${API}/process`, { key, variables });
  const bad = await problem(await start({ who: t.owner.id, amount: 0 }), 422);
  assert.deepEqual(bad.errors.map((e: { path: string }) => e.path), [
    "variables.title",
    "variables.amount",
  ]);
  const listed = await json(
    await t.owner.call("GET", `${API}/process?definitionId=${def.id}`),
    200,
  );
  assert.equal(listed.items.length, 0, "nothing started");

  const started = await json(
    await start({ who: t.owner.id, title: "Hotel", amount: "300", kind: "travel" }),
    201,
  );
  assert.equal(started.variables.amount, 300);
  assert.equal(started.variables.who, t.owner.id, "variables beside the form are kept");

  // The catalog shows the form with form-js, posting to the start API.
  const page = await (await browse("/workflow/catalog", { who: t.owner })).text();
  assert.ok(
    page.includes('class="wf-form"') && page.includes('data-submit="/api/workflow/process"'),
  );
});

itest("forms: select options from a saved data query", async () => {
  const t = await newTenant();
  const key = unique("cc").replace(/[^A-Za-z0-9_]/g, "_");
  await json(
    await save(t, "centre", {
      components: [
        { type: "select", key: "cc", label: "Cost centre", valuesKey: "query:cost_centres" },
      ],
    }, "Cost centre"),
    201,
  );
  await json(
    await t.owner.call("POST", `${API}/admin/process`, {
      xml: processXml(key, "centre"),
      deploy: true,
    }),
    201,
  );
  const start = async (businessKey: string) =>
    (await json(
      await t.owner.call("POST", `${API}/process`, {
        key,
        businessKey,
        variables: { who: t.owner.id },
      }),
      201,
    )).id;
  const first = await start("CC-100");
  await start("CC-200");
  await json(
    await t.owner.call("POST", `${API}/data-queries`, {
      key: "cost_centres",
      name: "Cost centres",
      source: "instances",
      definition: { columns: ["businessKey", "name"] },
    }),
    201,
  );
  const [task] = (await json(
    await t.owner.call("GET", `${API}/tasks?instanceId=${first}`),
    200,
  )).items;
  const page = await (await browse(`/workflow/tasks/${task.id}`, { who: t.owner })).text();
  assert.ok(page.includes("CC-200"), "the viewer gets the query's rows as options");
  const complete = (cc: string) =>
    t.owner.call("POST", `${API}/tasks/${task.id}/complete`, { data: { cc } });
  const bad = await problem(await complete("CC-999"), 422);
  assert.deepEqual(bad.errors.map((e: { path: string }) => e.path), ["data.cc"]);
  assert.equal((await json(await complete("CC-200"), 200)).state, "completed");
});

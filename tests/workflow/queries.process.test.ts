/**
 * `dataQuery("key", {…})` in a process: an exclusive gateway routes on a saved query's rows,
 * a FEEL script task stores an aggregate, and a query over the process's own instances reads
 * them back. An unknown query key becomes an incident that names it.
 */
import assert from "node:assert/strict";
import { itest, newTenant, type TestTenant, unique } from "../helpers.ts";

const API = "/api/workflow";

async function json(res: Response, status: number) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return text ? JSON.parse(text) : null;
}

const bpmn = (key: string, query: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="defs" targetNamespace="http://example.com">
  <bpmn:process id="${key}" name="Credit check" isExecutable="true">
    <bpmn:startEvent id="start" />
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="sum" />
    <bpmn:scriptTask id="sum" name="Open total" scriptFormat="feel" camunda:resultVariable="openTotal">
      <bpmn:script>dataQuery("open_total", {customer: customer})[1].total</bpmn:script>
    </bpmn:scriptTask>
    <bpmn:sequenceFlow id="f2" sourceRef="sum" targetRef="gw" />
    <bpmn:exclusiveGateway id="gw" default="ok" />
    <bpmn:sequenceFlow id="hold" sourceRef="gw" targetRef="holdEnd">
      <bpmn:conditionExpression>=count(dataQuery("${query}", {customer: customer, min: limit})) &gt; 0</bpmn:conditionExpression>
    </bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="ok" sourceRef="gw" targetRef="okEnd" />
    <bpmn:endEvent id="holdEnd" />
    <bpmn:endEvent id="okEnd" />
  </bpmn:process>
</bpmn:definitions>`;

async function setUp(t: TestTenant) {
  await json(
    await t.owner.call("POST", `${API}/data-models`, {
      key: "invoice",
      name: "Invoice",
      fields: [
        { name: "customer", label: "Customer", type: "text", required: true },
        { name: "amount", label: "Amount", type: "number", required: true },
        { name: "paid", label: "Paid", type: "boolean" },
      ],
    }),
    201,
  );
  for (
    const data of [
      { customer: "Acme", amount: 700, paid: false },
      { customer: "Acme", amount: 50, paid: false },
      { customer: "Acme", amount: 900, paid: true },
      { customer: "Beta", amount: 40, paid: false },
    ]
  ) {
    await json(await t.owner.call("POST", `${API}/data-models/invoice/records`, { data }), 201);
  }
  const open = [{ field: "customer", op: "eq", param: "customer" }, {
    field: "paid",
    op: "ne",
    value: true,
  }];
  await json(
    await t.owner.call("POST", `${API}/data-queries`, {
      key: "big_open_invoices",
      name: "Big open invoices",
      source: "records",
      model: "invoice",
      definition: { filters: [...open, { field: "amount", op: "gt", param: "min" }] },
      params: [
        { name: "customer", label: "Customer", type: "text", required: true },
        { name: "min", label: "Above", type: "number", required: true },
      ],
    }),
    201,
  );
  await json(
    await t.owner.call("POST", `${API}/data-queries`, {
      key: "open_total",
      name: "Open total",
      source: "records",
      model: "invoice",
      definition: { filters: open, aggregates: [{ fn: "sum", field: "amount", as: "total" }] },
      params: [{ name: "customer", label: "Customer", type: "text", required: true }],
    }),
    201,
  );
}

itest("dataQuery routes a gateway and feeds a FEEL script task", async () => {
  const t = await newTenant();
  await setUp(t);
  const key = unique("credit").replace(/[^A-Za-z0-9_]/g, "_");
  await json(
    await t.owner.call("POST", `${API}/admin/process`, {
      xml: bpmn(key, "big_open_invoices"),
      deploy: true,
    }),
    201,
  );
  const run = async (customer: string, limit: number) => {
    const started = await json(
      await t.owner.call("POST", `${API}/process`, { key, variables: { customer, limit } }),
      201,
    );
    return await json(await t.owner.call("GET", `${API}/process/${started.id}`), 200);
  };
  const acme = await run("Acme", 500);
  assert.equal(acme.state, "completed", JSON.stringify(acme.incidents ?? acme));
  assert.equal(acme.endElementId, "holdEnd");
  assert.equal(acme.variables.openTotal, 750);
  assert.equal("dataQuery" in acme.variables, false);
  assert.equal((await run("Acme", 800)).endElementId, "okEnd");
  const beta = await run("Beta", 10);
  assert.equal(beta.endElementId, "holdEnd");
  assert.equal(beta.variables.openTotal, 40);
  // A hostile customer name is a value like any other: no rows, the tables stay.
  const hostile = await run("'; drop table workflow_data_records; --", 0);
  assert.equal(hostile.endElementId, "okEnd");
  assert.equal(hostile.variables.openTotal, null);

  // The same runs, read back through a query over instances.
  const inst = await json(
    await t.owner.call("POST", `${API}/data-queries/preview`, {
      source: "instances",
      definition: {
        filters: [{ field: "definitionKey", op: "eq", value: key }],
        groupBy: ["state"],
        aggregates: [{ fn: "count", as: "n" }],
      },
    }),
    200,
  );
  assert.deepEqual(inst.rows, [{ state: "completed", n: 4 }]);
  const history = await json(
    await t.owner.call("POST", `${API}/data-queries/preview`, {
      source: "history",
      definition: {
        filters: [{ field: "definitionKey", op: "eq", value: key }, {
          field: "elementId",
          op: "eq",
          value: "holdEnd",
        }, { field: "event", op: "startsWith", value: "element.completed" }],
        aggregates: [{ fn: "count", as: "n" }],
      },
    }),
    200,
  );
  assert.deepEqual(history.rows, [{ n: 2 }]);
  // The process has no user task: a task query over it counts none.
  const tasks = await json(
    await t.owner.call("POST", `${API}/data-queries/preview`, {
      source: "tasks",
      definition: {
        filters: [{ field: "definitionKey", op: "eq", value: key }],
        aggregates: [{ fn: "count", as: "n" }, { fn: "max", field: "dueAt", as: "latest" }],
      },
    }),
    200,
  );
  assert.deepEqual(tasks.rows, [{ n: 0, latest: null }]);
});

itest("dataQuery with an unknown key stops the gateway with an incident", async () => {
  const t = await newTenant();
  await setUp(t);
  const key = unique("credit").replace(/[^A-Za-z0-9_]/g, "_");
  await json(
    await t.owner.call("POST", `${API}/admin/process`, { xml: bpmn(key, "no_such"), deploy: true }),
    201,
  );
  const started = await json(
    await t.owner.call("POST", `${API}/process`, {
      key,
      variables: { customer: "Acme", limit: 1 },
    }),
    201,
  );
  const inst = await json(await t.owner.call("GET", `${API}/process/${started.id}`), 200);
  assert.equal(inst.state, "active");
  const text = JSON.stringify(inst.incidents);
  assert.match(text, /no_such/);
  assert.equal(inst.variables.openTotal, 750, "the script before it ran");
});

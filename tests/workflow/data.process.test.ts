/**
 * Processes write records: a BPMN service task with the topic `workflow.data.save` creates a
 * record from FEEL-built input and a second one updates it; the record id lands in a variable,
 * history names the instance and no person. A member without workflow.data.* starts it (the
 * deployed definition decides what it writes). Values that do not fit the model make an
 * incident that names the field, and nothing is written.
 */
import assert from "node:assert/strict";
import { itest, newTenant, unique } from "../helpers.ts";
import { drain, inTenant, snapshot } from "./engine.fixtures.ts";
import { seedModels } from "./data.fixtures.ts";

const API = "/api/workflow";

const model = (key: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="defs" targetNamespace="http://example.com">
  <bpmn:process id="${key}" name="Order intake" isExecutable="true">
    <bpmn:startEvent id="start" />
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="save" />
    <bpmn:serviceTask id="save" name="Save the order" camunda:type="external"
      camunda:topic="workflow.data.save">
      <bpmn:extensionElements>
        <camunda:inputOutput>
          <camunda:inputParameter name="model">purchase_order</camunda:inputParameter>
          <camunda:inputParameter name="data">={title: "Order " + string(orderNo), amount: amount, status: "open"}</camunda:inputParameter>
          <camunda:outputParameter name="orderId">=result.id</camunda:outputParameter>
        </camunda:inputOutput>
      </bpmn:extensionElements>
    </bpmn:serviceTask>
    <bpmn:sequenceFlow id="f2" sourceRef="save" targetRef="close" />
    <bpmn:serviceTask id="close" name="Close the order" camunda:type="external"
      camunda:topic="workflow.data.save">
      <bpmn:extensionElements>
        <camunda:inputOutput>
          <camunda:inputParameter name="model">purchase_order</camunda:inputParameter>
          <camunda:inputParameter name="id">=orderId</camunda:inputParameter>
          <camunda:inputParameter name="data">={status: "done"}</camunda:inputParameter>
          <camunda:outputParameter name="orderVersion">=result.version</camunda:outputParameter>
        </camunda:inputOutput>
      </bpmn:extensionElements>
    </bpmn:serviceTask>
    <bpmn:sequenceFlow id="f3" sourceRef="close" targetRef="end" />
    <bpmn:endEvent id="end" />
  </bpmn:process>
</bpmn:definitions>`;

itest("a process creates and updates a record through workflow.data.save", async () => {
  const t = await newTenant();
  await seedModels(t);
  const key = unique("intake").replace(/[^A-Za-z0-9_]/g, "_");
  const created = await t.owner.call("POST", `${API}/admin/process`, {
    xml: model(key),
    deploy: true,
  });
  assert.equal(created.status, 201, await created.clone().text());

  const member = await t.member(["member"]);
  const start = async (variables: Record<string, unknown>) => {
    const res = await member.call("POST", `${API}/process`, { key, variables });
    assert.equal(res.status, 201, await res.clone().text());
    const id = (await res.json()).id as string;
    await drain();
    return await snapshot(t, id);
  };

  const s = await start({ orderNo: 7, amount: 99.5 });
  assert.equal(s.state, "completed", JSON.stringify(s.incidents));
  const orderId = s.variables.orderId as string;
  assert.equal(typeof orderId, "string");
  assert.equal(s.variables.orderVersion, 2);

  const record = await (await t.owner.call(
    "GET",
    `${API}/data-models/purchase_order/records/${orderId}`,
  )).json();
  assert.deepEqual(record.data, { title: "Order 7", amount: 99.5, status: "done" });
  const [row] = await inTenant(
    t,
    (tx) =>
      tx`select i.id from workflow_instances i join workflow_data_records r
        on r.instance_id = i.id where r.id = ${orderId}`,
  );
  assert.ok(row, "the record names the instance that created it");
  assert.equal(record.instanceId, row.id);
  const history = await (await t.owner.call(
    "GET",
    `${API}/data-models/purchase_order/records/${orderId}/history`,
  )).json();
  assert.deepEqual(history.items.map((h: { action: string }) => h.action), [
    "updated",
    "created",
  ]);
  for (const h of history.items) {
    assert.equal(h.actorId, null, "a process, not a person");
    assert.equal(h.instanceId, row.id);
  }

  // A value that does not fit: an incident naming the field; no record written.
  const before = await (await t.owner.call("GET", `${API}/data-models/purchase_order/records`))
    .json();
  const bad = await start({ orderNo: 8, amount: "a lot" });
  assert.deepEqual(bad.tokens, ["save:incident"]);
  assert.match(bad.incidents[0].message, /data\.amount/);
  const after = await (await t.owner.call("GET", `${API}/data-models/purchase_order/records`))
    .json();
  assert.equal(after.items.length, before.items.length);
});

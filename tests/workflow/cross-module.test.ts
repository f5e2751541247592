/**
 * Doors between modules, end to end: a ticket opened through Support's API starts a process
 * whose message start event names `support.ticket.created` (delivered by the platform's event
 * jobs after the ticket commits), and that process's service task opens a task in a Projects
 * project as the definition's owner.
 */
import assert from "node:assert/strict";
import { itest, newTenant, testApp, unique } from "../helpers.ts";
import { Dispatcher } from "../../shared/jobs/dispatcher.ts";
import { drainEvents } from "../../platform/events/public.ts";
import { customer, ticket } from "../support/fixtures.ts";
import { newProject } from "../projects/fixtures.ts";

const API = "/api/workflow";

const model = (key: string, projectId: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="defs" targetNamespace="http://example.com">
  <bpmn:message id="m1" name="support.ticket.created" />
  <bpmn:process id="${key}" name="Triage new tickets" isExecutable="true">
    <bpmn:startEvent id="opened" name="Ticket opened">
      <bpmn:messageEventDefinition messageRef="m1" />
    </bpmn:startEvent>
    <bpmn:sequenceFlow id="f1" sourceRef="opened" targetRef="followUp" />
    <bpmn:serviceTask id="followUp" name="Plan the follow-up" camunda:type="external"
      camunda:topic="projects.tasks.create">
      <bpmn:extensionElements>
        <camunda:inputOutput>
          <camunda:inputParameter name="title">="Follow up: " + event.ticket.subject</camunda:inputParameter>
          <camunda:inputParameter name="projectId">${projectId}</camunda:inputParameter>
        </camunda:inputOutput>
      </bpmn:extensionElements>
    </bpmn:serviceTask>
    <bpmn:sequenceFlow id="f2" sourceRef="followUp" targetRef="done" />
    <bpmn:endEvent id="done" name="Done" />
  </bpmn:process>
</bpmn:definitions>`;

itest("a ticket opened in Support starts a process that plans a task in Projects", async () => {
  const { platform } = await testApp();
  const t = await newTenant();
  const project = await newProject(t.owner);
  const key = unique("triage").replace(/[^A-Za-z0-9_]/g, "_");
  const created = await t.owner.call("POST", `${API}/admin/process`, {
    xml: model(key, project.id),
    deploy: true,
  });
  assert.equal(created.status, 201, await created.clone().text());

  const c = await customer(t.owner);
  const opened = await ticket(t.owner, c.id, { subject: "Printer jams" });

  const d = new Dispatcher(platform.db, platform.jobs, {
    bus: platform.bus,
    pollMs: 50,
    onlyNames: ["workflow.step", "workflow.timer"],
  });
  let instances: { id: string; state: string }[] = [];
  for (let i = 0; i < 20; i++) {
    await drainEvents(platform);
    await d.drain();
    const res = await t.owner.call("GET", `${API}/process?limit=10`);
    instances = (await res.json()).items;
    if (instances.some((x) => x.state === "completed")) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.equal(instances.length, 1, "one process started by the ticket");
  const detail0 = await (await t.owner.call("GET", `${API}/process/${instances[0].id}`)).json();
  assert.equal(instances[0].state, "completed", JSON.stringify(detail0.incidents));

  const detail = await (await t.owner.call("GET", `${API}/process/${instances[0].id}`)).json();
  assert.equal(detail.variables.event.ticket.id, opened.id, "the event that started it");
  assert.equal(detail.variables.event.ticket.subject, "Printer jams");
  const tasks = await (await t.owner.call(
    "GET",
    `/api/projects/tasks?projectId=${project.id}&limit=10`,
  )).json();
  assert.deepEqual(tasks.items.map((x: { title: string }) => x.title), ["Follow up: Printer jams"]);
});

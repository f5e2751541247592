/**
 * The process engine and the rest of the platform: service tasks calling platform operations
 * as the process starter (a customer and a ticket created in Support; a refusal is an incident),
 * an Automation agent run the token waits for, a send task queueing an e-mail, and a message
 * start event started by a typed domain event.
 */
import assert from "node:assert/strict";
import * as engine from "../../modules/workflow/engine/engine.service.ts";
import { engineOnEvent } from "../../modules/workflow/engine/engine.events.service.ts";
import { itest, newTenant, testApp } from "../helpers.ts";
import {
  actorOf,
  asOwner,
  buildModel,
  count,
  deploy,
  drain,
  inTenant,
  snapshot,
  start,
} from "./engine.fixtures.ts";
import {
  engineDispatcher as automationDispatcher,
  seedAgent,
} from "../automation/engine.fixtures.ts";

const ticketModel = () =>
  buildModel("ticketing", [
    { id: "start", type: "startEvent" },
    {
      id: "customer",
      type: "serviceTask",
      service: { kind: "operation", operation: "support.customers.create" },
      io: {
        inputs: [{ name: "name", expression: "=customerName" }],
        outputs: [{ name: "customerId", expression: "=result.id" }],
      },
    },
    {
      id: "ticket",
      type: "serviceTask",
      service: { kind: "operation", operation: "support.tickets.create" },
      io: {
        inputs: [
          { name: "subject", expression: '="Order " + string(order)' },
          { name: "customerId", expression: "=customerId" },
        ],
        outputs: [{ name: "ticketId", expression: "=result.id" }],
      },
    },
    { id: "wait", type: "userTask" },
  ], [["start", "customer"], ["customer", "ticket"], ["ticket", "wait"]]);

itest(
  "service task: platform operations run in jobs as the starter; results flow out",
  async () => {
    const t = await newTenant();
    await deploy(t, ticketModel());
    const id = await start(t, "ticketing", { customerName: "Deniz", order: 42 });
    assert.deepEqual((await snapshot(t, id)).tokens, ["customer:ready"], "waits for its job");
    await drain();
    const s = await snapshot(t, id);
    assert.deepEqual(s.tokens, ["wait:waiting"]);
    assert.equal(typeof s.variables.ticketId, "string");
    const [ticket] = await inTenant(
      t,
      (tx) =>
        tx`select subject, customer_id from support_tickets where id = ${s.variables
          .ticketId as string}`,
    );
    assert.equal(ticket.subject, "Order 42");
    assert.equal(ticket.customerId, s.variables.customerId);
  },
);

itest(
  "service task refused (the starter lacks the permission) → incident; skip goes on",
  async () => {
    const t = await newTenant();
    const viewer = await t.member(["viewer"]);
    await deploy(t, ticketModel());
    const id = await inTenant(
      t,
      async (tx) =>
        (await engine.startInstance(await actorOf(t, tx, viewer.id), {
          key: "ticketing",
          variables: { customerName: "X", order: 1 },
        })).id,
    );
    await drain();
    let s = await snapshot(t, id);
    assert.deepEqual(s.tokens, ["customer:incident"]);
    assert.equal(s.incidents[0].kind, "operation");
    assert.match(s.incidents[0].message, /permission/);
    assert.equal(s.incidentCount, 1);
    await asOwner(t, (a) => engine.skipIncident(a, s.incidents[0].id));
    s = await snapshot(t, id);
    assert.deepEqual(s.tokens, ["ticket:ready"]);
    assert.equal(s.incidentCount, 0);
  },
);

itest(
  "service task with an agent: the token waits for the run; the run's event resumes it",
  async () => {
    const t = await newTenant();
    await seedAgent(t, {
      name: "doubler",
      code: "export default async (ctx) => ({ v: ctx.input.x * 2 });",
    });
    await deploy(
      t,
      buildModel("agentic", [
        { id: "start", type: "startEvent" },
        {
          id: "ask",
          type: "serviceTask",
          service: { kind: "agent", agent: "doubler" },
          io: {
            inputs: [{ name: "x", expression: "=x" }],
            outputs: [{ name: "y", expression: "=result.v" }],
          },
        },
        { id: "wait", type: "userTask" },
      ], [["start", "ask"], ["ask", "wait"]]),
    );
    const id = await start(t, "agentic", { x: 21 });
    await drain();
    let s = await snapshot(t, id);
    assert.deepEqual(s.tokens, ["ask:waiting"]);
    await (await automationDispatcher()).drain();
    const { platform } = await testApp();
    const [run] = await inTenant(t, (tx) => tx`select id, status from automation_runs`);
    await inTenant(t, (sql) =>
      engineOnEvent({
        sql,
        bus: platform.bus,
        name: "automation.run.succeeded",
        data: { runId: run.id },
      }));
    assert.equal(run.status, "succeeded");
    s = await snapshot(t, id);
    assert.deepEqual(s.tokens, ["wait:waiting"]);
    assert.equal(s.variables.y, 42);
  },
);

itest("send task: the e-mail is queued with the variables filled in", async () => {
  const t = await newTenant();
  await deploy(
    t,
    buildModel("mailing", [
      { id: "start", type: "startEvent" },
      {
        id: "mail",
        type: "sendTask",
        mail: { to: "{{email}}", subject: "Order {{order.no}}", body: "Hello {{name}}" },
      },
      { id: "end", type: "endEvent" },
    ], [["start", "mail"], ["mail", "end"]]),
  );
  const id = await start(t, "mailing", {
    email: "ayse@example.test",
    order: { no: 7 },
    name: "Ayşe",
  });
  await drain();
  const s = await snapshot(t, id);
  assert.equal(s.state, "completed");
  const [mail] = await inTenant(
    t,
    (tx) =>
      tx`select to_address, subject, text_body from mail_outbox order by created_at desc limit 1`,
  );
  assert.deepEqual([mail.toAddress, mail.subject, mail.textBody], [
    "ayse@example.test",
    "Order 7",
    "Hello Ayşe",
  ]);
  assert.equal(count(s, "mail.queued"), 1);
});

itest(
  "message start: a typed domain event starts the latest version with its payload",
  async () => {
    const t = await newTenant();
    const model = buildModel("on-ticket", [
      {
        id: "start",
        type: "startEvent",
        event: { kind: "message", message: "support.ticket.created" },
      },
      { id: "triage", type: "userTask", name: "Triage" },
    ], [["start", "triage"]]);
    await deploy(t, model, { startEvents: ["support.ticket.created"] });
    const { platform } = await testApp();
    await inTenant(t, (sql) =>
      engineOnEvent({
        sql,
        bus: platform.bus,
        name: "support.ticket.created",
        data: { ticketId: "t-1", subject: "Printer" },
      }));
    await inTenant(
      t,
      (sql) => engineOnEvent({ sql, bus: platform.bus, name: "support.ticket.closed", data: {} }),
    );
    const rows = await inTenant(t, (tx) => tx`select id from workflow_instances`);
    assert.equal(rows.length, 1, "only the mapped event starts it");
    const s = await snapshot(t, rows[0].id);
    assert.deepEqual(s.tokens, ["triage:waiting"]);
    assert.deepEqual(s.variables.event, { ticketId: "t-1", subject: "Printer" });
  },
);

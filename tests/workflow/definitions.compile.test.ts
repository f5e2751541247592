/** The BPMN compiler, directly: no app, no database. */
import assert from "node:assert/strict";
import { compileBpmn } from "../../modules/workflow/definitions/definitions.compile.lib.ts";
import {
  checkTimer,
  juelToFeel,
  normalizeCron,
  normalizePriority,
  toFeel,
} from "../../modules/workflow/definitions/definitions.translate.lib.ts";

const fixture = (name: string) =>
  Deno.readTextFileSync(new URL(`./fixtures/${name}`, import.meta.url));

const NS = `xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" ` +
  `xmlns:camunda="http://camunda.org/schema/1.0/bpmn" ` +
  `xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"`;
/** A process without a diagram (the compiler lays it out). */
export const bare = (body: string, id = "p") =>
  `<?xml version="1.0" encoding="UTF-8"?><bpmn:definitions ${NS} id="d" targetNamespace="t">` +
  `<bpmn:process id="${id}" name="P" isExecutable="true">${body}</bpmn:process></bpmn:definitions>`;
const line = (...ids: string[]) =>
  ids.slice(1).map((t, i) =>
    `<bpmn:sequenceFlow id="f_${ids[i]}_${t}" sourceRef="${ids[i]}" targetRef="${t}"/>`
  ).join("");

Deno.test("approval fixture compiles with forms, groups, condition and default", async () => {
  const r = await compileBpmn(fixture("approval.bpmn"));
  assert.deepEqual(r.problems, []);
  const m = r.model!;
  assert.deepEqual(m.id, "approval");
  assert.deepEqual(m.startEvents, ["start"]);
  assert.deepEqual(m.elements.start.formFields, [{
    id: "amount",
    label: "Amount",
    type: "long",
    required: true,
  }]);
  assert.deepEqual(m.elements.approve.candidateGroups, ["member"]);
  assert.deepEqual(m.elements.approve.formFields?.[0].type, "boolean");
  assert.deepEqual(m.elements.decision.defaultFlow, "toRejected");
  assert.deepEqual(m.elements.decision.outgoing, ["toApproved", "toRejected"]);
  assert.deepEqual(m.flows.toApproved.condition, "approved = true");
  assert.deepEqual(r.xml, fixture("approval.bpmn"), "a model with DI is stored unchanged");
});

Deno.test("real-world Camunda 7 examples compile", async () => {
  const invoice = await compileBpmn(fixture("camunda-invoice-approval.bpmn"));
  assert.deepEqual(invoice.problems, []);
  assert.deepEqual(invoice.model?.elements.UserTask_1.assignee, "demo");
  assert.deepEqual(invoice.model?.elements.UserTask_1.formKey, "camunda-forms:app:task-form.form");

  const message = await compileBpmn(fixture("camunda-message-start.bpmn"));
  assert.deepEqual(message.problems, []);
  assert.deepEqual(message.startEvents, ["instantiationMessage"]);
  assert.ok(message.warnings.some((w) => w.rule === "label-required"), "labels: warnings only");

  // Written for the Activiti namespace: still understood as Camunda attributes.
  const generated = await compileBpmn(fixture("camunda-generated-forms.bpmn"));
  assert.deepEqual(generated.problems, []);
  const start = generated.model!.elements.StartEvent_1;
  assert.deepEqual(start.formFields?.map((f) => f.id), [
    "firstname",
    "lastname",
    "netIncome",
    "loanAmount",
    "loanType",
  ]);
  assert.deepEqual(start.formFields?.[4].values?.[0], { id: "mortage", name: "Mortage Loan (5%)" });
});

Deno.test("unsupported elements are each listed with id and type", async () => {
  const xml = bare(
    `<bpmn:startEvent id="s"/><bpmn:eventBasedGateway id="ebg"/><bpmn:complexGateway id="cx"/>` +
      `<bpmn:businessRuleTask id="brt"/><bpmn:endEvent id="e"/>` +
      line("s", "ebg", "cx", "brt", "e"),
  );
  const r = await compileBpmn(xml);
  assert.deepEqual(r.model, null);
  const listed = r.problems.map((p) => `${p.elementId}:${p.elementType}`);
  for (const x of ["ebg:eventBasedGateway", "cx:complexGateway", "brt:businessRuleTask"]) {
    assert.ok(listed.includes(x), `${x} in ${listed}`);
  }
  // Its escalation boundary on a user task now deploys (engine.escalation.test.ts runs it).
  const escalation = await compileBpmn(fixture("camunda-invoice-payment-escalation.bpmn"));
  assert.deepEqual(escalation.problems, []);
  const conditional = await compileBpmn(fixture("camunda-order-handling-conditional.bpmn"));
  // Its conditional boundary deploys too (engine.gateway.test.ts runs conditional events).
  assert.deepEqual(conditional.problems, []);
  assert.deepEqual(conditional.model!.elements.BoundaryEvent_1y1bvad.event, {
    kind: "conditional",
    condition: "invoiceId != null",
  });
  // The Quartz cron of its timer start event is turned into one croner runs.
  assert.deepEqual(conditional.startTimers[0].timer.expression, "0-59/5 0-59/1 * 1-31/1 * *");
});

Deno.test("structural checks: start, gateway conditions, boundary, timers, FEEL", async () => {
  const noStart = await compileBpmn(bare(`<bpmn:task id="t" name="T"/>`));
  assert.ok(noStart.problems.some((p) => /no start event/.test(p.message)));

  const gateway = await compileBpmn(bare(
    `<bpmn:startEvent id="s" name="S"/><bpmn:exclusiveGateway id="g" name="G"/>` +
      `<bpmn:endEvent id="a" name="A"/><bpmn:endEvent id="b" name="B"/>` + line("s", "g") +
      `<bpmn:sequenceFlow id="ga" sourceRef="g" targetRef="a">` +
      `<bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">\${x &gt; }</bpmn:conditionExpression>` +
      `</bpmn:sequenceFlow><bpmn:sequenceFlow id="gb" sourceRef="g" targetRef="b"/>`,
  ));
  const byId = Object.fromEntries(gateway.problems.map((p) => [p.elementId, p.message]));
  assert.match(byId.ga, /not valid FEEL/);
  assert.match(byId.gb, /needs a condition, or must be its default flow/);

  const timers = await compileBpmn(bare(
    `<bpmn:startEvent id="s" name="S"/><bpmn:intermediateCatchEvent id="w" name="W">` +
      `<bpmn:timerEventDefinition><bpmn:timeDuration>ten minutes</bpmn:timeDuration>` +
      `</bpmn:timerEventDefinition></bpmn:intermediateCatchEvent><bpmn:endEvent id="e" name="E"/>` +
      `<bpmn:sequenceFlow id="bad" sourceRef="s" targetRef="nowhere"/>` + line("w", "e"),
  ));
  const ids = timers.problems.map((p) => p.elementId);
  assert.ok(ids.includes("w"), "bad duration");
  assert.ok(ids.includes("bad"), "flow to a missing element");

  const parse = await compileBpmn("<definitions");
  assert.deepEqual(parse.model, null);
  assert.match(parse.problems[0].message, /could not be read/);
  const empty = await compileBpmn("");
  assert.deepEqual(empty.model, null);
});

Deno.test("conditional events in another language than FEEL or JUEL are refused, named", async () => {
  const cond = (language: string | null, body: string) =>
    `<bpmn:conditionalEventDefinition><bpmn:condition xsi:type="bpmn:tFormalExpression"` +
    `${language ? ` language="${language}"` : ""}>${body}</bpmn:condition>` +
    `</bpmn:conditionalEventDefinition>`;
  const model = (language: string | null, body: string) =>
    bare(
      `<bpmn:startEvent id="s" name="S"/>` +
        `<bpmn:intermediateCatchEvent id="wait" name="Wait">${cond(language, body)}` +
        `</bpmn:intermediateCatchEvent><bpmn:userTask id="u" name="U"/>` +
        `<bpmn:boundaryEvent id="changed" name="Changed" attachedToRef="u">` +
        `${cond(language, body)}</bpmn:boundaryEvent><bpmn:endEvent id="e" name="E"/>` +
        `<bpmn:endEvent id="e2" name="E2"/>` + line("s", "wait", "u", "e") + line("changed", "e2"),
    );
  const groovy = await compileBpmn(model("groovy", "x == 1"));
  assert.deepEqual(groovy.model, null);
  const named = groovy.problems.filter((p) =>
    /Conditions in groovy are not supported/.test(p.message)
  )
    .map((p) => `${p.elementId}:${p.elementType}`).sort();
  assert.deepEqual(named, ["changed:boundaryEvent", "wait:intermediateCatchEvent"]);
  // JUEL (translated) and FEEL, or no language at all, deploy.
  for (const language of ["juel", "feel", null]) {
    const ok = await compileBpmn(model(language, language === "feel" ? "x = 1" : "${x == 1}"));
    assert.deepEqual(ok.problems, [], String(language));
    assert.deepEqual(ok.model!.elements.wait.event, { kind: "conditional", condition: "x = 1" });
  }
});

Deno.test("a model without DI gets a layout: a shape for every element", async () => {
  const xml = bare(
    `<bpmn:startEvent id="s" name="S"/><bpmn:userTask id="u" name="U" ` +
      `camunda:assignee="\${starter}" camunda:priority="80" camunda:dueDate="P2D"/>` +
      `<bpmn:endEvent id="e" name="E"/>` + line("s", "u", "e"),
  );
  assert.ok(!xml.includes("BPMNShape"));
  const r = await compileBpmn(xml);
  assert.deepEqual(r.problems, []);
  for (const id of ["s", "u", "e"]) assert.ok(r.xml.includes(`bpmnElement="${id}"`), id);
  assert.match(r.xml, /BPMNShape/);
  assert.match(r.xml, /camunda:assignee="\$\{starter\}"/, "camunda attributes survive the layout");
  const u = r.model!.elements.u;
  assert.deepEqual([u.assignee, u.priority, u.dueDate], ["${starter}", "kritik", "P2D"]);
});

Deno.test("service, script, send tasks, call activity, multi-instance, io", async () => {
  const r = await compileBpmn(bare(
    `<bpmn:startEvent id="s" name="S"/>` +
      `<bpmn:serviceTask id="svc" name="Svc" camunda:type="external" camunda:topic="agent:Mailer">` +
      `<bpmn:extensionElements><camunda:inputOutput>` +
      `<camunda:inputParameter name="n">=amount * 2</camunda:inputParameter>` +
      `<camunda:inputParameter name="lit">hello</camunda:inputParameter>` +
      `<camunda:outputParameter name="out">\${result.ok}</camunda:outputParameter>` +
      `</camunda:inputOutput></bpmn:extensionElements></bpmn:serviceTask>` +
      `<bpmn:scriptTask id="sc" name="Sc" scriptFormat="feel" camunda:resultVariable="r">` +
      `<bpmn:script>1 + 2</bpmn:script></bpmn:scriptTask>` +
      `<bpmn:sendTask id="mail" name="Mail"><bpmn:extensionElements><camunda:inputOutput>` +
      `<camunda:inputParameter name="to">a@b.c</camunda:inputParameter>` +
      `<camunda:inputParameter name="subject">Hi {{name}}</camunda:inputParameter>` +
      `</camunda:inputOutput></bpmn:extensionElements></bpmn:sendTask>` +
      `<bpmn:callActivity id="call" name="Call" calledElement="child"/>` +
      `<bpmn:userTask id="many" name="Many"><bpmn:multiInstanceLoopCharacteristics ` +
      `isSequential="true" camunda:collection="\${approvers}" camunda:elementVariable="approver"/>` +
      `</bpmn:userTask><bpmn:manualTask id="man" name="Man"/><bpmn:endEvent id="e" name="E"/>` +
      line("s", "svc", "sc", "mail", "call", "many", "man", "e"),
  ));
  assert.deepEqual(r.problems, []);
  const el = r.model!.elements;
  assert.deepEqual(el.svc.service, { kind: "agent", agent: "Mailer" });
  assert.deepEqual(el.svc.io, {
    inputs: [{ name: "n", expression: "amount * 2" }, { name: "lit", expression: '"hello"' }],
    outputs: [{ name: "out", expression: "result.ok" }],
  });
  assert.deepEqual(el.sc.script, { language: "feel", body: "1 + 2", resultVariable: "r" });
  assert.deepEqual(el.mail.mail, { to: "a@b.c", subject: "Hi {{name}}", body: "" });
  assert.deepEqual(el.call.calledElement, "child");
  assert.deepEqual(el.many.loop, {
    sequential: true,
    collection: "approvers",
    elementVariable: "approver",
  });
  assert.deepEqual(el.man.type, "task");

  const bad = await compileBpmn(bare(
    `<bpmn:startEvent id="s" name="S"/><bpmn:serviceTask id="java" name="J" ` +
      `camunda:class="com.example.Delegate"/><bpmn:endEvent id="e" name="E"/>` +
      line("s", "java", "e"),
  ));
  assert.deepEqual(bad.problems.map((p) => p.elementId), ["java"]);
});

Deno.test("several pools or processes are refused", async () => {
  const xml = `<?xml version="1.0"?><bpmn:definitions ${NS} id="d" targetNamespace="t">` +
    `<bpmn:collaboration id="c"><bpmn:participant id="p1" processRef="a"/>` +
    `<bpmn:participant id="p2" processRef="b"/></bpmn:collaboration>` +
    `<bpmn:process id="a" isExecutable="true"><bpmn:startEvent id="s1" name="S"/></bpmn:process>` +
    `<bpmn:process id="b" isExecutable="true"><bpmn:startEvent id="s2" name="S"/></bpmn:process>` +
    `</bpmn:definitions>`;
  const r = await compileBpmn(xml);
  assert.ok(r.problems.some((p) => p.elementId === "c" && p.elementType === "collaboration"));
});

Deno.test("JUEL to FEEL, timers, priorities", () => {
  assert.deepEqual(toFeel("${amount > 100 && approved}"), "amount > 100 and approved");
  assert.deepEqual(toFeel("${a == 'x' || !b}"), 'a = "x" or not(b)');
  assert.deepEqual(toFeel("#{!(a && b)}"), "not(a and b)");
  assert.deepEqual(juelToFeel("a eq 1 and not done"), "a = 1 and not(done)");
  assert.deepEqual(toFeel("=x != 2"), "x != 2");
  assert.deepEqual(normalizeCron("0/5 0/1 * 1/1 * ? *"), "0-59/5 0-59/1 * 1-31/1 * *");
  assert.deepEqual(checkTimer("cycle", "R3/PT10M").timer?.expression, "R3/PT10M");
  assert.ok(checkTimer("cycle", "0 9 * * MON-FRI").timer);
  assert.ok(checkTimer("cycle", "every day").error);
  assert.ok(checkTimer("date", "2026-01-01T09:00:00Z").timer);
  assert.ok(checkTimer("duration", "P1DT2H").timer);
  assert.deepEqual(normalizePriority("10").priority, "dusuk");
  assert.deepEqual(normalizePriority("yuksek").priority, "yuksek");
  assert.ok(normalizePriority("urgent").error);
});

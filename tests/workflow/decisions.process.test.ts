/**
 * Business rule tasks end to end: start → decision table → gateway on the result, each
 * camunda:mapDecisionResult, and incidents with readable messages (no table, UNIQUE broken)
 * that a retry clears once the table is fixed. A used table cannot be deleted.
 */
import assert from "node:assert/strict";
import { itest, newTenant, problem, type TestTenant, unique } from "../helpers.ts";

const API = "/api/workflow";

async function json(res: Response, status: number) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return text ? JSON.parse(text) : null;
}

const RISK = (rules: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="https://www.omg.org/spec/DMN/20191111/MODEL/" id="defs" name="Risk" namespace="urn:test">
  <decision id="risk" name="Risk">
    <decisionTable id="risk_t" hitPolicy="UNIQUE">
      <input id="i1" label="Amount"><inputExpression id="e1" typeRef="number"><text>amount</text></inputExpression></input>
      <input id="i2" label="Country"><inputExpression id="e2" typeRef="string"><text>country</text></inputExpression></input>
      <output id="o1" label="Level" name="level" typeRef="string" />
      <output id="o2" label="Checks" name="checks" typeRef="number" />
      ${rules}
    </decisionTable>
  </decision>
</definitions>`;
const rule = (n: number, amount: string, country: string, level: string, checks: string) =>
  `<rule id="r${n}"><inputEntry id="a${n}"><text>${amount}</text></inputEntry><inputEntry id="b${n}"><text>${country}</text></inputEntry><outputEntry id="c${n}"><text>${level}</text></outputEntry><outputEntry id="d${n}"><text>${checks}</text></outputEntry></rule>`;
const GOOD = [
  rule(1, "&lt; 1000", "-", '"low"', "0"),
  rule(2, "&gt;= 1000", '"TR","DE"', '"medium"', "1"),
  rule(3, "&gt;= 1000", 'not("TR","DE")', '"high"', "2"),
].join("");

/** start → rules (business rule task) → gateway on `risk.level` → end per level. */
const process = (key: string, attrs: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="defs" targetNamespace="http://example.com">
  <bpmn:process id="${key}" name="Risk check" isExecutable="true">
    <bpmn:startEvent id="start" />
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="rules" />
    <bpmn:businessRuleTask id="rules" name="Assess risk" ${attrs} />
    <bpmn:sequenceFlow id="f2" sourceRef="rules" targetRef="gw" />
    <bpmn:exclusiveGateway id="gw" default="toLow" />
    <bpmn:sequenceFlow id="toHigh" sourceRef="gw" targetRef="high">
      <bpmn:conditionExpression>=risk.level = "high"</bpmn:conditionExpression>
    </bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="toMedium" sourceRef="gw" targetRef="medium">
      <bpmn:conditionExpression>=risk.level = "medium"</bpmn:conditionExpression>
    </bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="toLow" sourceRef="gw" targetRef="low" />
    <bpmn:endEvent id="high" />
    <bpmn:endEvent id="medium" />
    <bpmn:endEvent id="low" />
  </bpmn:process>
</bpmn:definitions>`;

async function deployProcess(t: TestTenant, attrs: string) {
  const key = unique("risk").replace(/[^A-Za-z0-9_]/g, "_");
  const res = await t.owner.call("POST", `${API}/admin/process`, {
    xml: process(key, attrs),
    deploy: true,
  });
  assert.equal(res.status, 201, await res.clone().text());
  return key;
}

async function run(t: TestTenant, key: string, variables: Record<string, unknown>) {
  const started = await json(
    await t.owner.call("POST", `${API}/process`, { key, variables }),
    201,
  );
  return await json(await t.owner.call("GET", `${API}/process/${started.id}`), 200);
}

itest("business rule task: the decision's result drives the gateway", async () => {
  const t = await newTenant();
  await json(await t.owner.call("POST", `${API}/decisions`, { xml: RISK(GOOD) }), 201);
  const key = await deployProcess(
    t,
    'camunda:decisionRef="risk" camunda:resultVariable="risk" camunda:mapDecisionResult="singleResult"',
  );
  const cases: [number, string, string, number][] = [
    [500, "TR", "low", 0],
    [5000, "DE", "medium", 1],
    [5000, "US", "high", 2],
  ];
  for (const [amount, country, end, checks] of cases) {
    const done = await run(t, key, { amount, country });
    assert.equal(done.state, "completed", JSON.stringify(done.incidents));
    assert.equal(done.endElementId, end);
    assert.deepEqual(done.variables.risk, { level: end, checks });
  }

  // A new version of the table is used by the next instance without redeploying the process.
  const allHigh = rule(1, "-", "-", '"high"', "9");
  await json(await t.owner.call("POST", `${API}/decisions`, { xml: RISK(allHigh) }), 201);
  assert.equal((await run(t, key, { amount: 1, country: "TR" })).endElementId, "high");

  // The table is in use: it cannot be deleted.
  const used = await problem(await t.owner.call("DELETE", `${API}/decisions/risk`), 409);
  assert.match(used.detail, /used by the process Risk check/);
});

itest("business rule task: result mappings (Camunda 7) and output mappings", async () => {
  const t = await newTenant();
  await json(await t.owner.call("POST", `${API}/decisions`, { xml: RISK(GOOD) }), 201);
  const io = `<bpmn:extensionElements><camunda:inputOutput>
    <camunda:outputParameter name="risk">=result[1]</camunda:outputParameter>
  </camunda:inputOutput></bpmn:extensionElements>`;
  const key = unique("risk").replace(/[^A-Za-z0-9_]/g, "_");
  // Default mapping (resultList), stored in `all`, and an output mapping reading `result`.
  const xml = process(key, 'camunda:decisionRef="risk" camunda:resultVariable="all"')
    .replace(
      'camunda:resultVariable="all" />',
      `camunda:resultVariable="all">${io}</bpmn:businessRuleTask>`,
    );
  const res = await t.owner.call("POST", `${API}/admin/process`, { xml, deploy: true });
  assert.equal(res.status, 201, await res.clone().text());
  const done = await run(t, key, { amount: 5000, country: "FR" });
  assert.deepEqual(done.variables.all, [{ level: "high", checks: 2 }]);
  assert.deepEqual(done.variables.risk, { level: "high", checks: 2 });
  assert.equal(done.endElementId, "high");

  // singleEntry needs one output: two outputs are an incident naming the reason.
  const entry = await deployProcess(
    t,
    'camunda:decisionRef="risk" camunda:resultVariable="risk" camunda:mapDecisionResult="singleEntry"',
  );
  const failed = await run(t, entry, { amount: 1, country: "TR" });
  assert.equal(failed.state, "active");
  assert.match(failed.incidents[0].message, /singleEntry expects exactly one output/);

  // A mapping that does not exist is refused when the process is deployed.
  const bad = await t.owner.call("POST", `${API}/admin/process`, {
    xml: process("badmap", 'camunda:decisionRef="risk" camunda:mapDecisionResult="everything"'),
    deploy: true,
  });
  assert.equal(bad.status, 422, await bad.clone().text());
  assert.match(await bad.text(), /mapDecisionResult/);
  const none = await t.owner.call("POST", `${API}/admin/process`, {
    xml: process("noref", ""),
    deploy: true,
  });
  assert.equal(none.status, 422);
  assert.match(await none.text(), /decisionRef/);
});

itest("business rule task: a missing table or a broken UNIQUE is an incident", async () => {
  const t = await newTenant();
  const key = await deployProcess(
    t,
    'camunda:decisionRef="risk" camunda:resultVariable="risk" camunda:mapDecisionResult="singleResult"',
  );
  const missing = await run(t, key, { amount: 5, country: "TR" });
  assert.equal(missing.state, "active");
  assert.deepEqual(missing.activeElementIds, ["rules"]);
  assert.equal(missing.incidents[0].kind, "decision");
  assert.equal(missing.incidents[0].message, "There is no decision table risk.");

  // Overlapping rules under UNIQUE: the incident names them.
  const overlap = GOOD + rule(4, "&gt; 0", "-", '"low"', "0");
  await json(await t.owner.call("POST", `${API}/decisions`, { xml: RISK(overlap) }), 201);
  const broken = await run(t, key, { amount: 5, country: "TR" });
  assert.match(broken.incidents[0].message, /UNIQUE allows one matching rule, but rules 1, 4/);

  // Fixed table, retried incident: the instance goes on.
  await json(await t.owner.call("POST", `${API}/decisions`, { xml: RISK(GOOD) }), 201);
  const retry = await t.owner.call("POST", `${API}/incidents/${broken.incidents[0].id}/retry`);
  assert.ok(retry.status < 300, await retry.text());
  const after = await json(await t.owner.call("GET", `${API}/process/${broken.id}`), 200);
  assert.equal(after.state, "completed", JSON.stringify(after.incidents));
  assert.equal(after.endElementId, "low");
});

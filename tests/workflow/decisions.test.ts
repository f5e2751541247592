/**
 * Decision tables over HTTP: deploy DMN in versions, list, read, evaluate, delete; who may;
 * tenants apart; a process whose business rule task feeds a gateway, and its incidents; the
 * admin pages (list, new from the template, editor save, test panel, delete).
 */
import assert from "node:assert/strict";
import { itest, newTenant, problem, testApp } from "../helpers.ts";

const API = "/api/workflow";

async function json(res: Response, status: number) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return text ? JSON.parse(text) : null;
}

/** A DMN file with one decision `key` over `amount` giving `route` (and `limit`). */
const dmn = (key: string, hitPolicy: string, rules: [string, string][], name = "Routing") =>
  `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="https://www.omg.org/spec/DMN/20191111/MODEL/" id="defs_${key}" name="${name}" namespace="urn:test">
  <decision id="${key}" name="${name}">
    <decisionTable id="${key}_t" hitPolicy="${hitPolicy}">
      <input id="${key}_i" label="Amount"><inputExpression id="${key}_e" typeRef="number"><text>amount</text></inputExpression></input>
      <output id="${key}_o" label="Route" name="route" typeRef="string" />
      ${
    rules.map(([test, out], i) =>
      `<rule id="${key}_r${i}"><inputEntry id="${key}_ri${i}"><text>${test}</text></inputEntry><outputEntry id="${key}_ro${i}"><text>${out}</text></outputEntry></rule>`
    ).join("\n      ")
  }
    </decisionTable>
  </decision>
</definitions>`;

const ROUTING: [string, string][] = [["&lt; 1000", '"auto"'], ["&gt;= 1000", '"manual"']];

itest("decisions: deploy versions, list, get, evaluate, delete; audited", async () => {
  const { platform } = await testApp();
  const t = await newTenant();
  const first = await json(
    await t.owner.call("POST", `${API}/decisions`, { xml: dmn("routing", "UNIQUE", ROUTING) }),
    201,
  );
  assert.deepEqual(
    first.items.map((d: { key: string; version: number; hitPolicy: string; ruleCount: number }) => [
      d.key,
      d.version,
      d.hitPolicy,
      d.ruleCount,
    ]),
    [["routing", 1, "UNIQUE", 2]],
  );
  // A second deployment of the same decision is version 2; FIRST now, three rules.
  const rules2: [string, string][] = [["&lt; 100", '"auto"'], ...ROUTING];
  await json(
    await t.owner.call("POST", `${API}/decisions`, {
      xml: dmn("routing", "FIRST", rules2, "Routing v2"),
    }),
    201,
  );
  const list = await json(await t.owner.call("GET", `${API}/decisions`), 200);
  assert.equal(list.items.length, 1);
  assert.equal(list.items[0].version, 2);
  assert.equal(list.items[0].name, "Routing v2");
  assert.equal(list.items[0].deployedByName, "Owner");

  const latest = await json(await t.owner.call("GET", `${API}/decisions/routing`), 200);
  assert.deepEqual(latest.versions, [2, 1]);
  assert.equal(latest.table.hitPolicy, "FIRST");
  assert.deepEqual(latest.table.outputs, [
    { name: "route", label: "Route", typeRef: "string" },
  ]);
  assert.match(latest.xml, /Routing v2/);
  const v1 = await json(await t.owner.call("GET", `${API}/decisions/routing?version=1`), 200);
  assert.equal(v1.table.hitPolicy, "UNIQUE");
  await problem(await t.owner.call("GET", `${API}/decisions/routing?version=9`), 404);

  const evaluate = (body: unknown) =>
    t.owner.call("POST", `${API}/decisions/routing/evaluate`, body);
  assert.deepEqual(await json(await evaluate({ variables: { amount: 50 } }), 200), {
    key: "routing",
    version: 2,
    hitPolicy: "FIRST",
    matchedRules: [1],
    result: [{ route: "auto" }],
  });
  const old = await json(await evaluate({ variables: { amount: 5000 }, version: 1 }), 200);
  assert.deepEqual([old.version, old.result], [1, [{ route: "manual" }]]);
  const none = await json(await evaluate({ variables: {} }), 200);
  assert.deepEqual(none.result, []);

  const audit = await platform.db.sql`select action, entity_id from activity
    where tenant_id = ${t.id} and module = 'workflow' and entity_type = 'decision'
    order by occurred_at, id`;
  assert.deepEqual(audit.map((r) => `${r.action} ${r.entityId}`), [
    "created routing",
    "deployed routing",
  ]);

  assert.equal((await t.owner.call("DELETE", `${API}/decisions/routing`)).status, 204);
  await problem(await t.owner.call("GET", `${API}/decisions/routing`), 404);
  await problem(await t.owner.call("DELETE", `${API}/decisions/routing`), 404);
  assert.deepEqual((await json(await t.owner.call("GET", `${API}/decisions`), 200)).items, []);
});

itest("decisions: refusals are 4xx problems with readable reasons", async () => {
  const t = await newTenant();
  const deploy = (body: unknown) => t.owner.call("POST", `${API}/decisions`, body);
  await problem(await deploy({}), 400);
  await problem(await deploy({ xml: "" }), 400);
  const notXml = await problem(await deploy({ xml: "<definitions" }), 422);
  assert.match(notXml.detail, /not DMN 1\.3 XML/);
  const badFeel = await problem(
    await deploy({ xml: dmn("bad", "UNIQUE", [["&gt; &gt; 3", '"x"']]) }),
    422,
  );
  assert.match(badFeel.errors[0].message, /rule 1, "Amount": "> > 3" is not a valid test/);
  const policy = await problem(await deploy({ xml: dmn("bad", "MOSTLY", ROUTING) }), 422);
  assert.match(policy.detail, /hit policy MOSTLY is not supported/);
  const literal = await problem(
    await deploy({
      xml: dmn("x", "UNIQUE", ROUTING).replace(
        /<decisionTable[^]*<\/decisionTable>/,
        "<literalExpression><text>1</text></literalExpression>",
      ),
    }),
    422,
  );
  assert.match(literal.detail, /not a decision table/);
  assert.deepEqual((await json(await t.owner.call("GET", `${API}/decisions`), 200)).items, []);

  await json(
    await deploy({ xml: dmn("overlap", "UNIQUE", [["&gt; 0", '"a"'], ["&gt; 10", '"b"']]) }),
    201,
  );
  const evaluate = (key: string, body: unknown) =>
    t.owner.call("POST", `${API}/decisions/${key}/evaluate`, body);
  const unique422 = await problem(await evaluate("overlap", { variables: { amount: 20 } }), 422);
  assert.match(unique422.detail, /UNIQUE allows one matching rule, but rules 1, 2 match/);
  await problem(await evaluate("overlap", { variables: "amount=20" }), 400);
  await problem(await evaluate("nothing", { variables: {} }), 404);
  await problem(await evaluate("bad key!", { variables: {} }), 404);
  await problem(await evaluate("overlap", { variables: {}, version: "x" }), 400);
  // Odd path and query values are 4xx problems, never a 500.
  for (const path of ["%E2%80%AE", "a%00b", "x".repeat(300), "overlap?version=-1"]) {
    const res = await t.owner.call("GET", `${API}/decisions/${path}`);
    assert.ok(res.status === 400 || res.status === 404, `${path}: ${res.status}`);
    await problem(res, res.status);
  }
});

itest("decisions: only workflow.definition.write; other tenants see nothing", async () => {
  const t = await newTenant();
  const other = await newTenant();
  await json(
    await t.owner.call("POST", `${API}/decisions`, { xml: dmn("routing", "UNIQUE", ROUTING) }),
    201,
  );
  for (const roles of [["agent"], ["member"], ["viewer"], []]) {
    const who = await t.member(roles);
    await problem(await who.call("GET", `${API}/decisions`), 403);
    await problem(await who.call("GET", `${API}/decisions/routing`), 403);
    await problem(
      await who.call("POST", `${API}/decisions`, { xml: dmn("x", "UNIQUE", ROUTING) }),
      403,
    );
    await problem(
      await who.call("POST", `${API}/decisions/routing/evaluate`, { variables: {} }),
      403,
    );
    await problem(await who.call("DELETE", `${API}/decisions/routing`), 403);
  }
  const admin = await t.member(["admin"]);
  await json(await admin.call("GET", `${API}/decisions/routing`), 200);

  assert.deepEqual((await json(await other.owner.call("GET", `${API}/decisions`), 200)).items, []);
  await problem(await other.owner.call("GET", `${API}/decisions/routing`), 404);
  await problem(
    await other.owner.call("POST", `${API}/decisions/routing/evaluate`, { variables: {} }),
    404,
  );
  await problem(await other.owner.call("DELETE", `${API}/decisions/routing`), 404);
  // The same key in another tenant is its own version 1.
  const theirs = await json(
    await other.owner.call("POST", `${API}/decisions`, { xml: dmn("routing", "FIRST", ROUTING) }),
    201,
  );
  assert.equal(theirs.items[0].version, 1);
  const mine = await json(await t.owner.call("GET", `${API}/decisions/routing`), 200);
  assert.deepEqual([mine.version, mine.table.hitPolicy], [1, "UNIQUE"]);
});

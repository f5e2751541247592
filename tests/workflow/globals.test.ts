/**
 * Global variables: the API (list, put, delete; secrets write-only and stored encrypted; audit
 * lines with secrets masked), who may use it, tenants kept apart, the admin page, and a process
 * whose gateway and scripts read `globals.<name>`.
 */
import assert from "node:assert/strict";
import { browse, itest, newTenant, problem, testApp, unique } from "../helpers.ts";

const API = "/api/workflow";
const SECRET = "s3cr3t-Value-never-shown";

async function json(res: Response, status: number) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return text ? JSON.parse(text) : null;
}

const model = (key: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="defs" targetNamespace="http://example.com">
  <bpmn:process id="${key}" name="Globals" isExecutable="true">
    <bpmn:startEvent id="start" />
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="greet" />
    <bpmn:scriptTask id="greet" name="Greet" scriptFormat="feel" camunda:resultVariable="message">
      <bpmn:script>globals.greeting + ", " + who</bpmn:script>
    </bpmn:scriptTask>
    <bpmn:sequenceFlow id="f2" sourceRef="greet" targetRef="peek" />
    <bpmn:scriptTask id="peek" name="Peek" scriptFormat="javascript" camunda:resultVariable="tokenLength">
      <bpmn:script>globals.token.length</bpmn:script>
    </bpmn:scriptTask>
    <bpmn:sequenceFlow id="f3" sourceRef="peek" targetRef="gw" />
    <bpmn:exclusiveGateway id="gw" default="small" />
    <bpmn:sequenceFlow id="big" sourceRef="gw" targetRef="bigEnd">
      <bpmn:conditionExpression>\${amount > globals.limit}</bpmn:conditionExpression>
    </bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="small" sourceRef="gw" targetRef="smallEnd" />
    <bpmn:endEvent id="bigEnd" />
    <bpmn:endEvent id="smallEnd" />
  </bpmn:process>
</bpmn:definitions>`;

itest(
  "globals: put, list, replace, delete; secrets write-only, encrypted, audited masked",
  async () => {
    const { platform } = await testApp();
    const t = await newTenant();
    const put = (name: string, body: unknown, who = t.owner) =>
      who.call("PUT", `${API}/globals/${name}`, body);

    const limit = await json(
      await put("limit", { type: "number", value: 100, description: "Approval limit" }),
      200,
    );
    assert.equal(limit.value, 100);
    assert.equal(limit.hasValue, true);
    await json(await put("config", { type: "json", value: { a: [1, 2] } }), 200);
    await json(await put("enabled", { type: "boolean", value: false }), 200);
    const secretRes = await put("token", { type: "secret", value: SECRET });
    const secretText = await secretRes.clone().text();
    const secret = await json(secretRes, 200);
    assert.ok(!secretText.includes(SECRET), "the secret is not returned");
    assert.equal(secret.value, null);
    assert.equal(secret.hasValue, true);

    const listRes = await t.owner.call("GET", `${API}/globals`);
    const listText = await listRes.clone().text();
    assert.ok(!listText.includes(SECRET));
    const list = await json(listRes, 200);
    assert.deepEqual(list.items.map((g: { name: string }) => g.name), [
      "config",
      "enabled",
      "limit",
      "token",
    ]);
    assert.deepEqual(list.items[0].value, { a: [1, 2] });
    assert.equal(list.items[1].value, false);

    // Replacing: value checked against the type; a secret without a value keeps the stored one.
    await json(await put("limit", { type: "number", value: 250, description: "Raised" }), 200);
    await json(await put("token", { type: "secret", description: "API token" }), 200);

    // Stored encrypted: no plaintext anywhere in the row.
    const rows = await platform.db.sql`select name, value::text as v, secret_ciphertext,
    encode(secret_ciphertext, 'escape') as raw from workflow_globals
    where tenant_id = ${t.id} and name = 'token'`;
    assert.equal(rows.length, 1);
    assert.equal(rows[0].v, null);
    assert.ok(rows[0].secretCiphertext.length > SECRET.length);
    assert.ok(!String(rows[0].raw).includes(SECRET));

    // Audit: one line per change, the secret masked.
    const audit = await platform.db
      .sql`select action, entity_id, before::text as b, after::text as a
    from activity where tenant_id = ${t.id} and module = 'workflow' and entity_type = 'global'
    order by occurred_at, id`;
    assert.deepEqual(audit.map((r) => `${r.action} ${r.entityId}`), [
      "created limit",
      "created config",
      "created enabled",
      "created token",
      "updated limit",
      "updated token",
    ]);
    assert.ok(audit.every((r) => !`${r.b}${r.a}`.includes(SECRET)));
    assert.match(String(audit[4].a), /250/);

    assert.equal((await t.owner.call("DELETE", `${API}/globals/enabled`)).status, 204);
    const after = await json(await t.owner.call("GET", `${API}/globals`), 200);
    assert.ok(!after.items.some((g: { name: string }) => g.name === "enabled"));
    await problem(await t.owner.call("DELETE", `${API}/globals/enabled`), 404);
  },
);

itest("globals: validation, permissions and tenants", async () => {
  const t = await newTenant();
  const other = await newTenant();
  const put = (name: string, body: unknown, who = t.owner) =>
    who.call("PUT", `${API}/globals/${name}`, body);
  await json(await put("limit", { type: "number", value: 5 }), 200);

  const bad = await problem(await put("limit", { type: "number", value: "five" }), 400);
  assert.equal(bad.errors[0].path, "value");
  await problem(await put("limit", { type: "boolean", value: 1 }), 400);
  await problem(await put("limit", { type: "colour", value: "red" }), 400);
  await problem(await put("1st", { type: "text", value: "x" }), 400);
  await problem(await put("has-dash", { type: "text", value: "x" }), 400);
  await problem(await put("newSecret", { type: "secret" }), 400);
  await problem(await put("newSecret", { type: "secret", value: "" }), 400);
  const still = await json(await t.owner.call("GET", `${API}/globals`), 200);
  assert.equal(still.items.length, 1);
  assert.equal(still.items[0].value, 5, "a refused write changes nothing");

  // Staff roles read every module (so the list, secrets never shown) but never write; a
  // member without any role reads nothing.
  for (const roles of [["agent"], ["member"], ["viewer"]]) {
    const who = await t.member(roles);
    await json(await who.call("GET", `${API}/globals`), 200);
    await problem(await put("limit", { type: "number", value: 9 }, who), 403);
    await problem(await who.call("DELETE", `${API}/globals/limit`), 403);
  }
  const nobody = await t.member([]);
  await problem(await nobody.call("GET", `${API}/globals`), 403);
  const admin = await t.member(["admin"]);
  await json(await put("limit", { type: "number", value: 6 }, admin), 200);

  // Another tenant sees nothing and cannot delete ours.
  const theirs = await json(await other.owner.call("GET", `${API}/globals`), 200);
  assert.deepEqual(theirs.items, []);
  await problem(await other.owner.call("DELETE", `${API}/globals/limit`), 404);
  const mine = await json(await t.owner.call("GET", `${API}/globals`), 200);
  assert.equal(mine.items[0].value, 6);
});

itest("globals: a process's gateway and scripts read globals.<name>", async () => {
  const t = await newTenant();
  const key = unique("globals").replace(/[^A-Za-z0-9_]/g, "_");
  const put = (name: string, body: unknown) => t.owner.call("PUT", `${API}/globals/${name}`, body);
  await json(await put("limit", { type: "number", value: 100 }), 200);
  await json(await put("greeting", { type: "text", value: "Merhaba" }), 200);
  await json(await put("token", { type: "secret", value: SECRET }), 200);
  const created = await t.owner.call("POST", `${API}/admin/process`, {
    xml: model(key),
    deploy: true,
  });
  assert.equal(created.status, 201, await created.clone().text());

  const run = async (amount: number) => {
    const started = await json(
      await t.owner.call("POST", `${API}/process`, { key, variables: { amount, who: "Ayşe" } }),
      201,
    );
    const res = await t.owner.call("GET", `${API}/process/${started.id}`);
    const text = await res.clone().text();
    assert.ok(!text.includes(SECRET), "the secret is never stored in the process");
    return await json(res, 200);
  };
  const big = await run(150);
  assert.equal(big.state, "completed", JSON.stringify(big.incidents ?? big));
  assert.equal(big.endElementId, "bigEnd");
  assert.equal(big.variables.message, "Merhaba, Ayşe");
  assert.equal(big.variables.tokenLength, SECRET.length);
  assert.equal("globals" in big.variables, false, "globals are not copied into variables");
  const small = await run(50);
  assert.equal(small.endElementId, "smallEnd");

  // Raising the limit changes the path of the next instance.
  await json(await put("limit", { type: "number", value: 10 }), 200);
  assert.equal((await run(50)).endElementId, "bigEnd");
});

itest("globals: the admin page lists, creates, edits and deletes", async () => {
  const t = await newTenant();
  await json(
    await t.owner.call("PUT", `${API}/globals/token`, { type: "secret", value: SECRET }),
    200,
  );
  const page = async (who = t.owner) => {
    const res = await browse("/workflow/admin/variables", { who });
    assert.equal(res.status, 200);
    return await res.text();
  };
  const html = await page();
  assert.ok(html.includes("token") && html.includes("••••"));
  assert.ok(!html.includes(SECRET));

  const post = (form: Record<string, string>) =>
    browse("/workflow/admin/variables", { who: t.owner, form });
  assert.equal((await post({ name: "limit", type: "number", value: "12,5" })).status, 303);
  assert.equal((await post({ name: "limit", type: "number", value: "lots" })).status, 400);
  // Editing a secret with an empty value keeps it.
  assert.equal(
    (await post({ name: "token", type: "secret", value: "", description: "Kept" })).status,
    303,
  );
  const list = await json(await t.owner.call("GET", `${API}/globals`), 200);
  assert.deepEqual(
    list.items.map((g: { name: string; value: unknown; description: string }) => [
      g.name,
      g.value,
      g.description,
    ]),
    [["limit", 12.5, ""], ["token", null, "Kept"]],
  );
  const shown = await page();
  assert.ok(shown.includes("12.5") && shown.includes("Number"));
  assert.equal(
    (await browse("/workflow/admin/variables/limit/delete", { who: t.owner, form: {} })).status,
    303,
  );
  assert.ok(!(await page()).includes("12.5"));

  const nobody = await t.member([]);
  assert.equal((await browse("/workflow/admin/variables", { who: nobody })).status, 403);
  const viewer = await t.member(["viewer"]);
  const seen = await (await browse("/workflow/admin/variables", { who: viewer })).text();
  assert.ok(!seen.includes("new-global"), "no create dialog without the write permission");
  const refused = await browse("/workflow/admin/variables", {
    who: viewer,
    form: { name: "x", type: "text", value: "y" },
  });
  assert.equal(refused.status, 403);
});

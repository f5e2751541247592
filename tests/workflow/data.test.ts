/**
 * Data models and records through the API: models with typed fields (enums, references to
 * another model and to users), records checked against them, search, filter and keyset
 * paging, optimistic versions (409 on stale), history with before/after and actor, field
 * removal refused unless forced, model deletion guarded; permissions and tenants kept apart;
 * the changes show in the audit monitor.
 */
import assert from "node:assert/strict";
import { itest, newTenant, problem, type TestTenant } from "../helpers.ts";
import { customerModel, seedModels } from "./data.fixtures.ts";

const API = "/api/workflow";

async function json(res: Response, status = 200) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return text ? JSON.parse(text) : null;
}

const rec = (t: TestTenant, key: string, data: unknown) =>
  t.owner.call("POST", `${API}/data-models/${key}/records`, { data });

itest("data models: create, list, get, change fields, delete guarded", async () => {
  const t = await newTenant();
  await seedModels(t);
  const list = await json(await t.owner.call("GET", `${API}/data-models`));
  assert.deepEqual(list.items.map((m: { key: string }) => m.key), ["customer", "purchase_order"]);
  const order = await json(await t.owner.call("GET", `${API}/data-models/purchase_order`));
  assert.equal(order.fields.length, 7);
  assert.equal(order.titleField, "title", "the first text field by default");
  assert.equal(order.fields[0].values, undefined, "no enum values on a text field");

  // Bad input: 400 with paths; duplicate key 409; unknown referenced model 400.
  const bad = await problem(
    await t.owner.call("POST", `${API}/data-models`, { key: "Bad Key", name: "" }),
    400,
  );
  assert.ok(bad.errors.length >= 2);
  await problem(await t.owner.call("POST", `${API}/data-models`, customerModel), 409);
  const dangling = await problem(
    await t.owner.call("POST", `${API}/data-models`, {
      key: "thing",
      name: "Thing",
      fields: [
        { name: "x", label: "X", type: "reference", model: "nothing" },
        { name: "x", label: "X again", type: "text" },
        { name: "e", label: "E", type: "enum", values: [] },
      ],
    }),
    400,
  );
  assert.deepEqual(dangling.errors.map((e: { path: string }) => e.path).sort(), [
    "fields.0.model",
    "fields.1.name",
    "fields.2.values",
  ]);

  const c = await json(await rec(t, "customer", { name: "Acme", city: "İzmir" }), 201);
  // Removing a field records use: 409 unless forced; retyping it: 409.
  const fewer = customerModel.fields.filter((f) => f.name !== "city");
  await problem(
    await t.owner.call("PATCH", `${API}/data-models/customer`, { fields: fewer }),
    409,
  );
  await problem(
    await t.owner.call("PATCH", `${API}/data-models/customer`, {
      fields: [customerModel.fields[0], { name: "city", label: "City", type: "number" }],
    }),
    409,
  );
  const renamed = await json(
    await t.owner.call("PATCH", `${API}/data-models/customer`, {
      name: "Client",
      fields: fewer,
      force: true,
    }),
  );
  assert.equal(renamed.name, "Client");
  assert.equal(renamed.fields.length, 1);
  const stripped = await json(
    await t.owner.call("GET", `${API}/data-models/customer/records/${c.id}`),
  );
  assert.deepEqual(stripped.data, { name: "Acme" });
  assert.equal(stripped.version, 2);

  // Delete: refused while records exist or another model references it.
  await problem(await t.owner.call("DELETE", `${API}/data-models/customer`), 409);
  await json(await t.owner.call("DELETE", `${API}/data-models/customer/records/${c.id}`), 204);
  const refused = await problem(await t.owner.call("DELETE", `${API}/data-models/customer`), 409);
  assert.match(refused.detail, /Purchase order/);
  await json(await t.owner.call("DELETE", `${API}/data-models/purchase_order`), 204);
  await json(await t.owner.call("DELETE", `${API}/data-models/customer`), 204);
  await problem(await t.owner.call("GET", `${API}/data-models/customer`), 404);
});

itest("data records: checked, searched, filtered, paged; versions; history", async () => {
  const t = await newTenant();
  const other = await newTenant();
  await seedModels(t);
  await json(await other.owner.call("POST", `${API}/data-models`, customerModel), 201);
  const theirs = await json(await rec(other, "customer", { name: "Theirs" }), 201);
  const acme = await json(await rec(t, "customer", { name: "ACME Yazıcı" }), 201);

  const created = await json(
    await rec(t, "purchase_order", {
      title: "Printer",
      amount: "1250,5",
      urgent: "yes",
      due: "2026-12-01",
      status: "open",
      customer: acme.id,
      owner: t.owner.id,
    }),
    201,
  );
  assert.equal(created.data.amount, 1250.5, "coerced from text");
  assert.equal(created.data.urgent, true);
  assert.equal(created.version, 1);
  assert.equal(created.title, "Printer");
  assert.equal(created.display.customer, "ACME Yazıcı");
  assert.equal(created.display.owner, "Owner");

  // Each rule: required, type, enum, unknown field, reference in another tenant, non-member.
  const bad = await problem(
    await rec(t, "purchase_order", {
      amount: "lots",
      status: "maybe",
      due: "2026-02-30",
      colour: "red",
      customer: theirs.id,
      owner: other.owner.id,
    }),
    400,
  );
  assert.deepEqual(bad.errors.map((e: { path: string }) => e.path).sort(), [
    "data.amount",
    "data.colour",
    "data.due",
    "data.status",
    "data.title",
  ]);
  const refs = await problem(
    await rec(t, "purchase_order", {
      title: "X",
      amount: 1,
      customer: theirs.id,
      owner: other.owner.id,
    }),
    400,
  );
  assert.deepEqual(refs.errors.map((e: { path: string }) => e.path).sort(), [
    "data.customer",
    "data.owner",
  ]);

  for (let i = 0; i < 4; i++) {
    await json(
      await rec(t, "purchase_order", { title: `Paper ${i}`, amount: i, status: "done" }),
      201,
    );
  }
  const url = `${API}/data-models/purchase_order/records`;
  // Search is Turkish-aware and covers the referenced customer's title.
  const found = await json(await t.owner.call("GET", `${url}?q=YAZICI`));
  assert.deepEqual(found.items.map((r: { id: string }) => r.id), [created.id]);
  const done = await json(await t.owner.call("GET", `${url}?field=status&value=done`));
  assert.equal(done.items.length, 4);
  const urgent = await json(await t.owner.call("GET", `${url}?field=urgent&value=true`));
  assert.deepEqual(urgent.items.map((r: { id: string }) => r.id), [created.id]);
  await problem(await t.owner.call("GET", `${url}?field=nope&value=1`), 400);
  await problem(await t.owner.call("GET", `${url}?field=amount&value=abc`), 400);
  await problem(await t.owner.call("GET", `${url}?cursor=garbage`), 400);
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const page: { items: { id: string }[]; nextCursor: string | null } = await json(
      await t.owner.call("GET", `${url}?limit=2${cursor ? `&cursor=${cursor}` : ""}`),
    );
    seen.push(...page.items.map((r) => r.id));
    cursor = page.nextCursor;
  } while (cursor);
  assert.equal(seen.length, 5);
  assert.equal(new Set(seen).size, 5);

  // Optimistic versions: a stale update is 409 and changes nothing.
  const one = `${url}/${created.id}`;
  const v2 = await json(
    await t.owner.call("PATCH", one, { version: 1, data: { status: "done", urgent: null } }),
  );
  assert.equal(v2.version, 2);
  assert.equal("urgent" in v2.data, false, "null clears a field");
  await problem(await t.owner.call("PATCH", one, { version: 1, data: { amount: 9 } }), 409);
  await problem(await t.owner.call("PATCH", one, { version: 2, data: { amount: "x" } }), 400);
  await problem(await t.owner.call("PATCH", one, { data: { amount: 9 } }), 400);
  assert.equal((await json(await t.owner.call("GET", one))).data.amount, 1250.5);

  const history = await json(await t.owner.call("GET", `${one}/history`));
  assert.deepEqual(history.items.map((h: { action: string }) => h.action), ["updated", "created"]);
  assert.equal(history.items[0].before.status, "open");
  assert.equal(history.items[0].after.status, "done");
  assert.equal(history.items[0].actorName, "Owner");
  assert.equal(history.items[1].before, null);

  // Tenants: another tenant's record is 404 through our model and theirs; nothing changes.
  await problem(await t.owner.call("GET", `${API}/data-models/customer/records/${theirs.id}`), 404);
  await problem(
    await t.owner.call("PATCH", `${API}/data-models/customer/records/${theirs.id}`, {
      version: 1,
      data: { name: "Mine" },
    }),
    404,
  );
  await problem(
    await t.owner.call("DELETE", `${API}/data-models/customer/records/${theirs.id}`),
    404,
  );
  await problem(await other.owner.call("GET", one), 404);
  await problem(await other.owner.call("DELETE", `${API}/data-models/purchase_order`), 404);
  const still = await json(
    await other.owner.call("GET", `${API}/data-models/customer/records/${theirs.id}`),
  );
  assert.equal(still.data.name, "Theirs");
  // A record of one model is not found through another.
  await problem(
    await t.owner.call("GET", `${API}/data-models/customer/records/${created.id}`),
    404,
  );

  await json(await t.owner.call("DELETE", one), 204);
  await problem(await t.owner.call("GET", one), 404);
});

itest("data: permissions (read to browse, write to change)", async () => {
  const t = await newTenant();
  await seedModels(t);
  const acme = await json(await rec(t, "customer", { name: "Acme" }), 201);
  const nobody = await t.member([]);
  await problem(await nobody.call("GET", `${API}/data-models`), 403);
  await problem(await nobody.call("GET", `${API}/data-models/customer/records`), 403);
  const agent = await t.member(["agent"]);
  const one = `${API}/data-models/customer/records/${acme.id}`;
  for (const who of [agent, nobody]) {
    await problem(await who.call("POST", `${API}/data-models`, { key: "x", name: "X" }), 403);
    await problem(await who.call("PATCH", `${API}/data-models/customer`, { name: "Y" }), 403);
    await problem(await who.call("DELETE", `${API}/data-models/customer`), 403);
    await problem(
      await who.call("POST", `${API}/data-models/customer/records`, { data: { name: "Z" } }),
      403,
    );
    await problem(await who.call("PATCH", one, { version: 1, data: { name: "Z" } }), 403);
    await problem(await who.call("DELETE", one), 403);
    const history = await who.call("GET", `${one}/history`);
    if (who === nobody) await problem(history, 403);
    else assert.equal((await json(history)).items.length, 1, "staff roles read");
  }
  const admin = await t.member(["admin"]);
  const changed = await json(
    await admin.call("PATCH", one, { version: 1, data: { name: "Acme Ltd" } }),
  );
  assert.equal(changed.updatedBy, admin.id);
  assert.equal((await json(await t.owner.call("GET", one))).data.name, "Acme Ltd");
});

itest("data: changes show in the audit monitor with a readable line", async () => {
  const t = await newTenant();
  await seedModels(t);
  const acme = await json(await rec(t, "customer", { name: "Acme" }), 201);
  await json(
    await t.owner.call("PATCH", `${API}/data-models/customer/records/${acme.id}`, {
      version: 1,
      data: { name: "Acme Ltd" },
    }),
  );
  const lines = (await json(await t.owner.call("GET", `${API}/audit?category=data&limit=100`)))
    .items;
  assert.deepEqual(lines.map((l: { event: string }) => l.event), [
    "data_record.updated",
    "data_record.created",
    "data_model.created",
    "data_model.created",
  ]);
  assert.equal(lines[0].subject, "Customer · Acme Ltd");
  assert.equal(lines[2].subject, "Purchase order");
  const page = await (await import("../helpers.ts")).browse(
    "/workflow/admin/audit?category=data",
    { who: t.owner },
  );
  const html = await page.text();
  assert.match(html, /changed the record/);
  assert.match(html, /Customer · Acme Ltd/);
});

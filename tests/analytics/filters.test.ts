/**
 * Dashboard filters saved with the sheet, through HTTP: define (label, kind, default,
 * required, per-widget field mapping), per-user remembered values, the address overriding
 * them, reset to defaults, choices; one filter mapped to two widgets on different sources
 * narrows both while an unmapped widget stays as it was; view uses, edit defines; another
 * tenant's ids are 404 and unchanged.
 */
import assert from "node:assert/strict";
import { callApp, itest, newTenant, problem, type TestTenant } from "../helpers.ts";
import { customer, ticket } from "../support/fixtures.ts";

const API = "/api/analytics";

async function json(res: Response, status: number) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return text ? JSON.parse(text) : null;
}

const count = (dataset: string, title: string) => ({
  title,
  chartType: "table",
  query: { source: { kind: "dataset", name: dataset }, aggregates: [{ fn: "count", as: "n" }] },
});

/** A sheet with three widgets: tickets (mapped), customers (mapped), tickets (unmapped). */
async function sheetOf(t: TestTenant) {
  const app = await json(await t.owner.call("POST", `${API}/apps`, { name: "Support" }), 201);
  const sheet = await json(
    await t.owner.call("POST", `${API}/apps/${app.id}/sheets`, { name: "Overview" }),
    201,
  );
  const add = async (body: unknown) =>
    await json(await t.owner.call("POST", `${API}/sheets/${sheet.id}/widgets`, body), 201);
  const tickets = await add(count("tickets", "Tickets"));
  const customers = await add(count("customers", "Customers"));
  const all = await add(count("tickets", "All tickets"));
  return { app, sheet, tickets, customers, all };
}

const byCustomer = (s: Awaited<ReturnType<typeof sheetOf>>) => ({
  label: "Customer",
  kind: "choice",
  mappings: [
    { widgetId: s.tickets.id, field: "customer" },
    { widgetId: s.customers.id, field: "name" },
  ],
});

itest(
  "sheet filters: create, list, change, remove; bad input is 400, nothing written",
  async () => {
    const t = await newTenant();
    const s = await sheetOf(t);
    const path = `${API}/sheets/${s.sheet.id}/filters`;
    const f = await json(await t.owner.call("POST", path, byCustomer(s)), 201);
    assert.equal(f.label, "Customer");
    assert.equal(f.required, false);
    assert.equal(f.defaultValue, null);
    assert.deepEqual(f.mappings.map((m: { field: string }) => m.field), ["customer", "name"]);
    const d = await json(
      await t.owner.call("POST", path, {
        label: "Created",
        kind: "date",
        defaultValue: { kind: "date", preset: "last30" },
        required: true,
        mappings: [{ widgetId: s.tickets.id, field: "created_at" }],
      }),
      201,
    );
    const listed = await json(await t.owner.call("GET", path), 200);
    assert.deepEqual(listed.items.map((x: { label: string }) => x.label), ["Customer", "Created"]);

    const changed = await json(
      await t.owner.call("PATCH", `${path}/${f.id}`, {
        label: "Client",
        defaultValue: { kind: "choice", values: ["Acme"] },
        mappings: [{ widgetId: s.customers.id, field: "name" }],
      }),
      200,
    );
    assert.equal(changed.label, "Client");
    assert.deepEqual(changed.defaultValue, { kind: "choice", values: ["Acme"] });
    assert.deepEqual(changed.mappings, [{ widgetId: s.customers.id, field: "name" }]);

    // Bad input: each is 400 and leaves the filters as they were.
    const bad = [
      { ...byCustomer(s), kind: "colour" },
      { ...byCustomer(s), label: "" },
      { ...byCustomer(s), defaultValue: { kind: "choice", values: ["a\u0000b"] } },
      { ...byCustomer(s), defaultValue: { kind: "number", min: 1 } },
      { ...byCustomer(s), required: true },
      { ...byCustomer(s), mappings: [{ widgetId: crypto.randomUUID(), field: "name" }] },
      { ...byCustomer(s), mappings: [{ widgetId: s.customers.id, field: "no_such_field" }] },
      { label: "Day", kind: "date", mappings: [{ widgetId: s.tickets.id, field: "subject" }] },
      { label: "Range", kind: "number", defaultValue: { kind: "number", min: 5, max: 1 } },
      { label: "Day", kind: "date", defaultValue: { kind: "date", from: "2026-02-31" } },
    ];
    for (const body of bad) await problem(await t.owner.call("POST", path, body), 400);
    const mapped = await problem(
      await t.owner.call("PATCH", `${path}/${d.id}`, {
        mappings: [{ widgetId: s.tickets.id, field: "created_at" }, {
          widgetId: s.customers.id,
          field: "email",
        }],
      }),
      400,
    );
    assert.equal(mapped.errors[0].path, "mappings.1.field");
    const after = await json(await t.owner.call("GET", path), 200);
    assert.equal(after.items.length, 2);
    assert.deepEqual(after.items[1].mappings, [{ widgetId: s.tickets.id, field: "created_at" }]);

    // Deleting a widget drops its mapping; deleting the filter removes it.
    await json(await t.owner.call("DELETE", `${API}/widgets/${s.customers.id}`), 204);
    const dropped = await json(await t.owner.call("GET", path), 200);
    assert.deepEqual(dropped.items[0].mappings, []);
    await json(await t.owner.call("DELETE", `${path}/${f.id}`), 204);
    await problem(await t.owner.call("DELETE", `${path}/${f.id}`), 404);
    await problem(await t.owner.call("PATCH", `${path}/not-an-id`, { label: "x" }), 404);
    const left = await json(await t.owner.call("GET", path), 200);
    assert.deepEqual(left.items.map((x: { id: string }) => x.id), [d.id]);
  },
);

itest("a filter on two widgets' different fields narrows both; an unmapped one stays", async () => {
  const t = await newTenant();
  const acme = await customer(t.owner, { name: "Acme" });
  const beta = await customer(t.owner, { name: "Beta" });
  await ticket(t.owner, acme.id, { subject: "One" });
  await ticket(t.owner, acme.id, { subject: "Two" });
  await ticket(t.owner, beta.id, { subject: "Three" });
  const s = await sheetOf(t);
  const f = await json(
    await t.owner.call("POST", `${API}/sheets/${s.sheet.id}/filters`, byCustomer(s)),
    201,
  );
  const n = async (w: { id: string }, query = "") =>
    (await json(await t.owner.call("GET", `${API}/widgets/${w.id}/data${query}`), 200)).rows[0].n;
  const all3 = async (
    query = "",
  ) => [await n(s.tickets, query), await n(s.customers, query), await n(s.all, query)];
  assert.deepEqual(await all3(), [3, 2, 3], "no value: nothing narrowed");

  // Choices: the distinct values of both mapped fields.
  const choices = await json(
    await t.owner.call("GET", `${API}/sheets/${s.sheet.id}/filters/${f.id}/choices`),
    200,
  );
  const values = choices.items.map((c: { value: string }) => c.value);
  assert.ok(values.includes("Acme") && values.includes("Beta"), JSON.stringify(values));

  // Remembered for this user: both mapped widgets narrow, the unmapped one does not.
  const values_ = `${API}/sheets/${s.sheet.id}/filter-values`;
  const saved = await json(
    await t.owner.call("PUT", values_, {
      values: { [f.id]: { kind: "choice", values: ["Acme"] } },
    }),
    200,
  );
  assert.deepEqual(saved.values[f.id], { kind: "choice", values: ["Acme"] });
  assert.deepEqual(await all3(), [2, 1, 3]);
  // The address wins over the remembered value; `x` clears it on purpose.
  assert.deepEqual(await all3(`?sf=${f.id}:c:Beta`), [1, 1, 3]);
  assert.deepEqual(await all3(`?sf=${f.id}:x:`), [3, 2, 3]);
  // CSV export and the drill-down rows apply the same mapping.
  const csv = await t.owner.call("GET", `${API}/widgets/${s.customers.id}/export.csv`);
  assert.equal(csv.status, 200);
  assert.match(await csv.text(), /\r\n1\r\n$/);
  const rows = await json(await t.owner.call("GET", `${API}/widgets/${s.tickets.id}/rows`), 200);
  assert.equal(rows.rows.length, 2);

  // Reset: the default applies again (none yet, then Beta once it has one).
  const reset = await json(await t.owner.call("DELETE", values_), 200);
  assert.deepEqual(reset.remembered, {});
  assert.deepEqual(await all3(), [3, 2, 3]);
  await json(
    await t.owner.call("PATCH", `${API}/sheets/${s.sheet.id}/filters/${f.id}`, {
      defaultValue: { kind: "choice", values: ["Beta"] },
    }),
    200,
  );
  assert.deepEqual(await all3(), [1, 1, 3]);
  const got = await json(await t.owner.call("GET", values_), 200);
  assert.deepEqual(got.values[f.id], { kind: "choice", values: ["Beta"] });
});

itest(
  "sheet filters: view uses and remembers per user, edit defines; 400; tenants 404",
  async () => {
    const t = await newTenant();
    const s = await sheetOf(t);
    const path = `${API}/sheets/${s.sheet.id}/filters`;
    const values_ = `${API}/sheets/${s.sheet.id}/filter-values`;
    const f = await json(await t.owner.call("POST", path, byCustomer(s)), 201);
    const viewer = await t.member(["member"]);
    const stranger = await t.member(["member"]);
    await json(
      await t.owner.call("PUT", `${API}/apps/${s.app.id}/access`, {
        grants: [{ userId: viewer.id, level: "view" }],
      }),
      200,
    );
    // view: uses the filters and has its own remembered values.
    await json(await viewer.call("GET", path), 200);
    await json(await viewer.call("GET", `${path}/${f.id}/choices`), 200);
    await json(
      await viewer.call("PUT", values_, { values: { [f.id]: { kind: "choice", values: ["X"] } } }),
      200,
    );
    const mine = await json(await t.owner.call("GET", values_), 200);
    assert.deepEqual(mine.remembered, {}, "another user's values are theirs alone");
    await problem(await viewer.call("POST", path, byCustomer(s)), 403);
    await problem(await viewer.call("PATCH", `${path}/${f.id}`, { label: "Mine" }), 403);
    await problem(await viewer.call("DELETE", `${path}/${f.id}`), 403);
    // Bad values: the wrong kind, a filter of no sheet, a key that is no id.
    await problem(
      await viewer.call("PUT", values_, { values: { [f.id]: { kind: "number", min: 1 } } }),
      400,
    );
    await problem(
      await viewer.call("PUT", values_, {
        values: { [crypto.randomUUID()]: { kind: "choice", values: ["X"] } },
      }),
      400,
    );
    await problem(await viewer.call("PUT", values_, { values: { nope: null } }), 400);
    const kept = await json(await viewer.call("GET", values_), 200);
    assert.deepEqual(kept.remembered[f.id], { kind: "choice", values: ["X"] });
    await json(await viewer.call("DELETE", values_), 200);

    // No access: nothing exists; no credentials: 401.
    await problem(await stranger.call("GET", path), 404);
    await problem(await stranger.call("GET", values_), 404);
    assert.equal((await callApp(path)).status, 401);

    // Another tenant: 404 for every route, and nothing changes.
    const other = await newTenant();
    await problem(await other.owner.call("GET", path), 404);
    await problem(await other.owner.call("POST", path, byCustomer(s)), 404);
    await problem(await other.owner.call("PATCH", `${path}/${f.id}`, { label: "Theirs" }), 404);
    await problem(await other.owner.call("DELETE", `${path}/${f.id}`), 404);
    await problem(await other.owner.call("GET", `${path}/${f.id}/choices`), 404);
    await problem(await other.owner.call("GET", values_), 404);
    await problem(await other.owner.call("PUT", values_, { values: {} }), 404);
    await problem(await other.owner.call("DELETE", values_), 404);
    const same = await json(await t.owner.call("GET", path), 200);
    assert.equal(same.items.length, 1);
    assert.equal(same.items[0].label, "Customer");
    assert.equal(same.items[0].mappings.length, 2);
  },
);

itest("sheet filter pages: the bar remembers and pushes the address; editors' forms", async () => {
  const t = await newTenant();
  const s = await sheetOf(t);
  const base = `/analytics/apps/${s.app.id}/sheets/${s.sheet.id}`;
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const post = (path: string, fields: Record<string, string>, htmx = true) =>
    t.owner.call("POST", path, form(fields), {
      "Content-Type": "application/x-www-form-urlencoded",
      ...(htmx ? { "HX-Request": "true" } : {}),
    });
  // The dialog's form: a choice filter mapped to two widgets' fields.
  const created = await post(`${base}/filters`, {
    label: "Kunde",
    kind: "choice",
    "d.v": "Acme, Beta",
    [`map.${s.tickets.id}`]: "customer",
    [`map.${s.customers.id}`]: "name",
    [`map.${s.all.id}`]: "",
  });
  assert.equal(created.status, 204, await created.text());
  assert.equal(created.headers.get("HX-Redirect"), base);
  const [f] = (await json(await t.owner.call("GET", `${API}/sheets/${s.sheet.id}/filters`), 200))
    .items;
  assert.deepEqual(f.defaultValue, { kind: "choice", values: ["Acme", "Beta"] });
  assert.equal(f.mappings.length, 2);
  const wrong = await post(`${base}/filters`, { label: "", kind: "choice" });
  assert.equal(wrong.status, 400);
  assert.match(await wrong.text(), /data-filter-form/);

  // The bar: remembered, the address pushed, the widgets told to reload.
  const bar = await post(`${base}/filter-values?where=status:acik`, { [`v.${f.id}`]: "Acme" });
  assert.equal(bar.status, 200, await bar.clone().text());
  assert.equal(
    bar.headers.get("HX-Push-Url"),
    `${base}?where=status%3Aacik&sf=${f.id}%3Ac%3AAcme`,
  );
  assert.equal(bar.headers.get("HX-Trigger-After-Settle"), "sheet-filters-changed");
  assert.match(await bar.text(), /id="sheet-filters"/);
  const got = await json(
    await t.owner.call("GET", `${API}/sheets/${s.sheet.id}/filter-values`),
    200,
  );
  assert.deepEqual(got.remembered[f.id], { kind: "choice", values: ["Acme"] });
  // Without htmx: a redirect to the address with the values.
  const plain = await post(`${base}/filter-values/reset`, {}, false);
  assert.equal(plain.status, 303);
  assert.equal(
    plain.headers.get("Location"),
    `${base}?sf=${f.id}%3Ac%3AAcme&sf=${f.id}%3Ac%3ABeta`,
  );
  // The page shows the bar with the values in effect.
  const page = await t.owner.call("GET", base);
  assert.equal(page.status, 200);
  const text = await page.text();
  assert.match(text, /id="sheet-filters"/);
  assert.match(text, /Kunde/);
  // Removing it from the dialog.
  const removed = await post(`${base}/filters/${f.id}/delete`, {});
  assert.equal(removed.status, 204);
  const none = await json(await t.owner.call("GET", `${API}/sheets/${s.sheet.id}/filters`), 200);
  assert.equal(none.items.length, 0);
});

/**
 * The widget builder's page routes: the fields a source offers (a tenant table with the fields
 * its relation brings), the preview, creating a widget from a tenant table (joins derived from
 * the fields used) and editing it; bad input 400, sources the caller may not use 403, another
 * tenant's sheet or widget 404 (and unchanged). People see labels, never ids or codes.
 */
import assert from "node:assert/strict";
import { browse, itest, newTenant, type TestTenant } from "../helpers.ts";

const API = "/api/analytics";

async function json(res: Response, status: number) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return text ? JSON.parse(text) : null;
}

/** An app with one sheet, a "Deals" table with rows and a "Regions" table related to it. */
async function setUp(t: TestTenant) {
  const app = await json(await t.owner.call("POST", `${API}/apps`, { name: "Sales" }), 201);
  const sheet = await json(
    await t.owner.call("POST", `${API}/apps/${app.id}/sheets`, { name: "Deals" }),
    201,
  );
  const deals = await json(
    await t.owner.call("POST", `${API}/app-tables`, {
      name: "Deals",
      columns: [
        { name: "region", label: "Region", type: "text" },
        { name: "amount", label: "Amount", type: "number" },
        { name: "closed_on", label: "Closed on", type: "date" },
      ],
    }),
    201,
  );
  const regions = await json(
    await t.owner.call("POST", `${API}/app-tables`, {
      name: "Regions",
      columns: [
        { name: "code", label: "Code", type: "text" },
        { name: "manager", label: "Manager", type: "text" },
      ],
    }),
    201,
  );
  for (
    const data of [
      { region: "N", amount: 10, closed_on: "2026-01-05" },
      { region: "N", amount: 5, closed_on: "2026-02-05" },
      { region: "S", amount: 7, closed_on: "2026-02-07" },
    ]
  ) {
    await json(await t.owner.call("POST", `${API}/app-tables/${deals.id}/rows`, { data }), 201);
  }
  for (const data of [{ code: "N", manager: "Ayşe" }, { code: "S", manager: "Bora" }]) {
    await json(await t.owner.call("POST", `${API}/app-tables/${regions.id}/rows`, { data }), 201);
  }
  const rel = await json(
    await t.owner.call("POST", `${API}/app-relations`, {
      name: "reg",
      left: { source: { kind: "table", id: deals.id }, field: "region" },
      right: { source: { kind: "table", id: regions.id }, field: "code" },
    }),
    201,
  );
  const base = `/analytics/apps/${app.id}/sheets/${sheet.id}`;
  return { app, sheet, deals, regions, rel, base };
}

const form = (deals: { id: string }, extra: Record<string, string> = {}) => ({
  title: "Amount by manager",
  chartType: "bar",
  source: `table:${deals.id}`,
  group: "reg.manager",
  fn: "sum",
  measure: "amount",
  filter0Field: "amount",
  filter0Op: "gt",
  filter0Value: "4",
  ...extra,
});

itest("builder: fields of a tenant table with its relation, preview, create and edit", async () => {
  const t = await newTenant();
  const { deals, rel, base, sheet } = await setUp(t);

  // The add dialog lists the tenant table among the sources, by name.
  const page = await (await browse(base, { who: t.owner })).text();
  assert.match(page, /<optgroup label="Tenant tables">[^]*?>Deals<\/option>/);
  assert.match(page, /data-dialog-open="dash-add"/);

  const fields = await browse(
    `${base}/builder/fields?source=table:${deals.id}&group=closed_on&fn=sum`,
    { who: t.owner, htmx: true },
  );
  assert.equal(fields.status, 200);
  const fieldsHtml = await fields.text();
  assert.match(fieldsHtml, /Amount \(number\)/);
  assert.match(fieldsHtml, /Related: Regions[^]*reg · Manager \(text\)/);
  assert.match(fieldsHtml, /name="bucket"/, "a date group offers date buckets");
  assert.match(fieldsHtml, /name="measure"[^]*Amount/);
  const tr = await (await browse(
    `${base}/builder/fields?source=table:${deals.id}&filter0Field=closed_on`,
    { who: t.owner, htmx: true, headers: { "Accept-Language": "tr" } },
  )).text();
  assert.match(tr, /Filtre 1: koşul/);
  assert.doesNotMatch(tr, /contains|içerir/, "a date filter offers no text operators");
  const bad = await browse(`${base}/builder/fields?source=table:nope`, { who: t.owner });
  assert.equal(bad.status, 400);

  const preview = await browse(`${base}/builder/preview`, { who: t.owner, form: form(deals) });
  assert.equal(preview.status, 200);
  const previewHtml = await preview.text();
  assert.match(previewHtml, /<svg/);
  assert.match(previewHtml, /Ayşe/);
  const badPreview = await browse(`${base}/builder/preview`, {
    who: t.owner,
    form: form(deals, { measure: "region" }),
  });
  assert.equal(badPreview.status, 400);

  const created = await browse(`${base}/builder`, { who: t.owner, form: form(deals) });
  assert.equal(created.status, 303, await created.text());
  const list = await json(await t.owner.call("GET", `${API}/sheets/${sheet.id}/widgets`), 200);
  assert.equal(list.items.length, 1);
  const w = list.items[0];
  assert.deepEqual(w.query.source, { kind: "table", id: deals.id });
  assert.deepEqual(w.query.joins, [rel.id], "the relation the group field needs is joined");
  assert.deepEqual(w.query.filters, [{ field: "amount", op: "gt", value: 4 }]);
  const data = await json(await t.owner.call("GET", `${API}/widgets/${w.id}/data`), 200);
  assert.deepEqual(
    data.rows.map((r: Record<string, unknown>) => [r.category, r.value]),
    [["Ayşe", 15], ["Bora", 7]],
  );

  // A saved question is a source too: its result columns are the fields.
  const question = await json(
    await t.owner.call("POST", `${API}/questions`, {
      name: "Deals per region",
      sql: "select 'N' as region, 2 as deals union all select 'S', 1",
      params: [],
    }),
    201,
  );
  const withQuestion = await (await browse(base, { who: t.owner })).text();
  assert.match(withQuestion, /<optgroup label="Saved questions">[^]*?>Deals per region</);
  const qFields = await (await browse(
    `${base}/builder/fields?source=question:${question.id}&fn=sum`,
    { who: t.owner, htmx: true },
  )).text();
  assert.match(qFields, /deals \(number\)/);
  const fromQuestion = await browse(`${base}/builder`, {
    who: t.owner,
    form: {
      title: "Deals",
      chartType: "pie",
      source: `question:${question.id}`,
      group: "region",
      fn: "sum",
      measure: "deals",
    },
  });
  assert.equal(fromQuestion.status, 303, await fromQuestion.text());

  // A bad form comes back with its errors (htmx swaps the form), nothing is saved.
  const invalid = await browse(`${base}/builder`, {
    who: t.owner,
    htmx: true,
    form: form(deals, { title: "", filter0Value: "" }),
  });
  assert.equal(invalid.status, 400);
  const invalidHtml = await invalid.text();
  assert.match(invalidHtml, /Give the widget a title/);
  assert.match(invalidHtml, /Enter a value/);

  // Editing: the form comes filled in, and saving changes the widget in place.
  const edit = await browse(`${base}/builder/${w.id}`, { who: t.owner, htmx: true });
  assert.equal(edit.status, 200);
  const editHtml = await edit.text();
  assert.match(editHtml, /value="Amount by manager"/);
  assert.match(editHtml, /<option value="reg.manager" selected/);
  const saved = await browse(`${base}/builder/${w.id}`, {
    who: t.owner,
    htmx: true,
    form: form(deals, { title: "By region", group: "region", fn: "count", measure: "" }),
  });
  assert.equal(saved.status, 204);
  assert.equal(saved.headers.get("HX-Redirect"), base);
  const after = await json(await t.owner.call("GET", `${API}/sheets/${sheet.id}/widgets`), 200);
  assert.deepEqual(after.items.map((x: { title: string }) => x.title), ["By region", "Deals"]);
  assert.equal(after.items[0].x, w.x);
  assert.equal(after.items[0].query.joins, undefined);
  assert.deepEqual(after.items[1].query.source, { kind: "question", id: question.id });
});

itest(
  "builder: 403 for viewers and for sources the caller may not use; 404 elsewhere",
  async () => {
    const t = await newTenant();
    const { app, deals, base, sheet } = await setUp(t);
    // Staff roles read every module (tables too); this role reads sheets and datasets only.
    const role = await t.owner.call("POST", "/api/admin/roles", {
      key: "sheet-editor",
      name: "Edits sheets",
      permissions: ["analytics.app.read", "analytics.sheet.read", "analytics.query.read"],
    });
    assert.equal(role.status, 201, await role.text());
    const viewer = await t.member(["member"]);
    const editor = await t.member(["sheet-editor"]);
    await json(
      await t.owner.call("PUT", `${API}/apps/${app.id}/access`, {
        grants: [{ userId: viewer.id, level: "view" }, { userId: editor.id, level: "edit" }],
      }),
      200,
    );
    // A viewer of the sheet cannot build on it.
    const viewerForm = await browse(`${base}/builder`, { who: viewer, form: form(deals) });
    assert.equal(viewerForm.status, 403);
    assert.equal(
      (await browse(`${base}/builder/fields?source=dataset:tickets`, { who: viewer })).status,
      403,
    );

    // An editor without analytics.model.read gets datasets, not tenant tables.
    const page = await (await browse(base, { who: editor })).text();
    assert.match(page, /Built-in datasets/);
    assert.doesNotMatch(page, /<optgroup label="Tenant tables">/);
    const fields = await browse(`${base}/builder/fields?source=table:${deals.id}`, {
      who: editor,
      htmx: true,
    });
    assert.equal(fields.status, 403);
    assert.match(await fields.text(), /You may not use this source/);
    const refused = await browse(`${base}/builder`, { who: editor, htmx: true, form: form(deals) });
    assert.equal(refused.status, 403);
    const fromDataset = await browse(`${base}/builder`, {
      who: editor,
      form: {
        title: "Tickets by status",
        chartType: "bar",
        source: "dataset:tickets",
        group: "status",
        fn: "count",
      },
    });
    assert.equal(fromDataset.status, 303);
    const list = await json(await t.owner.call("GET", `${API}/sheets/${sheet.id}/widgets`), 200);
    assert.deepEqual(list.items.map((w: { title: string }) => w.title), ["Tickets by status"]);
    const widgetId = list.items[0].id;

    // Another tenant: the sheet and the widget are not found, and nothing changes.
    const other = await newTenant();
    assert.equal(
      (await browse(`${base}/builder`, { who: other.owner, form: form(deals) })).status,
      404,
    );
    assert.equal(
      (await browse(`${base}/builder/fields?source=dataset:tickets`, { who: other.owner })).status,
      404,
    );
    assert.equal((await browse(`${base}/builder/${widgetId}`, { who: other.owner })).status, 404);
    const theirs = await setUp(other);
    const cross = await browse(`${theirs.base}/builder/${widgetId}`, {
      who: other.owner,
      form: form(deals, { title: "Hijacked" }),
    });
    assert.equal(cross.status, 404);
    const unchanged = await json(
      await t.owner.call("GET", `${API}/sheets/${sheet.id}/widgets`),
      200,
    );
    assert.equal(unchanged.items[0].title, "Tickets by status");
  },
);

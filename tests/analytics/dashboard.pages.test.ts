/**
 * The dashboard page through the browser's routes: first paint with server-rendered SVG, the
 * add-widget form, widget body and drill-down fragments, delete; viewers cannot add, strangers
 * get 404; people see labels, never codes or ids.
 */
import assert from "node:assert/strict";
import { browse, itest, newTenant } from "../helpers.ts";
import { customer, ticket } from "../support/fixtures.ts";

const API = "/api/analytics";

async function json(res: Response, status: number) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return text ? JSON.parse(text) : null;
}

itest("dashboard page: add a bar chart, see it drawn, drill, delete; access", async () => {
  const t = await newTenant();
  const app = await json(await t.owner.call("POST", `${API}/apps`, { name: "Support" }), 201);
  const sheet = await json(
    await t.owner.call("POST", `${API}/apps/${app.id}/sheets`, { name: "Overview" }),
    201,
  );
  await json(await t.owner.call("POST", `${API}/apps/${app.id}/sheets`, { name: "Second" }), 201);
  const c = await customer(t.owner);
  await ticket(t.owner, c.id);
  await ticket(t.owner, c.id);
  const path = `/analytics/apps/${app.id}/sheets/${sheet.id}`;

  const empty = await browse(path, { who: t.owner });
  assert.equal(empty.status, 200);
  const emptyHtml = await empty.text();
  assert.match(emptyHtml, /This sheet has no widgets yet/);
  assert.match(emptyHtml, /Second/, "tabs link the other sheets");

  const added = await browse(path + "/widgets", {
    who: t.owner,
    form: {
      title: "Tickets by status",
      chartType: "bar",
      dataset: "tickets",
      category: "status",
      bucket: "",
      fn: "count",
      valueField: "",
    },
  });
  assert.equal(added.status, 303);
  const bad = await browse(path + "/widgets", {
    who: t.owner,
    form: { title: "X", chartType: "bar", dataset: "tickets", category: "nope", fn: "count" },
  });
  assert.equal(bad.status, 400);
  assert.match(await bad.text(), /Choose a field of the dataset/);

  const page = await browse(path, { who: t.owner });
  const html = await page.text();
  assert.match(html, /class="grid-stack-item"/);
  assert.match(html, /<svg[^>]*>/, "first paint is server-rendered SVG");
  assert.match(html, /Open/, "status shown by its label");
  assert.doesNotMatch(html.replace(/data-[a-z-]+="[^"]*"/g, ""), />acik</);
  const [, widgetId] = html.match(/data-widget="([0-9a-f-]{36})"/)!;

  const body = await browse(`/analytics/widgets/${widgetId}/body?where=status:acik`, {
    who: t.owner,
  });
  assert.equal(body.status, 200);
  assert.match(await body.text(), /<svg/);
  const rows = await browse(`/analytics/widgets/${widgetId}/rows?point=acik`, { who: t.owner });
  const rowsHtml = await rows.text();
  assert.match(rowsHtml, /Tickets by status — Open: 2 rows/);
  assert.match(rowsHtml, new RegExp(`${path}\\?where=status%3Aacik`));

  const tr = await browse(path, { who: t.owner, headers: { "Accept-Language": "tr" } });
  assert.match(await tr.text(), /Bileşen ekle/);

  // A viewer of the app sees the chart but cannot add; a stranger sees nothing.
  const viewer = await t.member(["member"]);
  await json(
    await t.owner.call("PUT", `${API}/apps/${app.id}/access`, {
      grants: [{ userId: viewer.id, level: "view" }],
    }),
    200,
  );
  const seen = await (await browse(path, { who: viewer })).text();
  assert.match(seen, /Tickets by status/);
  assert.doesNotMatch(seen, /Add widget/);
  const refused = await browse(path + "/widgets", {
    who: viewer,
    form: { title: "X", chartType: "bar", dataset: "tickets", category: "status", fn: "count" },
  });
  assert.equal(refused.status, 403);
  const stranger = await t.member(["member"]);
  assert.equal((await browse(path, { who: stranger })).status, 404);
  assert.equal(
    (await browse(`/analytics/widgets/${widgetId}/body`, { who: stranger })).status,
    404,
  );
  const other = await newTenant();
  assert.equal((await browse(path, { who: other.owner })).status, 404);

  const del = await browse(`${path}/widgets/${widgetId}/delete`, { who: t.owner, form: {} });
  assert.equal(del.status, 303);
  const after = await json(await t.owner.call("GET", `${API}/sheets/${sheet.id}/widgets`), 200);
  assert.equal(after.items.length, 0);
});

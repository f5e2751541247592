/** The data modelling pages: list, create by hand, upload, rows edited by form, relations. */
import assert from "node:assert/strict";
import { browse, itest, newTenant, testApp } from "../helpers.ts";

const BASE = "/analytics/modelling";

async function text(res: Response, status: number) {
  const body = await res.text();
  assert.equal(res.status, status, body.slice(0, 500));
  return body;
}

itest(
  "modelling pages: tables by hand and upload, rows by form, relations, en and tr",
  async () => {
    const t = await newTenant();
    const other = await newTenant();
    const en = await text(await browse(BASE, { who: t.owner }), 200);
    assert.match(en, /Data modelling/);
    assert.match(en, /No tables yet/);
    const trPage = await text(
      await browse(BASE, { who: t.owner, headers: { "Accept-Language": "tr" } }),
      200,
    );
    assert.match(trPage, /Veri modelleme/);

    const created = await browse(`${BASE}/tables`, {
      who: t.owner,
      form: {
        name: "Budgets",
        new_label_1: "Team",
        new_type_1: "text",
        new_label_2: "Amount",
        new_type_2: "number",
        new_label_3: "Due On",
        new_type_3: "date",
      },
    });
    assert.equal(created.status, 303);
    const tableUrl = created.headers.get("location")!;
    assert.match(tableUrl, /^\/analytics\/modelling\/tables\/[0-9a-f-]{36}$/);

    const nul = await browse(`${BASE}/tables`, {
      who: t.owner,
      form: { name: "Bad\u0000", new_label_1: "A", new_type_1: "text" },
    });
    assert.equal(nul.status, 400);

    // A value that is not a number comes back inline, nothing stored.
    const bad = await text(
      await browse(`${tableUrl}/rows`, { who: t.owner, form: { v_team: "A", v_amount: "lots" } }),
      400,
    );
    assert.match(bad, /Must be a number/);
    // From the dialog (htmx): only the reason comes back, for the form's result slot.
    const inline = await text(
      await browse(`${tableUrl}/rows`, { who: t.owner, htmx: true, form: { v_amount: "lots" } }),
      400,
    );
    assert.match(inline, /Must be a number/);
    assert.ok(!inline.includes("<html"), "a fragment, not a page");
    const ok = await browse(`${tableUrl}/rows`, {
      who: t.owner,
      form: { v_team: "Sales", v_amount: "1250,5", v_due_on: "2025-03-31" },
    });
    assert.equal(ok.status, 303);
    const shown = await text(await browse(tableUrl, { who: t.owner }), 200);
    assert.match(shown, /Sales/);
    assert.match(shown, /1,250\.5/);
    assert.ok(!/2025-03-31</.test(shown), "dates shown formatted, not as ISO text");

    const id = tableUrl.split("/").pop()!;
    const rows = await (await t.owner.call("GET", `/api/analytics/app-tables/${id}/rows`)).json();
    const rowId = rows.items[0].id;
    const edited = await browse(`${tableUrl}/rows/${rowId}`, {
      who: t.owner,
      htmx: true,
      form: { v_team: "Support", v_amount: "10" },
    });
    assert.equal(edited.status, 204);
    assert.equal(edited.headers.get("HX-Redirect"), tableUrl);
    const after = await (await t.owner.call("GET", `/api/analytics/app-tables/${id}/rows`)).json();
    assert.deepEqual(after.items[0].data, { team: "Support", amount: 10, due_on: null });

    // Upload through the page (multipart, session cookie).
    const { app } = await testApp();
    const form = new FormData();
    form.set("file", new File(["Team,Head Count\nSupport,4\nSales,7\n"], "teams.csv"));
    const up = await app.request(`${BASE}/import`, {
      method: "POST",
      headers: { Cookie: `session=${t.owner.token}`, Origin: "http://localhost" },
      body: form,
    });
    assert.equal(up.status, 303, await up.clone().text());
    const teamsUrl = up.headers.get("location")!;
    assert.match(await text(await browse(teamsUrl, { who: t.owner }), 200), /Head Count/);

    // A relation between the two tables, made from the page's field choices.
    const teamsId = teamsUrl.split("/").pop()!;
    const rel = await browse(`${BASE}/relations`, {
      who: t.owner,
      form: { left: `table|${id}|team`, right: `table|${teamsId}|team` },
    });
    assert.equal(rel.status, 303);
    const list = await text(await browse(BASE, { who: t.owner }), 200);
    assert.match(list, /Budgets › Team/);

    // Viewers read but cannot change; another tenant does not find the table.
    const viewer = await t.member(["viewer"]);
    await text(await browse(tableUrl, { who: viewer }), 200);
    assert.equal(
      (await browse(`${tableUrl}/rows`, { who: viewer, form: { v_team: "X" } })).status,
      403,
    );
    assert.equal((await browse(tableUrl, { who: other.owner })).status, 404);
    assert.equal((await browse(`${tableUrl}/delete`, { who: other.owner, form: {} })).status, 404);

    const removed = await browse(`${tableUrl}/delete`, { who: t.owner, form: {} });
    assert.equal(removed.status, 303);
    assert.equal((await browse(tableUrl, { who: t.owner })).status, 404);
  },
);

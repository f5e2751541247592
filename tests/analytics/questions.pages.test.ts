/**
 * The saved questions pages: the list, the editor (declarations follow the SQL's placeholders,
 * Run swaps a result in, Save stores), a reader's run-only view, and the write pages refused
 * to readers.
 */
import assert from "node:assert/strict";
import { browse, itest, newTenant } from "../helpers.ts";

const BASE = "/analytics/questions";

itest("questions pages: list, editor, declarations from the SQL, run, save", async () => {
  const t = await newTenant();
  const empty = await browse(BASE, { who: t.owner });
  assert.equal(empty.status, 200);
  const emptyHtml = await empty.text();
  assert.match(emptyHtml, /No saved questions yet/);
  assert.match(emptyHtml, /href="\/analytics\/questions\/new"/);
  const fresh =
    await (await browse(`${BASE}/new`, { who: t.owner, headers: { "Accept-Language": "tr" } }))
      .text();
  assert.match(fresh, /data-code-editor="sql"/);

  // Typing SQL: one declaration per placeholder, the values form by type.
  const sql = "select status, count(*)::int as n from tickets where created_at >= {{from}} " +
    "and {{flag}} group by status";
  const decls = await browse(`${BASE}/form`, {
    who: t.owner,
    htmx: true,
    form: { sql, pn: "from", pt: "date", pl: "Since", pr: "0", pd: "2020-01-01", pc: "" },
  });
  assert.equal(decls.status, 200);
  const declHtml = await decls.text();
  assert.match(declHtml, /\{\{from\}\}/);
  assert.match(declHtml, /\{\{flag\}\}/);
  assert.match(declHtml, /name="v_from" type="date"/);
  const quoted = await (await browse(`${BASE}/form`, {
    who: t.owner,
    htmx: true,
    form: { sql: "select '{{x}}'" },
  })).text();
  assert.match(quoted, /is inside quotes/);

  // Run (preview) swaps a table or the refusal in.
  const form = {
    name: "By status",
    description: "",
    sourceId: "",
    sql,
    pn: ["from", "flag"],
    pt: ["date", "boolean"],
    pl: ["Since", "Flag"],
    pr: ["0", "0"],
    pd: ["2020-01-01", "true"],
    pc: ["", ""],
  };
  const run = await browse(`${BASE}/preview`, { who: t.owner, htmx: true, form });
  assert.equal(run.status, 200);
  assert.match(await run.text(), /No rows/);
  const bad = await browse(`${BASE}/preview`, {
    who: t.owner,
    htmx: true,
    form: {
      ...form,
      sql: "select nope from tickets",
      pn: [],
      pt: [],
      pl: [],
      pr: [],
      pd: [],
      pc: [],
    },
  });
  assert.match(
    await bad.text(),
    /column &quot;nope&quot; does not exist|column "nope" does not exist/,
  );

  // Save, then the question's page, the list and a reader's run.
  const saved = await browse(BASE, { who: t.owner, form });
  assert.equal(saved.status, 303);
  const at = saved.headers.get("location")!;
  assert.match(at, /^\/analytics\/questions\/[0-9a-f-]{36}$/);
  const pageHtml = await (await browse(at, { who: t.owner })).text();
  assert.match(pageHtml, /By status/);
  assert.match(await (await browse(BASE, { who: t.owner })).text(), /By status/);
  const agent = await t.member(["agent"]);
  const readOnly = await (await browse(at, { who: agent })).text();
  assert.doesNotMatch(readOnly, /data-code-editor/);
  assert.match(readOnly, /question-sql/);
  const ran = await browse(`${at}/run`, { who: agent, htmx: true, form: { v_from: "2000-01-01" } });
  assert.match(await ran.text(), /No rows/);
  assert.equal((await browse(`${BASE}/new`, { who: agent })).status, 403);
  assert.equal((await browse(`${at}/delete`, { who: agent, form: {} })).status, 403);
  // Saving a broken question keeps the form and says why.
  const refused = await browse(at, { who: t.owner, form: { ...form, sql: "select 1; select 2" } });
  assert.equal(refused.status, 400);
  assert.match(await refused.text(), /select 1; select 2/);
  const gone = await browse(`${at}/delete`, { who: t.owner, form: {} });
  assert.equal(gone.status, 303);
  assert.equal((await browse(at, { who: t.owner })).status, 404);
});

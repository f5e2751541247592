/**
 * The decision table pages: the list, a new table from the template, the dmn-js editor page
 * (its assets served from our origin), saving from the editor, the test panel and delete.
 */
import assert from "node:assert/strict";
import { browse, callApp, itest, newTenant } from "../helpers.ts";

const BASE = "/workflow/admin/decisions";

itest("decision pages: list, new from the template, editor, save, test, delete", async () => {
  const t = await newTenant();
  const empty = await browse(BASE, { who: t.owner });
  assert.equal(empty.status, 200);
  assert.match(await empty.text(), /No decision tables yet/);

  // New from the template: a bad reference is refused inline; a good one opens the editor.
  const refused = await browse(BASE, { who: t.owner, form: { name: "X", key: "1 bad" } });
  assert.equal(refused.status, 400);
  const made = await browse(BASE, { who: t.owner, form: { name: "Approver", key: "approver" } });
  assert.equal(made.status, 303);
  assert.equal(made.headers.get("location"), `${BASE}/approver`);
  const twice = await browse(BASE, { who: t.owner, form: { name: "Again", key: "approver" } });
  assert.equal(twice.status, 409);
  assert.match(await twice.text(), /exists already/);

  const list = await (await browse(BASE, { who: t.owner })).text();
  assert.ok(list.includes("Approver") && list.includes("Unique"), "name and hit policy label");
  assert.ok(!list.includes("UNIQUE"), "no enum codes");

  const editor = await browse(`${BASE}/approver`, { who: t.owner });
  assert.equal(editor.status, 200);
  const html = await editor.text();
  assert.match(html, /data-key="approver"/);
  assert.match(html, /data-xml="[^"]*decisionTable/);
  assert.doesNotMatch(html, / style="/, "no inline styles (CSP)");
  const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]);
  const styles = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
  assert.ok(scripts.includes("/assets/workflow/dmn/dmn-modeler.js"));
  for (const src of [...scripts, ...styles, "/assets/workflow/dmn/dmn-font/font/dmn.woff2"]) {
    assert.equal((await callApp(src)).status, 200, src);
  }
  assert.equal((await browse(`${BASE}/nothing`, { who: t.owner })).status, 404);

  // The test panel evaluates the latest version with JSON variables.
  const test = (variables: string) =>
    browse(`${BASE}/approver/test`, { who: t.owner, form: { variables }, htmx: true });
  const answered = await test('{"amount": 2500}');
  assert.equal(answered.status, 200);
  const shown = await answered.text();
  assert.ok(shown.includes("manager") && shown.includes("approver"), shown);
  assert.equal((await test("[1]")).status, 400);
  assert.equal((await test("{oops")).status, 400);

  // Saving from the editor deploys the next version; a broken file is refused with reasons.
  const xml = (await (await t.owner.call("GET", `/api/workflow/decisions/approver`)).json()).xml;
  const save = (body: unknown) => t.owner.call("POST", `${BASE}/approver/deploy`, body);
  const saved = await save({ xml: xml.replace('"manager"', '"finance"') });
  assert.equal(saved.status, 200);
  assert.deepEqual(await saved.json(), {
    message: "Version 2 deployed.",
    key: "approver",
    version: 2,
    href: `${BASE}/approver`,
  });
  assert.match(await (await test('{"amount": 2500}')).text(), /finance/);
  const broken = await save({ xml: xml.replace("[1000..10000)", "[1000..") });
  assert.equal(broken.status, 422);
  const why = await broken.json();
  assert.match(why.problems[0], /rule 2, "Amount": "\[1000\.\." is not a valid test/);

  assert.equal((await browse(`${BASE}/approver/delete`, { who: t.owner, form: {} })).status, 303);
  assert.match(await (await browse(BASE, { who: t.owner })).text(), /No decision tables yet/);
});

itest("decision pages: only for workflow.definition.write", async () => {
  const t = await newTenant();
  await browse(BASE, { who: t.owner, form: { name: "Approver", key: "approver" } });
  for (const roles of [["viewer"], ["agent"], []]) {
    const who = await t.member(roles);
    assert.equal((await browse(BASE, { who })).status, 403);
    assert.equal((await browse(`${BASE}/approver`, { who })).status, 403);
    const made = await browse(BASE, { who, form: { name: "X", key: "x" } });
    assert.equal(made.status, 403);
    const tested = await browse(`${BASE}/approver/test`, { who, form: { variables: "{}" } });
    assert.equal(tested.status, 403);
    const gone = await browse(`${BASE}/approver/delete`, { who, form: {} });
    assert.equal(gone.status, 403);
  }
  const other = await newTenant();
  assert.equal((await browse(`${BASE}/approver`, { who: other.owner })).status, 404);
  const theirs = await browse(`${BASE}/approver/delete`, { who: other.owner, form: {} });
  assert.equal(theirs.status, 404);
  assert.equal((await browse(`${BASE}/approver`, { who: t.owner })).status, 200);
});

import assert from "node:assert/strict";
import { itest, newTenant } from "../helpers.ts";
import { browse, catalog, HTMX, MODULES } from "./translations.fixtures.ts";

itest("translations page: table, filter, htmx inline edit, errors, reset", async () => {
  const tn = await newTenant();
  // Filtered to its row: module catalogs push nav.home past the first page of 100 keys.
  const page = await browse("/support/translations?q=nav.home", tn.owner);
  const html = await page.text();
  assert.equal(page.status, 200);
  assert.match(html, /<h1>Translations<\/h1>/);
  assert.doesNotMatch(html, /data-placeholder/);
  assert.match(html, /<tr data-key="nav\.home">/);
  assert.match(html, /Ana sayfa/);
  assert.match(html, /hx-post="\/support\/translations\/languages"/);

  // Filter (htmx swaps the table only).
  const filtered = await browse("/support/translations?q=ana+sayfa", tn.owner, {
    headers: { ...HTMX, "HX-Target": "translations-table" },
  });
  const table = await filtered.text();
  assert.match(table, /^<div id="translations-table">/);
  assert.match(table, /data-key="nav\.home"/);
  assert.doesNotMatch(table, /data-key="nav\.users"/);
  const none = await (await browse("/support/translations?q=zzzz-nothing", tn.owner, {
    headers: { ...HTMX, "HX-Target": "translations-table" },
  })).text();
  assert.match(none, /No keys match the filter/);
  const noneMissing = await (await browse("/support/translations?missing=1", tn.owner)).text();
  assert.match(noneMissing, /No keys match the filter/, "en and tr are complete");

  // The edit form for one cell.
  const editor = await browse("/support/translations/row?key=nav.home&edit=tr", tn.owner, {
    headers: HTMX,
  });
  const editorHtml = await editor.text();
  assert.match(editorHtml, /^<tr data-key="nav\.home">/);
  assert.match(editorHtml, /<textarea[^>]*name="value"[^>]*>Ana sayfa<\/textarea>/);
  assert.match(editorHtml, /hx-post="\/support\/translations\/save"/);

  // Save (htmx): the row comes back with the new text.
  const saved = await browse("/support/translations/save", tn.owner, {
    form: { key: "nav.home", locale: "tr", value: "Giriş <b>sayfası</b>" },
    headers: HTMX,
  });
  const row = await saved.text();
  assert.equal(saved.status, 200, row);
  assert.match(row, /^<tr data-key="nav\.home">/);
  assert.match(row, /Giriş &lt;b>sayfası&lt;\/b>/, "escaped");
  assert.match(row, /Saved\./);
  assert.match(row, /hx-post="\/support\/translations\/reset"/);
  assert.equal((await catalog(tn.owner, "tr")).messages["nav.home"], "Giriş <b>sayfası</b>");

  // Refused edits come back inline, in the editor, keeping what was typed.
  const empty = await browse("/support/translations/save", tn.owner, {
    form: { key: "nav.home", locale: "tr", value: "" },
    headers: HTMX,
  });
  const emptyHtml = await empty.text();
  assert.equal(empty.status, 400);
  assert.match(emptyHtml, /^<tr data-key="nav\.home">/);
  assert.match(emptyHtml, /class="alert error" role="alert"/);
  const badVar = await browse("/support/translations/save", tn.owner, {
    form: { key: "home.title", locale: "tr", value: "Merhaba {who}" },
    headers: HTMX,
  });
  const badHtml = await badVar.text();
  assert.equal(badVar.status, 422);
  assert.match(badHtml, /Unknown placeholder \{who\}/);
  assert.match(badHtml, /<textarea[^>]*>Merhaba \{who\}<\/textarea>/);

  // Reset (htmx).
  const reset = await browse("/support/translations/reset", tn.owner, {
    form: { key: "nav.home", locale: "tr" },
    headers: HTMX,
  });
  const resetHtml = await reset.text();
  assert.equal(reset.status, 200);
  assert.match(resetHtml, /Ana sayfa/);
  assert.match(resetHtml, /Reset to the default\./);
  assert.equal((await catalog(tn.owner, "tr")).messages["nav.home"], "Ana sayfa");
});

itest("translations page: works without JavaScript (plain posts, full pages)", async () => {
  const tn = await newTenant();
  const editPage = await (await browse(
    "/projects/translations?q=nav.home&edit=en&key=nav.home",
    tn.owner,
  )).text();
  assert.match(editPage, /<textarea[^>]*name="value"/);
  assert.match(editPage, /<input type="hidden" name="q" value="nav.home"/);

  const saved = await browse("/projects/translations/save", tn.owner, {
    form: { key: "nav.home", locale: "en", value: "Start", q: "nav.home" },
  });
  const html = await saved.text();
  assert.equal(saved.status, 200);
  assert.match(html, /^<!doctype html><html/);
  assert.match(html, /class="alert ok" role="status">Saved\./);
  assert.match(html, /value="nav.home"/, "the filter is kept");
  // The rest of the same response already shows the new text (once requests run with the
  // tenant's translations; until then only the table does).
  assert.match(html, /<span>Start<\/span>/);

  const refused = await browse("/projects/translations/save", tn.owner, {
    form: { key: "no.such.key", locale: "en", value: "x" },
  });
  assert.equal(refused.status, 422);
  assert.match(await refused.text(), /class="alert error" role="alert">There is no message/);
});

itest("translations page: add and remove a language; missing filter", async () => {
  const tn = await newTenant();
  const added = await browse("/automation/translations/languages", tn.owner, {
    form: { locale: "de", name: "" },
    headers: HTMX,
  });
  const panel = await added.text();
  assert.equal(added.status, 200, panel);
  assert.match(panel, /^<div id="translations-panel">/);
  assert.match(panel, /Deutsch added/);
  assert.match(panel, /<th scope="col" lang="de">Deutsch/);
  assert.match(panel, /data-locale="de" data-source="fallback"/);

  const bad = await browse("/automation/translations/languages", tn.owner, {
    form: { locale: "Deutsch", name: "x" },
    headers: HTMX,
  });
  const badHtml = await bad.text();
  assert.equal(bad.status, 400);
  assert.match(badHtml, /class="alert error"/);
  assert.match(badHtml, /value="Deutsch"/, "keeps what was typed");

  await tn.owner.call("PUT", "/api/support/translations/de/nav.home", { value: "Startseite" });
  const missing = await (await browse("/automation/translations?missing=1&q=nav.", tn.owner, {
    headers: { ...HTMX, "HX-Target": "translations-table" },
  })).text();
  assert.match(missing, /data-key="nav\.users"/);
  assert.doesNotMatch(missing, /data-key="nav\.home"/, "translated into every language");

  const removed = await browse("/automation/translations/languages/remove", tn.owner, {
    form: { locale: "de" },
  });
  const removedHtml = await removed.text();
  assert.equal(removed.status, 200);
  assert.match(removedHtml, /de removed/);
  assert.doesNotMatch(removedHtml, /lang="de"/);
});

itest("translations page: readers see no edit controls; writes need the permission", async () => {
  const tn = await newTenant();
  const viewer = await tn.member(["viewer"]);
  for (const m of MODULES) {
    const res = await browse(`/${m}/translations?q=nav.home`, viewer);
    const html = await res.text();
    assert.equal(res.status, 200, m);
    assert.match(html, /data-key="nav\.home"/);
    assert.doesNotMatch(html, /\/translations\/save|\/translations\/languages/);
    assert.match(html, /needs the permission/);
    const denied = await browse(`/${m}/translations/save`, viewer, {
      form: { key: "nav.home", locale: "tr", value: "x" },
      headers: HTMX,
    });
    assert.equal(denied.status, 403, m);
  }
  assert.equal((await catalog(tn.owner, "tr")).messages["nav.home"], "Ana sayfa");
  // The menu lists the page for readers of each module.
  const home = await (await browse("/", viewer)).text();
  for (const m of MODULES) assert.match(home, new RegExp(`href="/${m}/translations"`), m);
});

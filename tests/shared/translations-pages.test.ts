import assert from "node:assert/strict";
import { itest, newTenant } from "../helpers.ts";
import { browse, catalog, HTMX, MODULES } from "./translations.fixtures.ts";

const BASE = "/admin/translations";

itest(
  "translations page: one editor, grouped by module; filter, htmx edit, errors, reset",
  async () => {
    const tn = await newTenant();
    const page = await browse(`${BASE}?q=nav.home`, tn.owner);
    const html = await page.text();
    assert.equal(page.status, 200);
    assert.match(html, /<h1>Translations<\/h1>/);
    assert.match(html, /<h2 id="tr-group-platform">Platform<\/h2>/);
    assert.match(html, /<span class="tr-original" title="nav.home">Home<\/span>/);
    assert.match(html, /Ana sayfa/);
    assert.match(html, /<dialog id="add-language"/, "adding a language waits in a dialog");
    assert.doesNotMatch(html, /data-placeholder/);

    // Grouped by module: a module's own texts, its menu labels; ?module= keeps to one.
    const support = await (await browse(`${BASE}?module=support&q=status`, tn.owner)).text();
    assert.match(support, /<h2 id="tr-group-support">Support<\/h2>/);
    assert.doesNotMatch(support, /id="tr-group-platform"/);
    assert.match(support, /<option value="support" selected>Support<\/option>/);

    // Filter (htmx swaps the table only).
    const filtered = await browse(`${BASE}?q=ana+sayfa`, tn.owner, {
      headers: { ...HTMX, "HX-Target": "translations-table" },
    });
    const table = await filtered.text();
    assert.match(table, /^<!doctype html><div id="translations-table">/);
    assert.match(table, /title="nav\.home"/);
    assert.doesNotMatch(table, /title="nav\.users"/);
    const none = await (await browse(`${BASE}?q=zzzz-nothing`, tn.owner, {
      headers: { ...HTMX, "HX-Target": "translations-table" },
    })).text();
    assert.match(none, /No keys match the filter/);
    const noneMissing = await (await browse(`${BASE}?missing=1`, tn.owner)).text();
    assert.match(noneMissing, /No keys match the filter/, "en and tr are complete");

    // The edit form for one cell.
    const editor = await browse(`${BASE}/row?key=nav.home&edit=tr`, tn.owner, { headers: HTMX });
    const editorHtml = await editor.text();
    assert.match(editorHtml, /^<!doctype html><tr data-key="nav\.home">/);
    assert.match(editorHtml, /<textarea[^>]*name="value"[^>]*>Ana sayfa<\/textarea>/);
    assert.match(editorHtml, /hx-post="\/admin\/translations\/save"/);
    assert.match(editorHtml, /<td data-label="Türkçe">/, "cells labelled as the table labels them");

    // Save (htmx): the row comes back with the new text.
    const saved = await browse(`${BASE}/save`, tn.owner, {
      form: { key: "nav.home", locale: "tr", value: "Giriş <b>sayfası</b>" },
      headers: HTMX,
    });
    const row = await saved.text();
    assert.equal(saved.status, 200, row);
    assert.match(row, /^<!doctype html><tr data-key="nav\.home">/);
    assert.match(row, /Giriş &lt;b>sayfası&lt;\/b>/, "escaped");
    assert.match(row, /Saved\./);
    assert.match(row, /hx-post="\/admin\/translations\/reset"/);
    assert.equal((await catalog(tn.owner, "tr")).messages["nav.home"], "Giriş <b>sayfası</b>");

    // Refused edits come back inline, in the editor, keeping what was typed.
    const empty = await browse(`${BASE}/save`, tn.owner, {
      form: { key: "nav.home", locale: "tr", value: "" },
      headers: HTMX,
    });
    const emptyHtml = await empty.text();
    assert.equal(empty.status, 400);
    assert.match(emptyHtml, /^<!doctype html><tr data-key="nav\.home">/);
    assert.match(emptyHtml, /class="alert error" role="alert"/);
    const badVar = await browse(`${BASE}/save`, tn.owner, {
      form: { key: "home.title", locale: "tr", value: "Merhaba {who}" },
      headers: HTMX,
    });
    const badHtml = await badVar.text();
    assert.equal(badVar.status, 422);
    assert.match(badHtml, /Unknown placeholder \{who\}/);
    assert.match(badHtml, /<textarea[^>]*>Merhaba \{who\}<\/textarea>/);

    // Reset (htmx).
    const reset = await browse(`${BASE}/reset`, tn.owner, {
      form: { key: "nav.home", locale: "tr" },
      headers: HTMX,
    });
    const resetHtml = await reset.text();
    assert.equal(reset.status, 200);
    assert.match(resetHtml, /Ana sayfa/);
    assert.match(resetHtml, /Reset to the default\./);
    assert.equal((await catalog(tn.owner, "tr")).messages["nav.home"], "Ana sayfa");
  },
);

itest("translations page: works without JavaScript (plain posts, full pages)", async () => {
  const tn = await newTenant();
  const editPage = await (await browse(`${BASE}?q=nav.home&edit=en&key=nav.home`, tn.owner))
    .text();
  assert.match(editPage, /<textarea[^>]*name="value"/);
  assert.match(editPage, /<input type="hidden" name="q" value="nav.home"/);

  const saved = await browse(`${BASE}/save`, tn.owner, {
    form: { key: "nav.home", locale: "en", value: "Start", q: "nav.home" },
  });
  const html = await saved.text();
  assert.equal(saved.status, 200);
  assert.match(html, /^<!doctype html><html/);
  assert.match(html, /class="alert ok toast" role="status">.*Saved\./);
  assert.match(html, /value="nav.home"/, "the filter is kept");
  // The rest of the same response already shows the new text (the menu's Home).
  assert.match(html, /<span class="nav-label">Start<\/span>/);

  const refused = await browse(`${BASE}/save`, tn.owner, {
    form: { key: "no.such.key", locale: "en", value: "x" },
  });
  assert.equal(refused.status, 422);
  assert.match(await refused.text(), /class="alert error" role="alert">.*There is no message/);
});

itest("translations page: add and remove a language; missing filter", async () => {
  const tn = await newTenant();
  const added = await browse(`${BASE}/languages`, tn.owner, {
    form: { locale: "de", name: "" },
    headers: HTMX,
  });
  assert.equal(added.status, 204);
  assert.equal(added.headers.get("HX-Redirect"), BASE, "the page reloads with the new column");
  const page = await (await browse(`${BASE}?q=nav.home`, tn.owner)).text();
  assert.match(page, /<span lang="de">Deutsch<\/span>/);
  assert.match(page, /<th scope="col">Deutsch<\/th>/);
  assert.match(page, /data-locale="de" data-source="fallback"/);

  const bad = await browse(`${BASE}/languages`, tn.owner, {
    form: { locale: "Deutsch", name: "x" },
    headers: HTMX,
  });
  const badHtml = await bad.text();
  assert.equal(bad.status, 400);
  assert.match(badHtml, /^<!doctype html><form id="add-language-form"/, "back into the dialog");
  assert.match(badHtml, /class="alert error/);
  assert.match(badHtml, /value="Deutsch"/, "keeps what was typed");

  await tn.owner.call("PUT", "/api/support/translations/de/nav.home", { value: "Startseite" });
  const missing = await (await browse(`${BASE}?missing=1&q=nav.`, tn.owner, {
    headers: { ...HTMX, "HX-Target": "translations-table" },
  })).text();
  assert.match(missing, /title="nav\.users"/);
  assert.doesNotMatch(missing, /title="nav\.home"/, "translated into every language");

  const removed = await browse(`${BASE}/languages/remove`, tn.owner, { form: { locale: "de" } });
  const removedHtml = await removed.text();
  assert.equal(removed.status, 200);
  assert.match(removedHtml, /de removed/);
  assert.doesNotMatch(removedHtml, /lang="de"/);
});

itest("translations page: readers see no edit controls; writes need the permission", async () => {
  const tn = await newTenant();
  const res = await tn.owner.call("POST", "/api/admin/roles", {
    key: "translator-reader",
    name: "Reads texts",
    permissions: ["admin.translation.read"],
  });
  assert.equal(res.status, 201);
  const reader = await tn.member(["translator-reader"]);
  const html = await (await browse(`${BASE}?q=nav.home`, reader)).text();
  assert.match(html, /title="nav\.home"/);
  assert.doesNotMatch(html, /\/translations\/save|\/translations\/languages|add-language/);
  assert.match(html, /needs the right to edit translations/);
  const denied = await browse(`${BASE}/save`, reader, {
    form: { key: "nav.home", locale: "tr", value: "x" },
    headers: HTMX,
  });
  assert.equal(denied.status, 403);
  assert.equal((await catalog(tn.owner, "tr")).messages["nav.home"], "Ana sayfa");
  // Members without the permission do not see the editor, nor its menu entry.
  const viewer = await tn.member(["viewer"]);
  assert.equal((await browse(BASE, viewer)).status, 403);
  assert.doesNotMatch(await (await browse("/", viewer)).text(), /href="\/admin\/translations"/);
});

itest("translations page: the modules' former pages lead to the editor", async () => {
  const tn = await newTenant();
  for (const m of MODULES) {
    const res = await browse(`/${m}/translations?q=x`, tn.owner);
    assert.equal(res.status, 302, m);
    // translationsPages() keeps the module as the filter; a module's own redirect may not.
    assert.match(res.headers.get("location") ?? "", new RegExp(`^${BASE}(\\?module=${m})?$`), m);
    await res.body?.cancel();
  }
});

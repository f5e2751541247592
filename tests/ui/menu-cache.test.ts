// The sidebar's markup is rendered once per language, permissions, entry and translations
// (ui/menu.tsx). A tenant's own wording must show on its next page and never on another's, and
// people with fewer permissions must not be handed the menu of people with more.
import assert from "node:assert/strict";
import { callApp, itest, newTenant } from "../helpers.ts";

const sidebar = async (token: string, path = "/support/tickets") => {
  const res = await callApp(path, { token, headers: { "Accept-Language": "en" } });
  assert.equal(res.status, 200);
  const html = await res.text();
  return html.slice(html.indexOf('<nav class="sidebar"'), html.indexOf("</nav>"));
};

itest("menu cache: a tenant's wording shows on its next page, and only on its own", async () => {
  const a = await newTenant();
  const b = await newTenant();
  assert.match(await sidebar(a.owner.token), />Home</);
  assert.match(await sidebar(b.owner.token), />Home</);
  const put = await a.owner.call("PUT", "/api/support/translations/en/nav.home", {
    value: "Start here",
  });
  await put.body?.cancel();
  assert.equal(put.status, 200);
  assert.match(await sidebar(a.owner.token), />Start here</);
  assert.doesNotMatch(await sidebar(b.owner.token), /Start here/);
  assert.match(await sidebar(b.owner.token), />Home</);
});

itest("menu cache: each role gets its own menu, and the current entry is marked", async () => {
  const t = await newTenant();
  const viewer = await t.member(["viewer"]);
  const owner = await sidebar(t.owner.token);
  const fewer = await sidebar(viewer.token);
  assert.match(owner, /href="\/admin\/users"/);
  assert.doesNotMatch(fewer, /href="\/admin\/users"/, "the owner's menu was not reused");
  assert.match(owner, /<a href="\/support\/tickets" aria-current="page"/);
  const elsewhere = await sidebar(t.owner.token, "/");
  assert.doesNotMatch(elsewhere, /<a href="\/support\/tickets" aria-current="page"/);
  assert.match(elsewhere, /<a href="\/" aria-current="page"/);
});

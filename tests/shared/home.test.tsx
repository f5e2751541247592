import assert from "node:assert/strict";
import { Hono } from "hono";
import { browse, itest, newTenant, testApp } from "../helpers.ts";
import { createApp } from "../../app/app.tsx";
import { createRouter } from "../../shared/http/router.ts";
import { hasPermission } from "../../shared/rbac/permissions.ts";
import type { AppEnv } from "../../shared/http/env.ts";
import type { ModuleManifest } from "../../shared/modules.ts";

/** A module whose home cards say who asked, for owners only when `adminOnly`. */
function cardModule(name: string, order: number, adminOnly = false): ModuleManifest {
  return {
    name,
    labelKey: "module.platform",
    icon: "box",
    menu: [],
    api: createRouter(),
    pages: new Hono<AppEnv>(),
    permissions: [],
    jobs: [],
    home: (c) => {
      if (adminOnly && !hasPermission(c.var.session.permissions, "admin.role.write")) {
        return Promise.resolve([]);
      }
      return Promise.resolve([{
        order,
        node: (
          <section class="card" data-card={name}>{`${name} for ${c.var.session.name}`}</section>
        ),
      }]);
    },
  };
}

async function appWithCards() {
  const { platform } = await testApp();
  const modules = [
    ...platform.modules,
    cardModule("late-card", 20),
    cardModule("early-card", 10),
    cardModule("admin-card", 15, true),
  ];
  return createApp({ ...platform, modules });
}

itest("home: a greeting, every module's cards in order, quick links, roles by name", async () => {
  const app = await appWithCards();
  const t = await newTenant();
  const viewer = await t.member(["viewer"]);
  const get = async (token: string, lang = "en") =>
    await (await app.request("/", {
      headers: { Cookie: `session=${token}`, "Accept-Language": lang },
    })).text();

  const owner = await get(t.owner.token);
  assert.match(owner, /<h1>Good (morning|afternoon|evening), Owner<\/h1>/);
  assert.match(owner, new RegExp(`<p class="page-description">[^<]+ · Tenant ${t.slug}</p>`));
  const order = [...owner.matchAll(/data-card="([a-z-]+)"/g)].map((m) => m[1]);
  assert.deepEqual(order, ["early-card", "admin-card", "late-card"]);
  assert.match(owner, /early-card for Owner/);
  assert.match(owner, /<a href="\/support"[^>]*data-module="support"/, "quick link to Support");
  assert.match(owner, /Your roles here: Owner/);
  assert.doesNotMatch(owner, /roles: owner/, "never the role's key");

  const viewerHome = await get(viewer.token, "tr");
  assert.match(viewerHome, /<h1>(Günaydın|İyi günler|İyi akşamlar), Member viewer<\/h1>/);
  assert.doesNotMatch(viewerHome, /data-card="admin-card"/, "cards only for who may see them");
  assert.match(viewerHome, /Buradaki rolleriniz: İzleyici/);
  assert.match(viewerHome, /<h2 class="card-title">Modülleriniz<\/h2>/);
});

itest("home: without any card the page says nothing waits", async () => {
  const t = await newTenant();
  const { platform } = await testApp();
  const app = createApp({ ...platform, modules: [] });
  const html = await (await app.request("/", { headers: { Cookie: `session=${t.owner.token}` } }))
    .text();
  assert.match(html, /Nothing needs your attention right now\./);
  assert.match(html, /You cannot open any module yet/);
});

itest(
  "error pages: 403 and 404 inside the shell for people signed in, bare for others",
  async () => {
    const t = await newTenant();
    const viewer = await t.member(["viewer"]);
    const denied = await browse("/admin/roles", { who: viewer });
    assert.equal(denied.status, 403);
    const deniedHtml = await denied.text();
    assert.match(deniedHtml, /<nav class="sidebar"/, "inside the shell");
    assert.match(deniedHtml, /<p class="empty-title">You are not allowed to see this page\.<\/p>/);
    assert.match(deniedHtml, /href="\/"[^>]*>.*Back to home/);
    assert.equal(deniedHtml.match(/<h1[ >]/g)?.length, 1, "one h1");

    const missing = await browse("/no/such/page", {
      who: t.owner,
      headers: { "Accept-Language": "tr" },
    });
    assert.equal(missing.status, 404);
    const missingHtml = await missing.text();
    assert.match(missingHtml, /<nav class="sidebar"/);
    assert.match(missingHtml, /<html lang="tr">/);
    assert.match(missingHtml, /Bu sayfa yok\./);

    const anonymous = await browse("/assets/no-such-file.js");
    assert.equal(anonymous.status, 404);
    const bare = await anonymous.text();
    assert.doesNotMatch(bare, /class="sidebar"/, "no shell without a session");
    assert.match(bare, /<main id="content">/);
  },
);

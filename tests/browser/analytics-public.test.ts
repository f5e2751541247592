/**
 * Public and embedded dashboards in a real browser, in English and in Turkish: the sheet's
 * owner makes a public link in the Share dialog (in Turkish with a password), turns embedding
 * on, makes the embedding secret and lists an allowed site on the administrators' page; a FRESH
 * browser context (no cookies) opens the link and sees the widgets; a page served by the test
 * from the allowed origin shows the embed in an iframe with the locked filter, and a page from
 * another origin is refused framing (frame-ancestors). Screenshots with SHARING_SHOTS.
 */
import assert from "node:assert/strict";
import { SignJWT } from "jose";
import { type BrowserContext, browserTest, openBrowser } from "./browser.ts";
import { checkPage, htmxIdle, language, signIn, watch, withServer } from "./session.ts";
import { newTenant, type TestTenant } from "../helpers.ts";
import { customer, ticket } from "../support/fixtures.ts";

const WAIT = { timeout: 30_000 };
const API = "/api/analytics";
const SHOTS = Deno.env.get("SHARING_SHOTS");
const L = {
  en: { sheet: "Customer overview", kpi: "Urgent tickets", all: "All tickets", password: "" },
  tr: {
    sheet: "Müşteri özeti",
    kpi: "Acil talepler",
    all: "Tüm talepler",
    password: "gizli-parola",
  },
} as const;
type Lang = keyof typeof L;

async function json(res: Response, status: number) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return text ? JSON.parse(text) : null;
}

const kpi = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  chartType: "kpi",
  query: {
    source: { kind: "dataset", name: "tickets" },
    aggregates: [{ fn: "count", as: "n" }],
    ...extra,
  },
  w: 4,
  h: 2,
});

async function setup(t: TestTenant, lang: Lang) {
  const app = await json(await t.owner.call("POST", `${API}/apps`, { name: "Support" }), 201);
  const sheet = await json(
    await t.owner.call("POST", `${API}/apps/${app.id}/sheets`, { name: L[lang].sheet }),
    201,
  );
  await json(
    await t.owner.call("POST", `${API}/sheets/${sheet.id}/widgets`, kpi(L[lang].all)),
    201,
  );
  await json(
    await t.owner.call(
      "POST",
      `${API}/sheets/${sheet.id}/widgets`,
      {
        title: L[lang].kpi,
        chartType: "bar",
        query: {
          source: { kind: "dataset", name: "tickets" },
          fields: [{ field: "priority", as: "priority" }],
          aggregates: [{ fn: "count", as: "n" }],
        },
        w: 8,
        h: 4,
      },
    ),
    201,
  );
  const c = await customer(t.owner);
  await ticket(t.owner, c.id, { priority: "yuksek" });
  await ticket(t.owner, c.id, { priority: "yuksek" });
  await ticket(t.owner, c.id, { priority: "dusuk" });
  return { app, sheet };
}

/** A tiny site of the customer's: one page that frames the embed (its address set later). */
function hostSite(src: { value: string }) {
  const html = () =>
    `<!doctype html><html lang="en"><head><title>Intranet</title></head>` +
    `<body><main><h1>Intranet</h1><iframe title="Dashboard" src="${src.value}" width="1000" ` +
    `height="700"></iframe></main></body></html>`;
  return Deno.serve(
    { port: 0, hostname: "127.0.0.1", onListen() {} },
    () => new Response(html(), { headers: { "Content-Type": "text/html; charset=utf-8" } }),
  );
}

async function flow(owner: BrowserContext, base: string, lang: Lang) {
  const t = await newTenant();
  const { app, sheet } = await setup(t, lang);
  await language(owner, base, lang);
  const page = await owner.newPage();
  const problems = watch(page);
  page.on("dialog", (d) => d.accept());
  await signIn(page, base, t.owner.email, t.slug);

  // The Share dialog on the sheet: a public link (in Turkish with a password).
  await page.goto(`${base}/analytics/apps/${app.id}/sheets/${sheet.id}`);
  await page.locator("[data-dialog-open='dash-share']").click();
  const panel = page.locator("#dash-share-body");
  await panel.locator("form[action$='/share/links']").waitFor(WAIT);
  if (L[lang].password) {
    await panel.locator("input[name='password']").fill(L[lang].password);
  }
  await panel.locator("form[action$='/share/links'] button[type='submit']").click();
  await panel.locator("#share-new-url").waitFor(WAIT);
  const url = await panel.locator("#share-new-url").inputValue();
  assert.match(url, /\/p\/analytics\/[A-Za-z0-9_-]{43}$/);
  await panel.locator("form[action$='/share/embed'] button[type='submit']").click();
  await panel.locator("form[action$='/share/embed'] input[name='enabled'][value='0']").waitFor({
    state: "attached",
    ...WAIT,
  });
  await htmxIdle(page);
  await checkPage(page, SHOTS, `share-dialog-${lang}`);

  // The administrators' page: make the secret (shown once) and allow the customer's site.
  const src = { value: "about:blank" };
  const site = hostSite(src);
  const other = hostSite(src);
  const allowedOrigin = `http://127.0.0.1:${site.addr.port}`;
  await page.goto(`${base}/analytics/embedding`);
  await page.locator("form[action$='/embedding/secret'] button[type='submit']").click();
  await page.locator("#embed-secret").waitFor(WAIT);
  const secret = await page.locator("#embed-secret").inputValue();
  const keyId = (await page.locator(".share-admin code").first().textContent())!.trim();
  await page.locator("textarea[name='origins']").fill(allowedOrigin);
  await Promise.all([
    page.waitForLoadState("load"),
    page.locator("form[action$='/embedding/origins'] button[type='submit']").click(),
  ]);
  await page.locator("textarea[name='origins']", { hasText: allowedOrigin }).waitFor(WAIT);
  await checkPage(page, SHOTS, `embedding-${lang}`);
  assert.deepEqual(problems, [], "the signed-in pages");

  // A fresh browser context (its own empty profile): no cookies of the app, only the language.
  const fresh = (await openBrowser())!;
  await fresh.addCookies([{ name: "lang", value: lang, url: base }]);
  const visitor = await fresh.newPage();
  await visitor.goto(url);
  if (L[lang].password) {
    await visitor.locator("input[name='password']").fill(L[lang].password);
    await Promise.all([
      visitor.waitForURL(url),
      visitor.locator("main form button[type='submit']").click(),
    ]);
  }
  await visitor.locator(".pub-widget", { hasText: L[lang].all }).waitFor(WAIT);
  assert.equal(
    (await visitor.locator(".pub-widget", { hasText: L[lang].all }).locator(".kpi-value")
      .textContent())?.trim(),
    "3",
  );
  await visitor.locator(".pub-widget", { hasText: L[lang].kpi }).locator("svg").first()
    .waitFor(WAIT);
  assert.equal(await visitor.locator(".sidebar, nav.menu").count(), 0, "no app shell");
  await checkPage(visitor, SHOTS, `public-${lang}`);

  // The embed inside the customer's page (allowed origin), priority locked to "yuksek".
  const token = await new SignJWT({ resource: { sheet: sheet.id }, params: { priority: "yuksek" } })
    .setProtectedHeader({ alg: "HS256", kid: keyId })
    .setExpirationTime("10m")
    .sign(new TextEncoder().encode(secret));
  src.value = `${base}/embed/analytics?token=${token}`;
  try {
    const host = await fresh.newPage();
    await host.goto(`http://127.0.0.1:${site.addr.port}/`);
    const frame = host.frameLocator("iframe");
    await frame.locator(".pub-widget", { hasText: L[lang].all }).waitFor(WAIT);
    assert.equal(
      (await frame.locator(".pub-widget", { hasText: L[lang].all }).locator(".kpi-value")
        .textContent())?.trim(),
      "2",
      "only the locked priority",
    );
    await frame.locator(".dash-chips li").first().waitFor(WAIT);
    assert.doesNotMatch(await frame.locator(".dash-chips").innerText(), /yuksek/, "a label");
    if (SHOTS) await host.screenshot({ path: `${SHOTS}/embed-host-${lang}.png` });

    // Another site: the browser refuses to frame it (frame-ancestors).
    const blocked = await fresh.newPage();
    const refused = blocked.waitForEvent("console", {
      predicate: (m) => m.text().includes("frame-ancestors"),
      timeout: 30_000,
    });
    await blocked.goto(`http://127.0.0.1:${other.addr.port}/`);
    await refused;
  } finally {
    await site.shutdown();
    await other.shutdown();
  }
  await fresh.close();
  await page.close();
}

browserTest(
  "public and embedded dashboards in a fresh browser context (en, tr)",
  async (context) => {
    await withServer(context, async (base) => {
      for (const lang of ["en", "tr"] as const) await flow(context, base, lang);
    });
  },
);

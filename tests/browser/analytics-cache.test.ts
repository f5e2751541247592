/**
 * The result cache on a dashboard in a real browser, in English and in Turkish: "updated …"
 * under each widget once the sheet keeps results, its refresh button reloading the widget past
 * the cache, and the sheet's cache setting changed in its dialog. Screenshots with
 * CACHE_SHOTS=/dir (1280/375, light/dark); nothing scrolls sideways at 375 px.
 */
import assert from "node:assert/strict";
import { browserTest } from "./browser.ts";
import { checkPage, signIn, withServer } from "./session.ts";
import { newTenant } from "../helpers.ts";
import { customer, ticket } from "../support/fixtures.ts";
import { setLanguage } from "./workflow.draw.ts";

const WAIT = { timeout: 30_000 };
const API = "/api/analytics";
const SHOTS = Deno.env.get("CACHE_SHOTS");
const L = {
  en: { updated: /Updated/, hour: "1 hour", dialog: "Result cache settings" },
  tr: { updated: /güncellendi/, hour: "1 saat", dialog: "Sonuç önbelleği ayarları" },
} as const;

async function json(res: Response, status: number) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return text ? JSON.parse(text) : null;
}

browserTest("analytics result cache: updated note, refresh, setting (en, tr)", async (context) => {
  const t = await newTenant();
  const c = await customer(t.owner);
  for (let i = 0; i < 3; i++) await ticket(t.owner, c.id, { priority: i ? "yuksek" : "normal" });
  const app = await json(await t.owner.call("POST", `${API}/apps`, { name: "Support" }), 201);
  const sheet = await json(
    await t.owner.call("POST", `${API}/apps/${app.id}/sheets`, { name: "Overview" }),
    201,
  );
  const count = [{ fn: "count", as: "tickets" }];
  const tickets = { kind: "dataset", name: "tickets" };
  const bar = await json(
    await t.owner.call("POST", `${API}/sheets/${sheet.id}/widgets`, {
      title: "Tickets by priority",
      chartType: "bar",
      query: { source: tickets, fields: [{ field: "priority" }], aggregates: count },
      w: 8,
    }),
    201,
  );
  await json(
    await t.owner.call("POST", `${API}/sheets/${sheet.id}/widgets`, {
      title: "Tickets",
      chartType: "kpi",
      query: { source: tickets, aggregates: count },
      options: { trendField: "created_at", trendDays: 30 },
      w: 4,
      h: 2,
    }),
    201,
  );
  const cachePath = `${API}/sheets/${sheet.id}/cache`;
  const page = await context.newPage();
  await withServer(context, async (base) => {
    await signIn(page, base, t.owner.email, t.slug);
    for (const lang of ["en", "tr"] as const) {
      await json(await t.owner.call("PUT", cachePath, { ttlSeconds: 300 }), 200);
      await setLanguage(page, base, lang);
      const url = `${base}/analytics/apps/${app.id}/sheets/${sheet.id}`;
      await page.goto(url);
      await page.reload(); // kept from the first load
      const widget = page.locator(`[data-widget='${bar.id}']`);
      await widget.locator(".dash-cache[data-cache='hit']").waitFor(WAIT);
      assert.match(await widget.locator(".dash-cache").innerText(), L[lang].updated);
      await checkPage(page, SHOTS, `cache-sheet-${lang}`);

      // The refresh button reloads the widget past the cache.
      await widget.locator("[data-cache-refresh]").click();
      await widget.locator(".dash-cache[data-cache='miss']").waitFor(WAIT);

      // The setting, in its dialog.
      await page.getByRole("button", { name: L[lang].dialog }).click();
      const dialog = page.locator("#dash-cache");
      await dialog.waitFor({ state: "visible", ...WAIT });
      await checkPage(page, SHOTS, `cache-dialog-${lang}`);
      await dialog.locator("select[name='ttlSeconds']").selectOption({ label: L[lang].hour });
      await Promise.all([
        page.waitForURL(url, WAIT),
        dialog.locator("button[type='submit']").click(),
      ]);
      assert.deepEqual(await json(await t.owner.call("GET", cachePath), 200), {
        ttlSeconds: 3600,
      });
    }
  });
});

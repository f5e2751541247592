/**
 * Alerts in a real browser, in English and in Turkish: on a dashboard, a widget's "Create
 * alert" opens the dialog filled in for that widget; saving it opens the alert's page; "Check
 * now" records the check (the widget's count is above the threshold: it fires and the history
 * shows it); the alert is in the application's list. Screenshots with ALERTS_SHOTS.
 */
import assert from "node:assert/strict";
import { browserTest } from "./browser.ts";
import { checkPage, htmxIdle, signIn, watch, withServer } from "./session.ts";
import { newTenant } from "../helpers.ts";
import { customer, ticket } from "../support/fixtures.ts";
import { type Lang, setLanguage } from "./workflow.draw.ts";

const WAIT = { timeout: 30_000 };
const API = "/api/analytics";
const SHOTS = Deno.env.get("ALERTS_SHOTS");
const L = {
  en: {
    widget: "Open tickets",
    create: "Create an alert on Open tickets",
    save: "Save",
    check: "Check now",
    firing: "Firing",
    fired: "Fired",
    condition: "Above 1",
  },
  tr: {
    widget: "Açık talepler",
    create: "Açık talepler için uyarı oluştur",
    save: "Kaydet",
    check: "Şimdi kontrol et",
    firing: "Tetiklendi",
    fired: "Tetiklendi",
    condition: "1 üzerinde",
  },
} as const;

async function json(res: Response, status: number) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return text ? JSON.parse(text) : null;
}

browserTest(
  "analytics alerts: create from a widget, check now, see it listed (en, tr)",
  async (context) => {
    await withServer(context, async (base) => {
      for (const lang of ["en", "tr"] as Lang[]) {
        const l = L[lang];
        const t = await newTenant();
        const app = await json(await t.owner.call("POST", `${API}/apps`, { name: "Destek" }), 201);
        const sheet = await json(
          await t.owner.call("POST", `${API}/apps/${app.id}/sheets`, { name: "Genel" }),
          201,
        );
        await json(
          await t.owner.call("POST", `${API}/sheets/${sheet.id}/widgets`, {
            title: l.widget,
            chartType: "kpi",
            query: {
              source: { kind: "dataset", name: "tickets" },
              aggregates: [{ fn: "count", as: "n" }],
            },
            w: 4,
            h: 3,
          }),
          201,
        );
        const c = await customer(t.owner);
        await ticket(t.owner, c.id);
        await ticket(t.owner, c.id);

        const page = await context.newPage();
        const problems = watch(page);
        await signIn(page, base, t.owner.email, t.slug);
        await setLanguage(page, base, lang);
        await page.goto(`${base}/analytics/apps/${app.id}/sheets/${sheet.id}`);
        await htmxIdle(page);
        await page.getByRole("link", { name: l.create }).click();
        const form = page.locator("#dash-alert form[data-alert-form]");
        await form.waitFor(WAIT);
        assert.equal(await form.locator("input[name='name']").inputValue(), l.widget, "prefilled");
        await form.locator("input[name='threshold']").fill("1");
        await checkPage(page, SHOTS, `alerts-dialog-${lang}`);
        await Promise.all([
          page.waitForURL(/\/analytics\/alerts\/[0-9a-f-]{36}$/, WAIT),
          form.getByRole("button", { name: l.save }).click(),
        ]);
        await page.locator("main", { hasText: l.condition }).waitFor(WAIT);
        await Promise.all([
          page.waitForLoadState("load"),
          page.getByRole("button", { name: l.check }).click(),
        ]);
        await page.locator("#alert-firings", { hasText: l.fired }).waitFor(WAIT);
        await checkPage(page, SHOTS, `alerts-detail-${lang}`);

        await page.goto(`${base}/analytics/alerts?app=${app.id}`);
        const row = page.locator("#alerts tr", { hasText: l.widget });
        await row.first().waitFor(WAIT);
        assert.match(await row.first().innerText(), new RegExp(l.firing));
        await checkPage(page, SHOTS, `alerts-list-${lang}`);
        assert.deepEqual(problems, []);
        await page.close();
      }
    });
  },
);

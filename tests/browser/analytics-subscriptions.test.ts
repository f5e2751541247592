/**
 * Subscriptions of a dashboard sheet in a real browser, in English and in Turkish: "Subscribe"
 * from the sheet's header, a weekly subscription made in the dialog (a person picked, a filter
 * chosen), the schedule shown in words with its next send, "Send now" leaving a line in the
 * history. Screenshots (SUBS_SHOTS) of the list and of the open dialog; axe and 375 px checks.
 */
import assert from "node:assert/strict";
import { browserTest } from "./browser.ts";
import { checkPage, signIn, watch, withServer } from "./session.ts";
import { newTenant } from "../helpers.ts";
import { customer, ticket } from "../support/fixtures.ts";
import { setLanguage } from "./workflow.draw.ts";

const WAIT = { timeout: 30_000 };
const API = "/api/analytics";
const L = {
  en: {
    subscribe: "Subscribe",
    create: "New subscription",
    name: "Monday summary",
    every: "Every week",
    words: "Every Monday at 08:00",
    send: "Send Monday summary now",
    queued: "The sheet is being sent",
    manual: "Sent by hand",
  },
  tr: {
    subscribe: "Abone ol",
    create: "Yeni abonelik",
    name: "Pazartesi özeti",
    every: "Her hafta",
    words: "Her Pazartesi 08:00",
    send: "Pazartesi özeti aboneliğini şimdi gönder",
    queued: "Sayfa gönderiliyor",
    manual: "Elle gönderildi",
  },
} as const;

async function json(res: Response, status: number) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return text ? JSON.parse(text) : null;
}

browserTest(
  "analytics subscriptions: subscribe, schedule in words, send now (en, tr)",
  async (context) => {
    const t = await newTenant();
    const c = await customer(t.owner);
    await ticket(t.owner, c.id, { subject: "Printer" });
    const app = await json(await t.owner.call("POST", `${API}/apps`, { name: "Support" }), 201);
    const sheet = await json(
      await t.owner.call("POST", `${API}/apps/${app.id}/sheets`, { name: "Overview" }),
      201,
    );
    await json(
      await t.owner.call("POST", `${API}/sheets/${sheet.id}/widgets`, {
        title: "Tickets by status",
        chartType: "bar",
        query: {
          source: { kind: "dataset", name: "tickets" },
          fields: [{ field: "status", as: "status" }],
          aggregates: [{ fn: "count", as: "tickets" }],
        },
      }),
      201,
    );
    const shots = Deno.env.get("SUBS_SHOTS");
    await withServer(context, async (base) => {
      const page = await context.newPage();
      await page.setViewportSize({ width: 1280, height: 900 });
      const problems = watch(page);
      await signIn(page, base, t.owner.email, t.slug);
      for (const lang of ["en", "tr"] as const) {
        const l = L[lang];
        try {
          await setLanguage(page, base, lang);
          await page.goto(`${base}/analytics/apps/${app.id}/sheets/${sheet.id}`);
          await page.getByRole("link", { name: l.subscribe }).click();
          await page.waitForURL(/\/subscriptions/, WAIT);
          await page.locator("[data-dialog-open='new-sub']").click();
          const form = page.locator("#new-sub form");
          await form.locator("input[name='name']").fill(l.name);
          await form.locator("input[name='userIds']").first().check();
          await form.locator("select[name='kind']").selectOption("weekly");
          await form.locator("select[name='weekday']").selectOption("1");
          await form.locator("select[name='hour']").selectOption("8");
          await form.locator("select[name='where']").selectOption("status:acik");
          if (lang === "en") await checkPage(page, shots, `subscriptions-dialog-${lang}`);
          await Promise.all([
            page.waitForURL(/done=created/, WAIT),
            form.locator("button[type='submit']").click(),
          ]);
          const row = page.locator("#subscriptions tr", { hasText: l.name });
          await row.waitFor(WAIT);
          assert.match(await row.innerText(), new RegExp(l.words));
          await Promise.all([
            page.waitForURL(/done=queued/, WAIT),
            row.getByRole("button", { name: l.send }).click(),
          ]);
          await page.getByText(l.queued).first().waitFor(WAIT);
          await page.locator("#subscription-sends", { hasText: l.manual }).waitFor(WAIT);
          await checkPage(page, shots, `subscriptions-${lang}`);
          if (lang === "tr") {
            await page.locator("[data-dialog-open='new-sub']").click();
            await page.locator("#new-sub[open]").waitFor(WAIT);
            await checkPage(page, shots, `subscriptions-dialog-${lang}`);
          }
        } catch (err) {
          await Deno.mkdir("/tmp/shots", { recursive: true });
          await page.screenshot({ path: `/tmp/shots/analytics-subscriptions-${lang}.png` });
          throw err;
        }
      }
      assert.deepEqual(problems, []);
    });
  },
);

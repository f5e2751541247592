/**
 * Saved questions in a real browser, in English and Turkish: the editor opens with SQL
 * highlighted and a declaration for its placeholder, Run swaps the result table in (htmx), Save
 * lands on the question's page, the list shows it. axe-clean, nothing sideways at 375 px.
 * Screenshots with QUESTIONS_SHOTS=/tmp/shots-questions.
 */
import assert from "node:assert/strict";
import { browserTest } from "./browser.ts";
import { checkPage, htmxIdle, signIn, watch, withServer } from "./session.ts";
import { newTenant } from "../helpers.ts";
import { customer, ticket } from "../support/fixtures.ts";
import { setLanguage } from "./workflow.draw.ts";

const WAIT = { timeout: 30_000 };
const SHOTS = Deno.env.get("QUESTIONS_SHOTS");
const L = {
  en: { name: "Name", run: "Run", save: "Save", from: "From", open: "Open" },
  tr: { name: "Ad", run: "Çalıştır", save: "Kaydet", from: "From", open: "Açık" },
} as const;

browserTest("analytics questions: write, run and save a question (en, tr)", async (context) => {
  const t = await newTenant();
  const c = await customer(t.owner);
  await ticket(t.owner, c.id, { subject: "Printer" });
  await ticket(t.owner, c.id, { subject: "Screen" });
  await withServer(context, async (base) => {
    const page = await context.newPage();
    const problems = watch(page);
    await signIn(page, base, t.owner.email, t.slug);
    for (const lang of ["en", "tr"] as const) {
      const l = L[lang];
      await setLanguage(page, base, lang);
      await page.goto(`${base}/analytics/questions/new`);
      await page.locator(".question-editor .token.keyword").first().waitFor(WAIT);
      await page.locator("#question-params code", { hasText: "{{from}}" }).waitFor(WAIT);
      await page.getByLabel(l.name, { exact: true }).first().fill(`Tickets by status ${lang}`);
      await page.getByRole("button", { name: l.run, exact: true }).click();
      const result = page.locator("#question-result #question-rows");
      await result.waitFor(WAIT);
      assert.match(await result.innerText(), /acik/);
      await htmxIdle(page);
      await checkPage(page, SHOTS, `questions-editor-${lang}`);
      await page.getByRole("button", { name: l.save, exact: true }).click();
      await page.waitForURL(/\/analytics\/questions\/[0-9a-f-]{36}$/, WAIT);
      await page.getByRole("button", { name: l.run, exact: true }).click();
      await page.locator("#question-result #question-rows").waitFor(WAIT);
      await checkPage(page, SHOTS, `questions-saved-${lang}`);
      await page.goto(`${base}/analytics/questions`);
      await page.getByRole("link", { name: `Tickets by status ${lang}` }).waitFor(WAIT);
      await checkPage(page, SHOTS, `questions-list-${lang}`);
    }
    assert.deepEqual(problems, []);
  });
});

/**
 * The decision table editor in a real browser: dmn-js loads from our origin under the strict
 * CSP, opens the table, a cell edited there is saved and deployed as version 2, and the test
 * panel evaluates the new version. No page scrolls sideways at 375 px.
 */
import assert from "node:assert/strict";
import { browserTest } from "./browser.ts";
import { signIn, watch, withServer } from "./session.ts";
import { browse, newTenant } from "../helpers.ts";

const WAIT = { timeout: 30_000 };
const BASE = "/workflow/admin/decisions";

browserTest("decision tables: edit a cell, save and deploy, evaluate", async (context) => {
  const t = await newTenant();
  const made = await browse(BASE, { who: t.owner, form: { name: "Approver", key: "approver" } });
  assert.equal(made.status, 303);
  await withServer(context, async (base) => {
    const page = await context.newPage();
    const problems = watch(page);
    await signIn(page, base, t.owner.email, t.slug);
    await page.goto(`${base}${BASE}/approver`);
    const cell = page.locator(".wf-dmn-canvas td", { hasText: '"manager"' });
    await cell.waitFor(WAIT);
    await cell.click();
    await page.keyboard.press("End");
    for (let i = 0; i < '"manager"'.length; i++) await page.keyboard.press("Backspace");
    await page.keyboard.type('"finance"');
    await page.locator(".wf-dmn-status").click();
    await page.getByRole("button", { name: "Save and deploy" }).click();
    await page.locator(".wf-dmn-status", { hasText: "Version 2 deployed." }).waitFor(WAIT);

    await page.locator('textarea[name="variables"]').fill('{"amount": 2500}');
    await page.getByRole("button", { name: "Evaluate" }).click();
    await page.locator("#wf-dmn-result", { hasText: "finance" }).waitFor(WAIT);
    assert.match(await page.locator("#wf-dmn-result").innerText(), /Version 2/);

    // A broken entry is refused with the rule named; nothing is deployed.
    await page.locator('textarea[name="variables"]').fill("{}");
    const first = page.locator(".wf-dmn-canvas td", { hasText: "< 1000" });
    await first.click();
    await page.keyboard.press("End");
    await page.keyboard.type(" <");
    await page.locator(".wf-dmn-status").click();
    await page.getByRole("button", { name: "Save and deploy" }).click();
    await page.locator(".wf-dmn-problems li", { hasText: "rule 1" }).waitFor(WAIT);
    // The refusal is a 422 the page expects; every other fault counts.
    const faults = problems.filter((p) => !p.includes("422"));
    assert.deepEqual(faults, []);

    await page.setViewportSize({ width: 375, height: 800 });
    for (const path of [BASE, `${BASE}/approver`]) {
      await page.goto(`${base}${path}`);
      await page.locator("main").waitFor(WAIT);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 375, `${path} scrolls sideways at 375 px: ${width}`);
    }
  });
});

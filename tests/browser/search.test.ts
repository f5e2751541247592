/**
 * The global search in a real browser: the top bar's box (focused with "/") leads to /search,
 * the page's own field updates the results as one types (htmx, URL kept), a hit opens its
 * page; axe-core finds nothing serious and nothing scrolls sideways on a phone.
 */
import assert from "node:assert/strict";
import { AXE, browserTest, type Page } from "./browser.ts";
import { signIn, watch, withServer } from "./session.ts";
import { newTenant } from "../helpers.ts";
import { customer, ticket } from "../support/fixtures.ts";
import { uploadOne, useBackend } from "../documents/helpers.ts";

/** Serious or critical axe-core findings, and whether the page is wider than the window. */
async function pageFacts(page: Page) {
  // Injected through the debugging protocol, which our CSP (no inline scripts) does not govern.
  await page.evaluate(AXE);
  return await page.evaluate(async () => {
    type Violation = { id: string; impact: string | null; nodes: { html: string }[] };
    type Axe = { run(ctx: unknown, opts: unknown): Promise<{ violations: Violation[] }> };
    const { axe } = globalThis as unknown as { axe: Axe };
    // This page's content; the shell around it is the crawl test's (tests/browser/crawl.test.ts).
    const { violations } = await axe.run({ include: ["main"] }, { resultTypes: ["violations"] });
    return {
      axe: violations.filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${v.id} ${v.nodes.map((n) => n.html).join(" ")}`),
      sideways: document.documentElement.scrollWidth > globalThis.innerWidth,
    };
  });
}

browserTest("search: top bar to results, live updates, open a hit", async (context) => {
  const tenant = await newTenant();
  const c = await customer(tenant.owner, { name: "İSTANBUL ofisi" });
  const printer = await ticket(tenant.owner, c.id, { subject: "yazıcısı çalışmıyor" });
  await useBackend("local");
  await uploadOne(tenant.owner, "Şubat Raporu.pdf", "%PDF-1");
  await withServer(context, async (base) => {
    const page = await context.newPage();
    const problems = watch(page);
    await signIn(page, base, tenant.owner.email, tenant.slug);

    await page.keyboard.press("/");
    await page.locator("#global-search").fill("YAZICISI");
    await Promise.all([
      page.waitForURL(`${base}/search?q=YAZICISI`),
      page.locator("#global-search").press("Enter"),
    ]);
    const results = page.locator("#search-results");
    await results.getByRole("link", { name: "yazıcısı çalışmıyor" }).waitFor();
    assert.match(await results.innerText(), /İSTANBUL ofisi/);
    assert.deepEqual(await pageFacts(page), { axe: [], sideways: false });

    // The page's own field: results follow the typing, the address keeps the query.
    await page.locator("main input[name=q]").fill("subat");
    await results.getByRole("link", { name: "Şubat Raporu.pdf" }).waitFor();
    await page.waitForURL(/\/search\?q=subat$/);
    assert.doesNotMatch(await results.innerText(), /yazıcısı/);

    await page.locator("main input[name=q]").fill("zzqqxx");
    await results.getByText("Nothing found").waitFor();

    await page.goto(`${base}/search?q=istanbul`);
    await results.getByRole("link", { name: "İSTANBUL ofisi" }).click();
    await page.waitForURL(`${base}/support/customers/${c.id}`);
    await page.goto(`${base}/search?q=yazici`);
    await results.getByRole("link", { name: "yazıcısı çalışmıyor" }).click();
    await page.waitForURL(`${base}/support/tickets/${printer.id}`);

    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${base}/search?q=ra`);
    await results.locator("table").first().waitFor();
    assert.deepEqual(await pageFacts(page), { axe: [], sideways: false });
    assert.deepEqual(problems, []);
  });
});

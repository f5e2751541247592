/**
 * The report studio in a real browser, in English and in Turkish: the owner builds a report of
 * process instances counted per process (through the data-query layer), sees the live preview
 * draw its chart, picks a chart type and saves it; the report page then draws the chart and lists the rows. The catalog, the
 * studio and the report page do not scroll sideways at 375 px.
 */
import assert from "node:assert/strict";
import { browserTest, type Page } from "./browser.ts";
import { signIn, watch, withServer } from "./session.ts";
import { newTenant } from "../helpers.ts";
import { seedDefinition, seedInstance } from "../workflow/instances.fixtures.ts";
import { type Lang, setLanguage } from "./workflow.draw.ts";

const WAIT = { timeout: 30_000 };
const LABELS = {
  en: {
    name: "Instances by process",
    source: "Process instances",
    save: "Save report",
    count: "Count",
  },
  tr: {
    name: "Süreçlere göre örnekler",
    source: "Süreç örnekleri",
    save: "Raporu kaydet",
    count: "Sayı",
  },
} as const;

async function build(page: Page, base: string, lang: Lang) {
  const L = LABELS[lang];
  await page.goto(`${base}/workflow/admin/reports/new`);
  const form = page.locator("#report-form");
  await form.locator("input[name='name']").fill(L.name);
  // Process instances counted per process, through the data-query layer.
  await form.locator("select[name='source']").selectOption({ label: L.source });
  await form.locator("input[name='groupBy']").fill("definitionName");
  await form.locator("select[name='aggFn']").first().selectOption({ label: L.count });
  await form.locator("input[name='aggAs']").first().fill("instances");
  await form.locator("input[name='chartY']").fill("instances");
  await form.locator("select[name='chartType']").selectOption("line");
  // The live preview redraws on change: a drawn chart and the process's row (2 instances).
  await page.locator("#report-preview .chart[data-drawn='1'] svg").waitFor(WAIT);
  await page.locator("#report-preview tr", { hasText: "Purchase request" })
    .filter({ hasText: "2" }).first().waitFor(WAIT);
  await Promise.all([
    page.waitForURL(/\/workflow\/reports\/[0-9a-f-]{36}$/, WAIT),
    form.locator("button[type='submit']", { hasText: L.save }).click(),
  ]);
  return page.url();
}

async function view(page: Page, url: string, lang: Lang) {
  const L = LABELS[lang];
  await page.goto(url);
  await page.locator("h1", { hasText: L.name }).waitFor(WAIT);
  await page.locator("main .chart[data-drawn='1'] svg").waitFor(WAIT);
  await page.locator("main tr", { hasText: "Purchase request" }).filter({ hasText: "2" })
    .first().waitFor(WAIT);
}

async function phoneWidth(page: Page, base: string, urls: string[]) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 812 });
  for (const url of urls) {
    await page.goto(url.startsWith("http") ? url : `${base}${url}`);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 375, `${url} scrolls sideways at 375 px: ${width}`);
  }
  if (size) await page.setViewportSize(size);
}

browserTest(
  "workflow reports: build a report in the studio and view it (en, tr)",
  async (context) => {
    const tenant = await newTenant();
    const def = await seedDefinition(tenant, { name: "Purchase request" });
    await seedInstance(tenant, def, {
      state: "completed",
      startedAt: new Date(Date.now() - 5 * 3600_000),
      endedAt: new Date(),
    });
    await seedInstance(tenant, def);
    await withServer(context, async (base) => {
      const page = await context.newPage();
      await page.setViewportSize({ width: 1280, height: 900 });
      const problems = watch(page);
      await signIn(page, base, tenant.owner.email, tenant.slug);
      for (const lang of ["en", "tr"] as const) {
        let step = "build";
        try {
          await setLanguage(page, base, lang);
          const url = await build(page, base, lang);
          step = "view";
          await view(page, url, lang);
          step = "phone";
          await phoneWidth(page, base, [
            "/workflow/reports",
            "/workflow/admin/reports/new",
            url,
            `${url}/archive`,
          ]);
          assert.equal(await page.locator("html").getAttribute("lang"), lang);
        } catch (err) {
          await Deno.mkdir("/tmp/shots", { recursive: true });
          await page.screenshot({ path: `/tmp/shots/reports-failure-${lang}-${step}.png` });
          throw err;
        }
      }
      assert.deepEqual(problems, []);
    });
  },
);

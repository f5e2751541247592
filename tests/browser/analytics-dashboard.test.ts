/**
 * The analytics dashboard in a real browser, in English and in Turkish: an app with two sheets,
 * a bar chart of tickets by status and a KPI added through the page, a widget moved and resized
 * by dragging (the layout saved, read back through the API), a date filter, a click on a bar
 * drilling into its rows (and cross-filtering the sheet), and a new ticket refreshing the KPI
 * live over server-sent events. Nothing scrolls sideways at 375 px.
 */
import assert from "node:assert/strict";
import { browserTest, type Page } from "./browser.ts";
import { signIn, watch, withServer } from "./session.ts";
import { newTenant, testApp, type TestTenant } from "../helpers.ts";
import { customer, ticket } from "../support/fixtures.ts";
import { type Lang, setLanguage } from "./workflow.draw.ts";
import { Dispatcher } from "../../shared/jobs/dispatcher.ts";
import { RULES_DISPATCH_JOB } from "../../platform/notifications/rules.ts";
import { DELIVER_EVENT_JOB } from "../../app/event-delivery.ts";

const WAIT = { timeout: 30_000 };
const API = "/api/analytics";
const L = {
  en: { bar: "Tickets by status", kpi: "New tickets", noData: "No data", rows: /Open: \d+ rows/ },
  tr: {
    bar: "Duruma göre talepler",
    kpi: "Yeni talepler",
    noData: "veri yok",
    rows: /: \d+ kayıt/,
  },
} as const;

async function json(res: Response, status: number) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return text ? JSON.parse(text) : null;
}

async function addWidget(page: Page, fields: Record<string, string>) {
  await page.locator("[data-dialog-open='dash-add']").click();
  const form = page.locator("form[data-add-widget]");
  await form.locator("input[name='title']").fill(fields.title);
  await form.locator("select[name='chartType']").selectOption(fields.chartType);
  await form.locator("select[name='dataset']").selectOption("tickets");
  await form.locator("select[name='category']").selectOption(fields.category);
  await form.locator("select[name='fn']").selectOption("count");
  await Promise.all([page.waitForLoadState("load"), form.locator("button[type='submit']").click()]);
  await page.locator(".dash-widget", { hasText: fields.title }).waitFor(WAIT);
}

async function widgets(t: TestTenant, sheetId: string) {
  const list = await json(await t.owner.call("GET", `${API}/sheets/${sheetId}/widgets`), 200);
  return new Map<string, { x: number; y: number; w: number; h: number }>(
    list.items.map((w: { title: string }) => [w.title, w]),
  );
}

async function flow(page: Page, base: string, t: TestTenant, lang: Lang, customerId: string) {
  const { platform } = await testApp();
  const app = await json(
    await t.owner.call("POST", `${API}/apps`, { name: `Support ${lang}` }),
    201,
  );
  const sheet = await json(
    await t.owner.call("POST", `${API}/apps/${app.id}/sheets`, { name: "Overview" }),
    201,
  );
  await json(await t.owner.call("POST", `${API}/apps/${app.id}/sheets`, { name: "Trends" }), 201);
  const path = `${base}/analytics/apps/${app.id}/sheets/${sheet.id}`;
  await page.goto(path);
  await page.locator(".tabs a", { hasText: "Trends" }).waitFor(WAIT);

  await addWidget(page, { title: L[lang].bar, chartType: "bar", category: "status" });
  await addWidget(page, { title: L[lang].kpi, chartType: "kpi", category: "" });
  await page.locator(".dash-chart[data-hydrated='1']").waitFor(WAIT);

  // Arrange: drag the KPI beside the chart, then make the chart taller.
  const before = await widgets(t, sheet.id);
  await page.locator("[data-arrange]").click();
  const grid = (await page.locator(".grid-stack").boundingBox())!;
  const kpiHead = page.locator(".dash-widget", { hasText: L[lang].kpi }).locator("h2");
  const k = (await kpiHead.boundingBox())!;
  await page.mouse.move(k.x + 10, k.y + k.height / 2);
  await page.mouse.down();
  await page.mouse.move(grid.x + grid.width * 0.7, grid.y + 30, { steps: 12 });
  await page.mouse.move(grid.x + grid.width * 0.72, grid.y + 30, { steps: 4 });
  await page.mouse.up();
  await page.waitForFunction(
    () => /^\d+$/.test(document.querySelector<HTMLElement>(".dash")!.dataset.layoutSaved ?? ""),
    null,
    WAIT,
  );
  const barItem = page.locator(".grid-stack-item", { hasText: L[lang].bar });
  await barItem.hover();
  const handle = barItem.locator(".ui-resizable-se");
  const h = (await handle.boundingBox())!;
  await page.evaluate(() =>
    delete document.querySelector<HTMLElement>(".dash")!.dataset.layoutSaved
  );
  await page.mouse.move(h.x + h.width / 2, h.y + h.height / 2);
  await page.mouse.down();
  await page.mouse.move(h.x + h.width / 2, h.y + 160, { steps: 12 });
  await page.mouse.up();
  await page.waitForFunction(
    () => /^\d+$/.test(document.querySelector<HTMLElement>(".dash")!.dataset.layoutSaved ?? ""),
    null,
    WAIT,
  );
  const after = await widgets(t, sheet.id);
  assert.ok(
    after.get(L[lang].kpi)!.x >= 6,
    `KPI moved right: ${JSON.stringify(after.get(L[lang].kpi))}`,
  );
  assert.equal(after.get(L[lang].kpi)!.y, 0);
  assert.ok(after.get(L[lang].bar)!.h > before.get(L[lang].bar)!.h, "chart resized");
  await page.reload();
  await page.locator(`.grid-stack-item[gs-x='${after.get(L[lang].kpi)!.x}']`, {
    hasText: L[lang].kpi,
  }).waitFor(WAIT);

  // Date filter: a past year has no tickets; a wide range has them again.
  const filters = page.locator("form.dash-filters");
  await filters.locator("select[name='dateField']").selectOption("created_at");
  await filters.locator("input[name='from']").fill("2001-01-01");
  await filters.locator("input[name='to']").fill("2001-12-31");
  await Promise.all([
    page.waitForURL(/from=2001-01-01/),
    filters.locator("button[type='submit']").click(),
  ]);
  await page.locator(".dash-widget", { hasText: L[lang].bar }).getByText(L[lang].noData).waitFor(
    WAIT,
  );
  await page.locator("form.dash-filters input[name='from']").fill("2020-01-01");
  await page.locator("form.dash-filters input[name='to']").fill("2099-12-31");
  await Promise.all([
    page.waitForURL(/from=2020-01-01/),
    page.locator("form.dash-filters button[type='submit']").click(),
  ]);
  const chart = page.locator(".dash-widget", { hasText: L[lang].bar }).locator(
    ".dash-chart[data-hydrated='1']",
  );
  await chart.waitFor(WAIT);

  // Drill into the first bar, then filter the sheet by it.
  const point = await chart.evaluate((el) => {
    const c = (globalThis as unknown as {
      echarts: {
        getInstanceByDom(
          e: Element,
        ): {
          convertToPixel(f: unknown, v: unknown): number[];
          getOption(): { series: { data: number[] }[] };
        };
      };
    }).echarts.getInstanceByDom(el);
    const v = c.getOption().series[0].data[0];
    return c.convertToPixel({ seriesIndex: 0 }, [0, v / 2]);
  });
  const box = (await chart.boundingBox())!;
  await page.mouse.click(box.x + point[0], box.y + point[1]);
  const drill = page.locator("#dash-drill");
  await drill.getByText(L[lang].rows).waitFor(WAIT);
  await Promise.all([
    page.waitForURL(/where=status%3Aacik/),
    drill.locator("[data-cross-filter]").click(),
  ]);
  await page.locator(".dash-chips li").first().waitFor(WAIT);

  // Live: a new ticket refreshes the KPI without reloading (filters kept).
  const kpiValue = page.locator(".dash-widget", { hasText: L[lang].kpi }).locator(".kpi-value");
  await page.waitForFunction(
    () => document.querySelector<HTMLElement>(".dash")!.dataset.live === "ready",
    null,
    WAIT,
  );
  const was = Number((await kpiValue.textContent())!.replace(/\D/g, ""));
  await ticket(t.owner, customerId, { subject: `Live ${lang}` });
  const d = new Dispatcher(platform.db, platform.jobs, {
    onlyNames: [RULES_DISPATCH_JOB, DELIVER_EVENT_JOB],
  });
  await d.drain();
  await d.drain();
  await page.waitForFunction(
    (n) =>
      Number(document.querySelector(".dash-kpi .kpi-value")?.textContent?.replace(/\D/g, "")) === n,
    was + 1,
    WAIT,
  );
  assert.match(page.url(), /where=status%3Aacik/, "filters kept");

  // A phone: one column, nothing sideways.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await page.locator(".dash-widget", { hasText: L[lang].kpi }).waitFor(WAIT);
  // One column: every widget starts at the grid's left edge.
  await page.waitForFunction(
    () => {
      const lefts = [...document.querySelectorAll(".grid-stack-item")].map((e) =>
        Math.round(e.getBoundingClientRect().left)
      );
      return lefts.length > 1 && new Set(lefts).size === 1;
    },
    null,
    WAIT,
  );
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 375, `dashboard scrolls sideways at 375 px: ${width}`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

browserTest(
  "analytics dashboard: widgets, layout, filters, drill, live refresh (en, tr)",
  async (context) => {
    const t = await newTenant();
    const c = await customer(t.owner);
    await ticket(t.owner, c.id, { subject: "First" });
    await ticket(t.owner, c.id, { subject: "Second" });
    await withServer(context, async (base) => {
      const page = await context.newPage();
      await page.setViewportSize({ width: 1280, height: 900 });
      const problems = watch(page);
      await signIn(page, base, t.owner.email, t.slug);
      for (const lang of ["en", "tr"] as const) {
        try {
          await setLanguage(page, base, lang);
          await flow(page, base, t, lang, c.id);
        } catch (err) {
          await Deno.mkdir("/tmp/shots", { recursive: true });
          await page.screenshot({ path: `/tmp/shots/analytics-dashboard-${lang}.png` });
          throw err;
        }
      }
      assert.deepEqual(problems, []);
    });
  },
);

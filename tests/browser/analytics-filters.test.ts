/**
 * Dashboard filters saved with the sheet, in a real browser, in English and in Turkish: an
 * editor defines a filter in the "Edit filters" dialog and maps it to two widgets on
 * different data (tickets by customer, customers by name), saves, picks a value in the bar
 * (htmx swaps the bar, pushes the address and reloads the widgets), reloads the page without
 * the address's values: the value is remembered and both widgets are narrowed while an
 * unmapped widget is not. Back returns to the earlier value; a range of chosen dates narrows
 * too; "reset to defaults" brings the defaults back.
 * Screenshots with FILTERS_SHOTS=/tmp/shots-filters.
 */
import assert from "node:assert/strict";
import { browserTest, type Page } from "./browser.ts";
import { checkPage, htmxIdle, signIn, watch, withServer } from "./session.ts";
import { newTenant, type TestTenant } from "../helpers.ts";
import { customer, ticket } from "../support/fixtures.ts";
import { type Lang, setLanguage } from "./workflow.draw.ts";

const WAIT = { timeout: 30_000 };
const API = "/api/analytics";
const SHOTS = Deno.env.get("FILTERS_SHOTS");
const L = {
  en: {
    newFilter: "New filter",
    edit: "Edit filters",
    label: "Customer",
    add: "Add filter",
    reset: "Reset to defaults",
  },
  tr: {
    newFilter: "Yeni filtre",
    edit: "Filtreleri düzenle",
    label: "Müşteri",
    add: "Filtre ekle",
    reset: "Varsayılanlara dön",
  },
} as const;

async function json(res: Response, status: number) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return text ? JSON.parse(text) : null;
}

const count = (dataset: string, title: string, x: number) => ({
  title,
  chartType: "table",
  query: { source: { kind: "dataset", name: dataset }, aggregates: [{ fn: "count", as: "n" }] },
  x,
  y: 0,
  w: 4,
  h: 2,
});

/** The number a count widget shows (its table's only cell). */
const shown = (page: Page, title: string) =>
  page.locator(`.dash-widget[aria-label="${title}"] td`).first();

async function expectCounts(page: Page, want: [string, string][]) {
  for (const [title, n] of want) {
    await page.waitForFunction(
      ([title, n]) =>
        document.querySelector(`.dash-widget[aria-label="${title}"] td`)?.textContent?.trim() === n,
      [title, n],
      WAIT,
    ).catch(async () => {
      assert.fail(`${title} shows ${await shown(page, title).textContent()}, not ${n}`);
    });
  }
}

async function flow(page: Page, base: string, t: TestTenant, lang: Lang) {
  const app = await json(await t.owner.call("POST", `${API}/apps`, { name: `Sales ${lang}` }), 201);
  const sheet = await json(
    await t.owner.call("POST", `${API}/apps/${app.id}/sheets`, { name: "Overview" }),
    201,
  );
  const add = async (body: unknown) =>
    await json(await t.owner.call("POST", `${API}/sheets/${sheet.id}/widgets`, body), 201);
  const tickets = await add(count("tickets", "Tickets", 0));
  const customers = await add(count("customers", "Customers", 4));
  await add(count("tickets", "All tickets", 8));
  // A date filter from the API as well, so the bar shows a relative range.
  await json(
    await t.owner.call("POST", `${API}/sheets/${sheet.id}/filters`, {
      label: lang === "en" ? "Created" : "Oluşturulma",
      kind: "date",
      defaultValue: { kind: "date", preset: "thisYear" },
      mappings: [
        { widgetId: tickets.id, field: "created_at" },
        { widgetId: customers.id, field: "created_at" },
      ],
    }),
    201,
  );
  const path = `${base}/analytics/apps/${app.id}/sheets/${sheet.id}`;
  await page.goto(path);
  await expectCounts(page, [["Tickets", "3"], ["Customers", "2"], ["All tickets", "3"]]);

  // Define the filter in the dialog and map it to two widgets' different fields.
  await page.getByRole("button", { name: L[lang].edit }).click();
  const dialog = page.locator("#sheet-filters-edit");
  await dialog.waitFor({ state: "visible", ...WAIT });
  await dialog.locator("summary", { hasText: L[lang].newFilter }).click();
  const form = dialog.locator("details[open] form[data-filter-form]");
  await form.locator("input[name='label']").fill(L[lang].label);
  await form.locator("select[name='kind']").selectOption("choice");
  await form.locator(`select[name='map.${tickets.id}']`).selectOption("customer");
  await form.locator(`select[name='map.${customers.id}']`).selectOption("name");
  if (SHOTS) await checkPage(page, SHOTS, `analytics-filters-dialog-${lang}`);
  await Promise.all([
    page.waitForURL(path, WAIT),
    form.getByRole("button", { name: L[lang].add }).click(),
  ]);
  await page.waitForLoadState("load");

  // Choose a value: both mapped widgets narrow, the unmapped one does not.
  const select = page.locator("#sheet-filters select[name^='v.']");
  await select.selectOption({ label: "Acme" });
  await page.waitForURL(/sf=/, WAIT);
  await expectCounts(page, [["Tickets", "2"], ["Customers", "1"], ["All tickets", "3"]]);
  await htmxIdle(page);

  // Reload without the address's values: remembered for this user.
  await page.goto(path);
  await expectCounts(page, [["Tickets", "2"], ["Customers", "1"], ["All tickets", "3"]]);
  assert.equal(
    await page.locator("#sheet-filters select[name^='v.']")
      .evaluate((s) => (s as HTMLSelectElement).selectedOptions[0].textContent),
    "Acme",
  );
  await page.waitForURL(/sf=/, WAIT);
  await checkPage(page, SHOTS, `analytics-filters-${lang}`);

  // Another value, then back: the address (and the widgets) return to the first.
  await page.locator("#sheet-filters select[name^='v.']")
    .selectOption({ label: "Beta" });
  await expectCounts(page, [["Tickets", "1"], ["Customers", "1"], ["All tickets", "3"]]);
  await htmxIdle(page);
  await page.goBack();
  await page.waitForLoadState("load");
  await expectCounts(page, [["Tickets", "2"], ["Customers", "1"], ["All tickets", "3"]]);

  // A date range from chosen dates: picking "chosen dates" waits for a date, then narrows.
  const preset = page.locator("#sheet-filters select[name^='preset.']");
  const from = page.locator("#sheet-filters input[name^='from.']");
  assert.equal(await from.isVisible(), false, "a preset hides the dates");
  await preset.selectOption("dates");
  await from.waitFor({ state: "visible", ...WAIT });
  await from.fill("2099-01-01");
  await expectCounts(page, [["Tickets", "0"], ["Customers", "0"], ["All tickets", "3"]]);
  await htmxIdle(page);

  // Reset to defaults: no customer chosen, the date default stays.
  await page.getByRole("button", { name: L[lang].reset }).click();
  await expectCounts(page, [["Tickets", "3"], ["Customers", "2"], ["All tickets", "3"]]);
  await htmxIdle(page);
}

browserTest(
  "analytics sheet filters: define, map, remember, back, reset (en, tr)",
  async (context) => {
    const t = await newTenant();
    const acme = await customer(t.owner, { name: "Acme" });
    const beta = await customer(t.owner, { name: "Beta" });
    await ticket(t.owner, acme.id, { subject: "One" });
    await ticket(t.owner, acme.id, { subject: "Two" });
    await ticket(t.owner, beta.id, { subject: "Three" });
    await withServer(context, async (base) => {
      const page = await context.newPage();
      await page.setViewportSize({ width: 1280, height: 900 });
      const problems = watch(page);
      await signIn(page, base, t.owner.email, t.slug);
      for (const lang of ["en", "tr"] as const) {
        try {
          await setLanguage(page, base, lang);
          await flow(page, base, t, lang);
        } catch (err) {
          await Deno.mkdir("/tmp/shots", { recursive: true });
          await page.screenshot({
            path: `/tmp/shots/analytics-filters-${lang}.png`,
            fullPage: true,
          });
          throw err;
        }
      }
      assert.deepEqual(problems, []);
    });
  },
);

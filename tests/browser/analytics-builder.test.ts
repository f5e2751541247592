/**
 * The add-widget dialog in a real browser, in English and in Turkish: a widget built from a
 * tenant table (grouped by a field its relation brings, a sum, a filter) and one from a saved
 * SQL question, each previewed in the dialog and then seen drawn on the sheet; an external
 * source's tables offered schema → table; the sheets reordered by dragging a row on the
 * application page (saved, read back through the API). Screenshots with BUILDER_SHOTS.
 */
import assert from "node:assert/strict";
import { browserTest, type Page } from "./browser.ts";
import { checkPage, htmxIdle, signIn, watch, withServer } from "./session.ts";
import { newTenant, testApp, type TestTenant } from "../helpers.ts";
import { type Lang, setLanguage } from "./workflow.draw.ts";
import { EXT_DB, pgUp, preparePg, READER } from "../analytics/sources.fixture.ts";

const WAIT = { timeout: 30_000 };
const API = "/api/analytics";
const SHOTS = Deno.env.get("BUILDER_SHOTS");
const L = {
  en: { table: "Amount by manager", question: "Deals per region" },
  tr: { table: "Yöneticiye göre tutar", question: "Bölgeye göre anlaşmalar" },
} as const;

async function json(res: Response, status: number) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return text ? JSON.parse(text) : null;
}

async function setUp(t: TestTenant) {
  const app = await json(await t.owner.call("POST", `${API}/apps`, { name: "Sales" }), 201);
  const sheets = [];
  for (const name of ["First", "Second", "Third"]) {
    sheets.push(
      await json(await t.owner.call("POST", `${API}/apps/${app.id}/sheets`, { name }), 201),
    );
  }
  const deals = await json(
    await t.owner.call("POST", `${API}/app-tables`, {
      name: "Deals",
      columns: [
        { name: "region", label: "Region", type: "text" },
        { name: "amount", label: "Amount", type: "number" },
        { name: "closed_on", label: "Closed on", type: "date" },
      ],
    }),
    201,
  );
  const regions = await json(
    await t.owner.call("POST", `${API}/app-tables`, {
      name: "Regions",
      columns: [
        { name: "code", label: "Code", type: "text" },
        { name: "manager", label: "Manager", type: "text" },
      ],
    }),
    201,
  );
  for (
    const data of [
      { region: "N", amount: 10, closed_on: "2026-01-05" },
      { region: "N", amount: 5, closed_on: "2026-02-05" },
      { region: "S", amount: 7, closed_on: "2026-02-07" },
    ]
  ) {
    await json(await t.owner.call("POST", `${API}/app-tables/${deals.id}/rows`, { data }), 201);
  }
  for (const data of [{ code: "N", manager: "Ayşe" }, { code: "S", manager: "Bora" }]) {
    await json(await t.owner.call("POST", `${API}/app-tables/${regions.id}/rows`, { data }), 201);
  }
  await json(
    await t.owner.call("POST", `${API}/app-relations`, {
      name: "reg",
      left: { source: { kind: "table", id: deals.id }, field: "region" },
      right: { source: { kind: "table", id: regions.id }, field: "code" },
    }),
    201,
  );
  const question = await json(
    await t.owner.call("POST", `${API}/questions`, {
      name: "Deals per region",
      sql: "select 'North' as region, 2 as deals union all select 'South', 1",
      params: [],
    }),
    201,
  );
  let source = null;
  if (pgUp) {
    await preparePg();
    const { platform } = await testApp();
    (platform.config as { ANALYTICS_SOURCE_ALLOW: string }).ANALYTICS_SOURCE_ALLOW = "127.0.0.1/32";
    source = await json(
      await t.owner.call("POST", `${API}/sources`, {
        name: "Warehouse",
        engine: "postgres",
        host: "127.0.0.1",
        port: 5432,
        database: EXT_DB,
        username: READER.username,
        password: READER.password,
        options: { statementTimeoutMs: 2000, rowCap: 100 },
      }),
      201,
    );
  }
  return { app, sheets, deals, question, source };
}

/** Picks a source and waits for its fields to be swapped in. */
async function chooseSource(page: Page, value: string, ready: string) {
  const form = page.locator("#dash-add-form");
  await form.locator("select[name='source']").selectOption(value);
  await htmxIdle(page);
  await form.locator(ready).waitFor({ state: "attached", ...WAIT });
}

/** Chooses a select's option and waits until htmx has swapped the fields part. */
async function pick(page: Page, name: string, value: string, then: string) {
  const form = page.locator("#dash-add-form");
  await form.locator(`select[name='${name}']`).selectOption(value);
  await htmxIdle(page);
  await form.locator(then).waitFor({ state: "attached", ...WAIT });
}

async function openDialog(page: Page) {
  await page.locator("[data-dialog-open='dash-add']").click();
  await page.locator("#dash-add[open]").waitFor(WAIT);
}

async function preview(page: Page) {
  await page.locator("#dash-add-form [data-builder-preview]").click();
  await page.locator("#dash-add-form-preview [data-preview-done]").waitFor(WAIT);
}

async function save(page: Page, title: string) {
  await Promise.all([
    page.waitForLoadState("load"),
    page.locator("#dash-add-form button[type='submit']").click(),
  ]);
  await page.locator(".dash-widget", { hasText: title }).locator("svg").first().waitFor(WAIT);
}

async function flow(
  page: Page,
  base: string,
  t: TestTenant,
  lang: Lang,
  s: Awaited<ReturnType<typeof setUp>>,
) {
  const sheet = s.sheets[lang === "en" ? 0 : 1];
  await page.goto(`${base}/analytics/apps/${s.app.id}/sheets/${sheet.id}`);

  // A tenant table: a related table's field to group by, a sum of a number field, a filter.
  await openDialog(page);
  await page.locator("#dash-add-form input[name='title']").fill(L[lang].table);
  await chooseSource(
    page,
    `table:${s.deals.id}`,
    "select[name='group'] option[value='reg.manager']",
  );
  await pick(page, "group", "reg.manager", "select[name='fn']");
  await pick(page, "fn", "sum", "select[name='measure'] option[value='amount']");
  await page.locator("#dash-add-form select[name='measure']").selectOption("amount");
  await pick(page, "filter0Field", "amount", "select[name='filter0Op']");
  await pick(page, "filter0Op", "gt", "input[name='filter0Value'][type='number']");
  await page.locator("#dash-add-form input[name='filter0Value']").fill("4");
  await preview(page);
  assert.match(await page.locator("#dash-add-form-preview").innerText(), /Ayşe/);
  await checkPage(page, SHOTS, `builder-table-${lang}`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await save(page, L[lang].table);

  // A saved question: its result columns are the fields.
  await openDialog(page);
  await page.locator("#dash-add-form input[name='title']").fill(L[lang].question);
  await page.locator("#dash-add-form select[name='chartType']").selectOption("pie");
  await htmxIdle(page);
  await chooseSource(
    page,
    `question:${s.question.id}`,
    "select[name='group'] option[value='region']",
  );
  await pick(page, "group", "region", "select[name='fn']");
  await pick(page, "fn", "sum", "select[name='measure'] option[value='deals']");
  await page.locator("#dash-add-form select[name='measure']").selectOption("deals");
  await preview(page);
  await checkPage(page, SHOTS, `builder-question-${lang}`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await save(page, L[lang].question);

  // Both drawn on the sheet, as the API stored them.
  const list = await json(await t.owner.call("GET", `${API}/sheets/${sheet.id}/widgets`), 200);
  assert.deepEqual(
    list.items.map((w: { query: { source: { kind: string } } }) => w.query.source.kind),
    ["table", "question"],
  );

  // An external source: schema → table, then its columns.
  if (s.source) {
    await openDialog(page);
    await page.locator("#dash-add-form input[name='title']").fill("Items");
    await chooseSource(page, `external:${s.source.id}`, "select[name='extTable']");
    await pick(
      page,
      "extTable",
      JSON.stringify(["public", "items"]),
      "select[name='group'] option[value='status']",
    );
    await page.locator("#dash-add-form select[name='group']").selectOption("status");
    await preview(page);
    await checkPage(page, SHOTS, `builder-external-${lang}`);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.locator("#dash-add [data-dialog-close]").click();
  }

  // Editing a widget opens the same form, filled in.
  await page.locator(`[data-edit-widget='${list.items[0].id}']`).click();
  await page.locator("#dash-edit-form input[name='title']").waitFor(WAIT);
  assert.equal(
    await page.locator("#dash-edit-form input[name='title']").inputValue(),
    L[lang].table,
  );
  await page.locator("#dash-edit [data-dialog-close]").click();
}

/** Drags the last sheet's row above the first on the application page (Sortable). */
async function reorderSheets(page: Page, base: string, t: TestTenant, appId: string) {
  await page.goto(`${base}/analytics/apps/${appId}`);
  const rows = page.locator("[data-sheet-order] tr[data-sheet-id]");
  await rows.first().waitFor(WAIT);
  const ids = await rows.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.sheetId));
  const from = (await rows.last().locator("[data-drag-handle]").boundingBox())!;
  const to = (await rows.first().boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  const x = from.x + from.width / 2;
  for (let i = 1; i <= 12; i++) {
    await page.mouse.move(
      x,
      from.y + from.height / 2 + (to.y + 4 - from.y - from.height / 2) * i / 12,
    );
  }
  // Sortable moves the row while it handles the pointer's moves, and on a busy machine the last
  // ones may not have been handled yet: keep the pointer over the first row (a pixel back and
  // forth, so each move is an event) until the dragged row leads, then let go.
  for (let i = 0; i < 40 && await rows.first().getAttribute("data-sheet-id") !== ids.at(-1); i++) {
    await page.mouse.move(x, to.y + 4 + (i % 2));
    await page.waitForTimeout(50);
  }
  await Promise.all([page.waitForEvent("load", WAIT), page.mouse.up()]);
  const order = await json(await t.owner.call("GET", `${API}/apps/${appId}/sheets`), 200);
  assert.deepEqual(
    order.items.map((x: { id: string }) => x.id),
    [ids[2], ids[0], ids[1]],
    "the dragged sheet comes first, saved",
  );
  await checkPage(page, SHOTS, "builder-sheets-order");
  await page.setViewportSize({ width: 1280, height: 900 });
}

browserTest(
  "analytics builder: widgets from a tenant table and a saved question; sheets by drag",
  async (context) => {
    const t = await newTenant();
    const s = await setUp(t);
    await withServer(context, async (base) => {
      const page = await context.newPage();
      await page.setViewportSize({ width: 1280, height: 900 });
      const problems = watch(page);
      await signIn(page, base, t.owner.email, t.slug);
      for (const lang of ["en", "tr"] as const) {
        try {
          await setLanguage(page, base, lang);
          await flow(page, base, t, lang, s);
        } catch (err) {
          await Deno.mkdir("/tmp/shots", { recursive: true });
          await page.screenshot({ path: `/tmp/shots/analytics-builder-${lang}.png` });
          throw err;
        }
      }
      await reorderSheets(page, base, t, s.app.id);
      assert.deepEqual(problems, []);
    });
  },
);

/**
 * The data query builder in a real browser: choose the source and model, add a filter, run the
 * preview (htmx fills the result table below the form), save, and find the query in the list.
 * No page scrolls sideways at 375 px.
 */
import assert from "node:assert/strict";
import { AXE, browserTest } from "./browser.ts";
import { signIn, watch, withServer } from "./session.ts";
import { newTenant } from "../helpers.ts";

const WAIT = { timeout: 30_000 };
const ADMIN = "/workflow/admin/data-queries";

browserTest("data queries: build, run and save a query", async (context) => {
  const t = await newTenant();
  const made = await t.owner.call("POST", "/api/workflow/data-models", {
    key: "expense",
    name: "Expense",
    fields: [
      { name: "title", label: "Title", type: "text", required: true },
      { name: "amount", label: "Amount", type: "number", required: true },
    ],
  });
  assert.equal(made.status, 201, await made.text());
  for (const [title, amount] of [["Taxi", 30], ["Hotel", 240], ["Flight", 410]] as const) {
    const res = await t.owner.call("POST", "/api/workflow/data-models/expense/records", {
      data: { title, amount },
    });
    assert.equal(res.status, 201, await res.text());
  }
  await withServer(context, async (base) => {
    const page = await context.newPage();
    const problems = watch(page);
    await signIn(page, base, t.owner.email, t.slug);
    await page.goto(`${base}${ADMIN}`);
    await page.getByRole("link", { name: "New query" }).click();
    await page.getByLabel("Data model").selectOption("expense");
    await page.getByRole("button", { name: "Use this source" }).click();
    await page.getByLabel("Filter 1: field").selectOption("amount");
    await page.getByLabel("Filter 1: comparison").selectOption("gte");
    await page.getByLabel("Filter 1: value").fill("{min}");
    await page.getByLabel("Parameter 1: name").fill("min");
    await page.getByLabel("Parameter 1: label").fill("Minimum");
    await page.getByLabel("Parameter 1: type").selectOption("number");
    await page.getByLabel("Parameter 1: value for Run").fill("200");
    await page.locator('input[name="key"]').fill("big_expenses");
    await page.locator('input[name="name"]').fill("Big expenses");
    await page.getByRole("button", { name: "Run" }).click();
    const result = page.locator("#query-result");
    await result.waitFor(WAIT);
    const text = await result.innerText();
    assert.ok(text.includes("Hotel") && text.includes("Flight"), text);
    assert.ok(!text.includes("Taxi"), text);

    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(`${base}${ADMIN}/big_expenses`, WAIT);
    await page.goto(`${base}${ADMIN}`);
    await page.getByRole("link", { name: "Big expenses" }).waitFor(WAIT);
    assert.deepEqual(problems, []);

    // axe-core finds nothing serious on the list and the builder (with a result shown).
    for (const path of [ADMIN, `${ADMIN}/big_expenses`]) {
      await page.goto(`${base}${path}`);
      if (path !== ADMIN) {
        await page.getByRole("button", { name: "Run" }).click();
        await page.locator("#query-result").waitFor(WAIT);
      }
      // Injected through the debugging protocol, which our CSP does not govern.
      await page.evaluate(AXE);
      const found = await page.evaluate(async () => {
        type Violation = { id: string; impact: string | null };
        type Axe = { run(ctx: Document, opts: unknown): Promise<{ violations: Violation[] }> };
        const axe = (globalThis as unknown as { axe: Axe }).axe;
        return (await axe.run(document, { resultTypes: ["violations"] })).violations
          .filter((x) => x.impact === "serious" || x.impact === "critical").map((x) => x.id);
      });
      assert.deepEqual(found, [], path);
    }

    await page.setViewportSize({ width: 375, height: 800 });
    for (const path of [ADMIN, `${ADMIN}/big_expenses`, `${ADMIN}/new?source=tasks`]) {
      await page.goto(`${base}${path}`);
      await page.locator("main").waitFor(WAIT);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 375, `${path} scrolls sideways at 375 px: ${width}`);
    }
  });
});

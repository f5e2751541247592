/**
 * Saved task filters and the workflow settings page in a real browser, in English and Turkish:
 * narrowing My tasks, saving the view as a shared filter, picking it again, stopping the share
 * and deleting it; the history time to live default saved on the settings page. Axe-clean,
 * nothing scrolls sideways at 375 px. With FILTER_SHOTS=<dir> the pages are saved at 1280 and
 * 375 px, light and dark.
 */
import assert from "node:assert/strict";
import { browserTest, type Page } from "./browser.ts";
import { checkPage, htmxIdle, language, signIn, watch, withServer } from "./session.ts";
import { newTenant, testApp } from "../helpers.ts";
import { withScope } from "../../shared/db/scope.ts";
import { cleanHistory } from "../../modules/workflow/cleanup/cleanup.service.ts";
import { newTask } from "../workflow/tasks.fixtures.ts";

const SHOTS = Deno.env.get("FILTER_SHOTS");
const WAIT = { timeout: 30_000 };

/** Also a phone-width shot once the sidebar has finished sliding shut (checkPage's may not). */
async function settledShot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.setViewportSize({ width: 375, height: 812 });
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${SHOTS}/${name}-375-settled.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Narrows the list to critical tasks, saves it under `name` (shared), lands on it. */
async function saveCritical(page: Page, labels: Record<string, string>, name: string) {
  await page.locator("form.filters").getByLabel(labels.priority).selectOption("kritik");
  await htmxIdle(page);
  await page.locator("#tasks").getByText("Server down").waitFor(WAIT);
  assert.equal(await page.locator("#tasks").getByText("Order paper").count(), 0);
  await page.getByRole("button", { name: labels.save }).first().click();
  const dialog = page.locator("dialog[open]");
  await dialog.getByLabel(labels.name).fill(name);
  await dialog.getByLabel(labels.share).check();
  await Promise.all([
    page.waitForURL(/\/workflow\/my-tasks\?priority=kritik&filter=/, WAIT),
    dialog.getByRole("button", { name: labels.save }).click(),
  ]);
  await htmxIdle(page);
}

browserTest("workflow task filters and settings (en, tr)", async (context) => {
  const t = await newTenant();
  await newTask(t.owner, { assignee: t.owner.id, name: "Server down", priority: "kritik" });
  await newTask(t.owner, { assignee: t.owner.id, name: "Order paper", priority: "dusuk" });
  await withServer(context, async (base) => {
    const page = await context.newPage();
    const problems = watch(page);
    await language(context, base, "en");
    await signIn(page, base, t.owner.email, t.slug);
    await page.goto(`${base}/workflow/my-tasks`);
    assert.match(await page.locator("main").innerText(), /No saved filters yet/);
    const en = {
      priority: "Priority",
      save: "Save filter",
      name: "Name",
      share: "Share with everyone who works on tasks",
    };
    await saveCritical(page, en, "Critical work");
    const picked = page.locator('#task-filter-bar a[aria-current="page"]');
    assert.equal((await picked.innerText()).trim(), "Critical work");
    assert.match(
      await page.locator("#task-filter-bar").innerText(),
      /Filter Critical work[\s\S]*Shared/,
    );
    assert.equal(await page.locator("#tasks").getByText("Order paper").count(), 0);
    await checkPage(page, SHOTS, "filters-en");
    await settledShot(page, "filters-en");

    // Back to the whole list, then the saved filter brings the narrowed one back.
    await page.goto(`${base}/workflow/my-tasks`);
    await page.locator("#tasks").getByText("Order paper").waitFor(WAIT);
    await page.getByRole("link", { name: "Critical work" }).click();
    await page.waitForURL(/filter=/, WAIT);
    assert.equal(await page.locator("#tasks").getByText("Order paper").count(), 0);
    await page.getByRole("button", { name: "Stop sharing" }).click();
    await page.getByRole("button", { name: "Share", exact: true }).waitFor(WAIT);
    await page.getByRole("button", { name: "Delete filter" }).click();
    await page.waitForURL(`${base}/workflow/my-tasks?priority=kritik`, WAIT);
    assert.match(await page.locator("main").innerText(), /No saved filters yet/);

    // Settings: the history time to live default.
    await page.goto(`${base}/workflow/admin/settings`);
    assert.match(await page.locator("main").innerText(), /Nothing is deleted/);
    await page.getByLabel("Keep finished processes for (days)").fill("90");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Settings saved.").waitFor(WAIT);
    assert.match(await page.locator("main").innerText(), /deleted after 90 days/);
    await checkPage(page, SHOTS, "settings-en");
    await settledShot(page, "settings-en");

    // A night's cleanup run, as the audit monitor shows it.
    const { platform } = await testApp();
    await cleanHistory((fn) => withScope(platform.db.sql, { tenantId: t.id }, fn));
    await page.getByRole("link", { name: "Each night's cleanup is listed in the audit monitor." })
      .click();
    await page.waitForURL(/\/workflow\/admin\/audit\?category=cleanup/, WAIT);
    assert.match(
      await page.locator("main").innerText(),
      /cleaned up the history of finished processes[\s\S]*Finished processes deleted[\s\S]*changed the workflow settings/,
    );
    await checkPage(page, SHOTS, "audit-cleanup-en");
    await settledShot(page, "audit-cleanup-en");

    await language(context, base, "tr");
    await signIn(page, base, t.owner.email, t.slug);
    await page.goto(`${base}/workflow/my-tasks`);
    const tr = {
      priority: "Öncelik",
      save: "Filtreyi kaydet",
      name: "Ad",
      share: "Görevlerle çalışan herkesle paylaş",
    };
    await saveCritical(page, tr, "Kritik işler");
    assert.match(
      await page.locator("#task-filter-bar").innerText(),
      /Kritik işler filtresi[\s\S]*Paylaşılan/,
    );
    await checkPage(page, SHOTS, "filters-tr");
    await settledShot(page, "filters-tr");
    await page.goto(`${base}/workflow/admin/settings`);
    assert.match(await page.locator("main").innerText(), /90 gün sonra silinir/);
    await checkPage(page, SHOTS, "settings-tr");
    await settledShot(page, "settings-tr");
    assert.deepEqual(problems, []);
  });
});

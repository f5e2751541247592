/**
 * Tenant administration in a real browser: the platform operator opens /admin/tenants,
 * creates a tenant through the dialog, suspends it after confirming, and sees its badge turn
 * to "Suspended". No console errors, CSP violations, foreign requests or error responses.
 */
import assert from "node:assert/strict";
import { browserTest } from "./browser.ts";
import { watch, withServer } from "./session.ts";
import { testApp, unique } from "../helpers.ts";

browserTest("tenants: operator creates a tenant in the dialog, suspends it, badge changes", async (
  context,
) => {
  const { platform } = await testApp();
  await withServer(context, async (base) => {
    const page = await context.newPage();
    const problems = watch(page);

    // The bootstrap owner is the platform operator.
    await page.goto(`${base}/login`);
    await page.locator("#email").fill(platform.config.ADMIN_EMAIL);
    await page.locator("#password").fill("bootstrap-password");
    await Promise.all([
      page.waitForURL(`${base}/`),
      page.locator('main form[action="/login"] button[type="submit"]').click(),
    ]);

    await page.goto(`${base}/admin/tenants`);
    assert.equal(await page.locator("main h1").innerText(), "Tenants");

    // Create through the dialog (htmx posts the form; the answer replaces it in place).
    const slug = unique("browser").toLowerCase().slice(0, 40);
    await page.locator('[data-dialog-open="new-tenant"]').click();
    const dialog = page.locator("dialog#new-tenant");
    await dialog.waitFor({ state: "visible" });
    await dialog.locator('input[name="name"]').fill("Tarayıcı Ltd.");
    await dialog.locator('input[name="slug"]').fill(slug);
    await dialog.locator('input[name="ownerEmail"]').fill(`${slug}@example.test`);
    await dialog.locator('input[name="ownerName"]').fill("Ayşe Öztürk");
    await dialog.locator('input[name="ownerPassword"]').fill("owner-password-1");
    await dialog.locator('button[type="submit"]').click();
    await dialog.getByText("Tarayıcı Ltd. was created.").waitFor({ state: "visible" });
    await Promise.all([
      page.waitForURL(`${base}/admin/tenants`),
      dialog.getByRole("link", { name: "Done" }).click(),
    ]);

    const badge = page.locator(`[data-tenant-status="${slug}"] .badge`);
    assert.equal(await badge.innerText(), "Active");

    // Suspend, confirmed in the row's dialog.
    const row = page.locator("#tenants tbody tr", { has: badge });
    await row.locator('[data-dialog-open^="suspend-"]').click();
    const confirm = page.locator("dialog[open]");
    await confirm.getByText("Suspend Tarayıcı Ltd.?").waitFor({ state: "visible" });
    await Promise.all([
      page.waitForURL(/\/admin\/tenants\?suspended=/),
      confirm.locator('button[type="submit"]').click(),
    ]);
    assert.equal(await badge.innerText(), "Suspended");
    await page.getByText("Tarayıcı Ltd. is suspended.").first().waitFor({ state: "attached" });
    assert.equal(await row.locator('[data-dialog-open^="reactivate-"]').innerText(), "Reactivate");

    assert.deepEqual(problems, []);
  });
});

/**
 * Documents in a real browser: upload two files with a progress bar each, create a folder,
 * move a file into it, share it by public link with an expiry, open the link in a fresh
 * browser context (no session), delete the file and restore it from the trash.
 */
import assert from "node:assert/strict";
import { browserTest, openBrowser } from "./browser.ts";
import { signIn, watch, withServer } from "./session.ts";
import { newTenant } from "../helpers.ts";
import { Buffer } from "node:buffer";

browserTest("documents: upload, folder, move, public link, trash and restore", async (context) => {
  const tenant = await newTenant();
  await withServer(context, async (base) => {
    const page = await context.newPage();
    const problems = watch(page);
    await signIn(page, base, tenant.owner.email, tenant.slug);
    await page.goto(`${base}/documents/files`);
    await page.locator(".docs-empty").waitFor();

    // Two files at once: each gets its own progress bar, then the list refreshes (htmx).
    await page.locator("#docs-files").setInputFiles([
      { name: "rapor-1.txt", mimeType: "text/plain", buffer: Buffer.from("bir") },
      { name: "Çeyrek özet.txt", mimeType: "text/plain", buffer: Buffer.from("iki") },
    ]);
    await page.locator("form.docs-upload button[type=submit]").click();
    await page.locator("#docs-rows tr", { hasText: "Çeyrek özet.txt" }).waitFor();
    assert.equal(await page.locator("#docs-rows tr").count(), 2);
    // The list was refreshed alone: the two finished progress bars are still there.
    assert.equal(await page.locator(".docs-progress li.done progress").count(), 2);

    // A folder, created through the toolbar (htmx swap of the panel).
    await page.locator("#new-folder").fill("Raporlar");
    await page.locator("#new-folder").press("Enter");
    const folderLink = page.locator(".docs-tree a", { hasText: "Raporlar" });
    await folderLink.waitFor();

    // Move rapor-1.txt into it.
    const row = page.locator("#docs-rows tr", { hasText: "rapor-1.txt" });
    await row.locator("select[name=folderId]").selectOption({ label: "Raporlar" });
    await row.locator("button", { hasText: "Move" }).click();
    await page.locator("#docs-rows tr", { hasText: "rapor-1.txt" }).waitFor({ state: "detached" });
    await Promise.all([page.waitForURL(/folder=/), folderLink.click()]);
    const moved = page.locator("#docs-rows tr", { hasText: "rapor-1.txt" });
    await moved.waitFor();

    // Open it and share it by public link with an expiry date.
    await Promise.all([
      page.waitForURL(/file=/),
      moved.locator("a", { hasText: "rapor-1.txt" }).click(),
    ]);
    await page.locator(".docs-detail").waitFor();
    const tomorrow = new Date(Date.now() + 86400_000).toISOString().slice(0, 10);
    await page.locator("#share-kind").selectOption("public");
    await page.locator("#share-expiry").fill(tomorrow);
    // Under load the click could beat htmx to the freshly loaded form (a plain POST then
    // redirects without the link): wait until htmx has taken the form over, and keep the answer.
    await page.waitForFunction(() =>
      Boolean(
        (document.querySelector(".docs-share-form") as unknown as Record<string, unknown> | null)
          ?.["htmx-internal-data"],
      )
    );
    const [shared] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && /\/share$/.test(r.url())),
      page.locator(".docs-share-form button[type=submit]").click(),
    ]);
    assert.equal(shared.status(), 200, await shared.text());
    const linkInput = page.locator("#docs-link");
    await linkInput.waitFor();
    const link = await linkInput.inputValue();
    assert.match(link, /\/s\/[A-Za-z0-9_-]{43}$/);
    assert.match(await page.locator(".docs-shares").innerText(), /Public link/);

    // A fresh browser (no cookies, no session) opens the link.
    const fresh = await openBrowser();
    try {
      const guest = await fresh!.newPage();
      const guestProblems = watch(guest);
      const res = await guest.goto(link);
      assert.equal(res?.status(), 200);
      assert.equal(await guest.locator("main h1").innerText(), "rapor-1.txt");
      assert.match(await guest.locator("main").innerText(), /Expires/);
      const download = guest.locator("a.button", { hasText: "Download" });
      assert.match((await download.getAttribute("href"))!, /download=1$/);
      assert.deepEqual(guestProblems, []);
    } finally {
      await fresh?.close();
    }

    // Delete it (htmx), then restore it from the trash.
    const folderUrl = page.url().replace(/&file=[^&]+/, "");
    await page.goto(folderUrl);
    const target = page.locator("#docs-rows tr", { hasText: "rapor-1.txt" });
    await target.locator("button", { hasText: "Delete" }).click();
    await page.locator(".docs-empty").waitFor();
    await page.goto(`${base}/documents/trash`);
    const trashed = page.locator("tr", { hasText: "rapor-1.txt" });
    await trashed.locator("button", { hasText: "Restore" }).click();
    await page.locator(".docs-empty").waitFor();
    await page.goto(folderUrl);
    await page.locator("#docs-rows tr", { hasText: "rapor-1.txt" }).waitFor();

    // The folder's share dialog, the "Shared with me" view and the settings page render
    // without CSP or script problems; settings save through htmx.
    await page.locator("#docs-folder-share").waitFor();
    await page.locator(".docs-tabs a", { hasText: "Shared with me" }).click();
    await page.locator(".docs-empty").waitFor();
    await page.goto(`${base}/documents/settings`);
    await page.fill('input[name="versionLimit"]', "9");
    await page.locator("#docs-panel button[type=submit]").click();
    await page.waitForLoadState("networkidle");
    await page.reload();
    assert.equal(await page.inputValue('input[name="versionLimit"]'), "9");

    assert.deepEqual(problems, []);
  });
});

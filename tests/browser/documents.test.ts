/**
 * Documents in a real browser: upload two files from the upload dialog with a progress bar
 * each, create a folder from its dialog, move a file there with the bulk bar, share it by public
 * link with an expiry, open the link in a fresh browser context (no session), delete the file
 * from its page and restore it from the trash; the folder tree folds on a phone.
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
    page.on("dialog", (d) => d.accept());
    await signIn(page, base, tenant.owner.email, tenant.slug);
    await page.goto(`${base}/documents/files`);
    await page.locator("#docs-files .empty-state").waitFor();

    // Two files at once from the upload dialog: each gets its own progress bar, then the
    // dialog closes and the list refreshes (htmx).
    await page.locator('.page-actions [data-dialog-open="docs-upload"]').click();
    await page.locator("#docs-upload-files").waitFor();
    await page.locator("#docs-upload-files").setInputFiles([
      { name: "rapor-1.txt", mimeType: "text/plain", buffer: Buffer.from("bir") },
      { name: "Çeyrek özet.txt", mimeType: "text/plain", buffer: Buffer.from("iki") },
    ]);
    await page.locator("form.docs-upload button[type=submit]").click();
    await page.locator("#docs-files tr", { hasText: "Çeyrek özet.txt" }).waitFor();
    assert.equal(await page.locator("#docs-files tbody tr").count(), 2);
    assert.equal(await page.locator(".docs-progress li.done progress").count(), 2);
    await page.waitForFunction(() =>
      !document.querySelector<HTMLDialogElement>("dialog#docs-upload")?.open
    );

    // A folder, created from its dialog (htmx swaps the page's content).
    await page.locator('[data-dialog-open="docs-new-folder"]').click();
    await page.locator("#new-folder").fill("Raporlar");
    await page.locator("#new-folder").press("Enter");
    const folderLink = page.locator(".docs-tree a", { hasText: "Raporlar" });
    await folderLink.waitFor();

    // Move rapor-1.txt into it with the bulk bar, which shows once a file is checked.
    const bulk = page.locator("#docs-bulk");
    assert.equal(await bulk.isVisible(), false);
    await page.locator("#docs-files tr", { hasText: "rapor-1.txt" }).locator("input[type=checkbox]")
      .check();
    await bulk.waitFor();
    await bulk.locator("select[name=folderId]").selectOption({ label: "Raporlar" });
    await bulk.locator("button", { hasText: "Move" }).click();
    await page.locator("#docs-files tr", { hasText: "rapor-1.txt" }).waitFor({ state: "detached" });
    await Promise.all([page.waitForURL(/folder=/), folderLink.click()]);
    const moved = page.locator("#docs-files tr", { hasText: "rapor-1.txt" });
    await moved.waitFor();

    // Open it and share it by public link with an expiry date.
    await Promise.all([
      page.waitForURL(/file=/),
      moved.locator("a", { hasText: "rapor-1.txt" }).click(),
    ]);
    await page.locator("#docs-panel.docs-detail").waitFor();
    assert.equal(await page.locator("main h1").innerText(), "rapor-1.txt");
    await page.locator('[data-dialog-open="docs-share"]').click();
    await page.locator("#share-kind").selectOption("public");
    // Only the fields of a public link show.
    assert.equal(await page.locator("#share-user").isVisible(), false);
    assert.equal(await page.locator("#share-password").isVisible(), true);
    const tomorrow = new Date(Date.now() + 86400_000).toISOString().slice(0, 10);
    await page.locator("#share-expiry").fill(tomorrow);
    // Under load the click could beat htmx to the form (a plain POST then redirects without
    // the link): wait until htmx has taken the form over, and keep the answer.
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
    assert.match(await page.locator("#docs-shares").innerText(), /Anyone with the link/);
    assert.match(page.url(), /file=/, "the address stays on the file's page");

    // A fresh browser (no cookies, no session) opens the link.
    const fresh = await openBrowser();
    try {
      const guest = await fresh!.newPage();
      const guestProblems = watch(guest);
      const res = await guest.goto(link);
      assert.equal(res?.status(), 200);
      assert.equal(await guest.locator("main h1").innerText(), "rapor-1.txt");
      assert.match(await guest.locator("main").innerText(), /This link works until/);
      const download = guest.locator("main a.btn", { hasText: "Download" });
      assert.match((await download.getAttribute("href"))!, /download=1$/);
      assert.deepEqual(guestProblems, []);
    } finally {
      await fresh?.close();
    }

    // Delete it from its page: the address follows to its folder. Then restore it.
    await page.locator(".page-actions button", { hasText: "Delete" }).click();
    await page.locator("#docs-files .empty-state").waitFor();
    assert.match(page.url(), /folder=/);
    assert.doesNotMatch(page.url(), /file=/);
    const folderUrl = page.url();
    await page.goto(`${base}/documents/trash`);
    const trashed = page.locator("#docs-trash tr", { hasText: "rapor-1.txt" });
    await trashed.locator('button[aria-label="Restore rapor-1.txt"]').click();
    await page.locator("#docs-trash .empty-state").waitFor();
    await page.goto(folderUrl);
    await page.locator("#docs-files tr", { hasText: "rapor-1.txt" }).waitFor();

    // The folder's share dialog, the "Shared with me" view, the activity log and the
    // settings page render without CSP or script problems; settings save through htmx.
    await page.locator('[data-dialog-open="docs-share"]').waitFor();
    await page.locator(".tabs a", { hasText: "Shared with me" }).click();
    await page.locator("#docs-shared .empty-state").waitFor();
    await page.goto(`${base}/documents/activity`);
    assert.match(await page.locator(".timeline").innerText(), /uploaded[\s\S]*rapor-1\.txt/);
    await page.goto(`${base}/documents/settings`);
    await page.fill('input[name="versionLimit"]', "9");
    // Wait for the save's answer itself: "network idle" can come before htmx sends the form.
    const saved = page.waitForResponse((r) =>
      r.request().method() === "POST" && new URL(r.url()).pathname === "/documents/settings"
    );
    await page.locator("#docs-panel button[type=submit]").click();
    await saved;
    await page.reload();
    assert.equal(await page.inputValue('input[name="versionLimit"]'), "9");

    // On a phone the folder tree folds to one line and nothing scrolls sideways.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(folderUrl);
    await page.locator("details[data-docs-tree]").waitFor();
    assert.equal(await page.locator("details[data-docs-tree]").getAttribute("open"), null);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 375, `scrollWidth ${width}`);

    assert.deepEqual(problems, []);
  });
});

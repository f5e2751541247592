/**
 * The files page's grid in a real browser, in English and Turkish: two images and a PDF are
 * uploaded, their thumbnails made by the job; the grid (chosen with the toggle, then remembered)
 * shows them loaded, a text file by its first lines, a folder as a tile; a tile opened with the
 * keyboard shows the large preview. Axe-clean, nothing scrolls sideways at 375 px. With
 * THUMBS_SHOTS=<dir> the pages are saved at 1280 and 375 px, light and dark.
 */
import assert from "node:assert/strict";
import { browserTest, type Page } from "./browser.ts";
import { checkPage, language, signIn, watch, withServer } from "./session.ts";
import { newTenant, testApp } from "../helpers.ts";
import { mkdir, upload } from "../documents/helpers.ts";
import { Dispatcher } from "../../shared/jobs/dispatcher.ts";
import { THUMBNAIL_JOB } from "../../modules/documents/thumbnails/thumbnails.service.ts";
import { EXTRACT_JOB } from "../../modules/documents/fulltext/fulltext.service.ts";
import { images } from "../documents/thumbnails.fixtures.ts";
import { CONTENT_TYPES, pdf } from "../documents/fulltext.fixtures.ts";

const SHOTS = Deno.env.get("THUMBS_SHOTS");

const TEXT = {
  en: { grid: "Grid", list: "List" },
  tr: { grid: "Izgara", list: "Liste" },
} as const;

async function drain() {
  const { platform } = await testApp();
  await new Dispatcher(platform.db, platform.jobs, { onlyNames: [THUMBNAIL_JOB, EXTRACT_JOB] })
    .drain();
}

/** Every image of the selector has loaded with pixels (lazy ones scrolled into view first). */
async function loaded(page: Page, selector: string, count: number) {
  const imgs = page.locator(selector);
  assert.equal(await imgs.count(), count, selector);
  for (let i = 0; i < count; i++) {
    await imgs.nth(i).scrollIntoViewIfNeeded();
    await page.waitForFunction(
      (el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0,
      await imgs.nth(i).elementHandle(),
    );
  }
}

browserTest("documents grid: thumbnails in the grid, a large preview (en, tr)", async (context) => {
  await withServer(context, async (base) => {
    const page = await context.newPage();
    const problems = watch(page);
    const [beach, city] = await images([["jpeg", 1600, 1000], ["png", 700, 900]]);
    for (const lang of ["en", "tr"] as const) {
      const t = await newTenant();
      const folder = await mkdir(t.owner, "Fotoğraflar");
      await mkdir(t.owner, "Arşiv", folder.id);
      const res = await upload(t.owner, [
        ["plaj-güneş.jpg", beach, "image/jpeg"],
        ["şehir.png", city, "image/png"],
        ["rapor.pdf", pdf("Quarterly report: thumbnails"), CONTENT_TYPES.pdf],
        ["notlar.md", "# Toplantı\n\nBütçe onaylandı\nİkinci satır", CONTENT_TYPES.md],
      ], folder.id);
      assert.equal(res.status, 201, await res.clone().text());
      const items = (await res.json()).items as { id: string; name: string }[];
      await drain();

      await language(context, base, lang);
      await signIn(page, base, t.owner.email, t.slug);
      await page.goto(`${base}/documents/files?folder=${folder.id}`);
      await page.locator("#docs-files").waitFor();
      await page.getByRole("link", { name: TEXT[lang].grid }).click();
      await page.locator(".docs-grid").waitFor();
      await loaded(page, ".docs-grid img", 3);
      await page.locator(".docs-tile-lines", { hasText: "Bütçe onaylandı" }).waitFor();
      await page.locator(".docs-tile-name", { hasText: "Arşiv" }).waitFor();
      await checkPage(page, SHOTS, `grid-${lang}`);

      // Remembered: the folder opens as a grid again.
      await page.goto(`${base}/documents/files?folder=${folder.id}`);
      await page.locator(".docs-grid").waitFor();

      // A tile opened with the keyboard: the detail view's large preview.
      const pic = items.find((i) => i.name === "plaj-güneş.jpg")!;
      await page.locator(`.docs-tile-link[href*="${pic.id}"]`).focus();
      await Promise.all([page.waitForURL(/file=/), page.keyboard.press("Enter")]);
      await loaded(page, "img.docs-preview-image", 1);
      const width = await page.locator("img.docs-preview-image").evaluate((el) =>
        (el as HTMLImageElement).naturalWidth
      );
      assert.equal(width, 1024);
      await checkPage(page, SHOTS, `preview-${lang}`);
      const report = items.find((i) => i.name === "rapor.pdf")!;
      await page.goto(`${base}/documents/files?file=${report.id}`);
      await loaded(page, "img.docs-preview-image", 1);
      await checkPage(page, SHOTS, `pdf-${lang}`);
      const notes = items.find((i) => i.name === "notlar.md")!;
      await page.goto(`${base}/documents/files?file=${notes.id}`);
      await page.locator(".docs-preview-text", { hasText: "Bütçe onaylandı" }).waitFor();
      await checkPage(page, SHOTS, `text-${lang}`);

      // Back to the list.
      await page.goto(`${base}/documents/files?folder=${folder.id}`);
      await page.getByRole("link", { name: TEXT[lang].list }).click();
      await page.locator("#docs-files").waitFor();
      assert.equal(await page.locator(".docs-grid").count(), 0);
    }
    assert.deepEqual(problems, []);
  });
});

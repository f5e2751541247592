/**
 * Tags, comments and favourites in a real browser, in English and Turkish: a member tags a file
 * (a new tag from the tags dialog), comments with a mention of the owner, stars it and finds it
 * under Favourites; the owner gets the mention in the inbox. Axe-clean, nothing scrolls sideways
 * at 375 px. With TAGS_SHOTS=<dir> the pages are saved at 1280 and 375 px, light and dark.
 */
import assert from "node:assert/strict";
import { browserTest } from "./browser.ts";
import { checkPage, htmxIdle, language, signIn, watch, withServer } from "./session.ts";
import { newTenant } from "../helpers.ts";
import { mkdir, uploadOne } from "../documents/helpers.ts";

const SHOTS = Deno.env.get("TAGS_SHOTS");

const TEXT = {
  en: { favourites: "Favourites", remove: "Remove from favourites" },
  tr: { favourites: "Favoriler", remove: "Favorilerden çıkar" },
} as const;

browserTest(
  "documents tags: tag a file, comment with a mention, star it (en, tr)",
  async (context) => {
    await withServer(context, async (base) => {
      const page = await context.newPage();
      const problems = watch(page);
      for (const lang of ["en", "tr"] as const) {
        const t = await newTenant();
        const member = await t.member(
          ["member"],
          `ayse.${lang}.${crypto.randomUUID().slice(0, 6)}@example.test`,
        );
        const folder = await mkdir(t.owner, "Sözleşmeler");
        const file = await uploadOne(t.owner, "kira-sözleşmesi.txt", "kira", folder.id);

        await language(context, base, lang);
        await signIn(page, base, member.email, t.slug);
        await page.goto(`${base}/documents/files?file=${file.id}`);

        // A new tag from the tags dialog.
        await page.locator('[data-dialog-open="docs-tags-dialog"]').click();
        await page.locator("#docs-new-tag").fill("Acil");
        await page.locator('#docs-tags-dialog select[name="colour"]').selectOption("red");
        await page.locator('#docs-tags-dialog button[type="submit"]').click();
        await page.locator("#docs-object-tags > .docs-tags .badge-red", { hasText: "Acil" })
          .waitFor();
        await htmxIdle(page);

        // A comment mentioning the owner.
        const handle = t.owner.email.split("@")[0];
        await page.locator("#docs-comment").fill(`**Lütfen bakın** @${handle}`);
        await page.locator('#docs-comments form button[type="submit"]').last().click();
        await page.locator(".docs-comment strong", { hasText: "Lütfen bakın" }).waitFor();
        await htmxIdle(page);

        // The star, then the Favourites view.
        await page.locator('#docs-object-tags form button[type="submit"]').first().click();
        await page.getByRole("button", { name: TEXT[lang].remove }).waitFor();
        await checkPage(page, SHOTS, `file-${lang}`);
        await page.goto(`${base}/documents/files?view=favourites`);
        await page.locator("#docs-favourites tr", { hasText: "kira-sözleşmesi.txt" }).waitFor();
        assert.ok(await page.getByRole("link", { name: TEXT[lang].favourites }).count() > 0);
        await checkPage(page, SHOTS, `favourites-${lang}`);

        // The folder list shows the tag; the tag filter finds the file.
        await page.goto(`${base}/documents/files?folder=${folder.id}`);
        await page.locator("#docs-files tr", { hasText: "kira-sözleşmesi.txt" })
          .locator(".badge-red", { hasText: "Acil" }).waitFor();
        await checkPage(page, SHOTS, `folder-${lang}`);

        // The owner has the mention in the inbox.
        const inbox = await (await t.owner.call("GET", "/api/notifications")).json();
        assert.ok(
          inbox.items.some((n: { title: string }) => n.title.includes("kira-sözleşmesi.txt")),
          JSON.stringify(inbox.items),
        );
      }
      assert.deepEqual(problems, []);
    });
  },
);

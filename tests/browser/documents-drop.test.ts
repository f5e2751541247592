/**
 * Upload-only links in a real browser, in English and Turkish: a member makes a file drop link
 * with a password from the folder view; an anonymous visitor opens it, enters the password and
 * uploads a file without seeing the folder; the member then finds the file in the folder.
 * Axe-clean, nothing scrolls sideways at 375 px. With DROP_SHOTS=<dir> the pages are saved at
 * 1280 and 375 px, light and dark.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { browserTest } from "./browser.ts";
import { checkPage, language, signIn, watch, withServer } from "./session.ts";
import { newTenant } from "../helpers.ts";
import { mkdir, uploadOne } from "../documents/helpers.ts";

const SHOTS = Deno.env.get("DROP_SHOTS");

const TEXT = {
  en: { yours: "Your uploads", created: "File drop link created." },
  tr: { yours: "Yüklemeleriniz", created: "Dosya bırakma bağlantısı oluşturuldu." },
} as const;

browserTest(
  "documents drop: a member makes a link, a visitor uploads (en, tr)",
  async (context) => {
    await withServer(context, async (base) => {
      const page = await context.newPage();
      const problems = watch(page);
      for (const lang of ["en", "tr"] as const) {
        const t = await newTenant();
        const folder = await mkdir(t.owner, "Gelen belgeler");
        await uploadOne(t.owner, "gizli-bordro.xlsx", "secret", folder.id);

        // The member: the folder view's "File drop link" dialog, with a password.
        await language(context, base, lang);
        await signIn(page, base, t.owner.email, t.slug);
        await page.goto(`${base}/documents/files?folder=${folder.id}`);
        await page.locator('[data-dialog-open="docs-drop"]').click();
        await page.locator("#drop-label").fill("Faturalar");
        await page.locator("#drop-message").fill("Lütfen faturalarınızı yükleyin.");
        await page.locator("#drop-password").fill("gizli-parola");
        await page.locator("#drop-max-file").fill("5");
        await page.locator('#docs-drop button[type="submit"]').click();
        await page.getByText(TEXT[lang].created).first().waitFor();
        const link = await page.locator("#docs-drop-link").inputValue();
        assert.match(link, /\/drop\/[A-Za-z0-9_-]{43}$/);
        await checkPage(page, SHOTS, `links-${lang}`);

        // The visitor: no session, the password, then a file.
        await language(context, base, lang);
        await page.goto(link);
        await checkPage(page, SHOTS, `password-${lang}`);
        await page.locator("#drop-pw").fill("gizli-parola");
        await Promise.all([
          page.waitForLoadState("load"),
          page.locator('main form button[type="submit"]').click(),
        ]);
        await page.locator("#drop-files").setInputFiles({
          name: "fatura-2026.pdf",
          mimeType: "application/pdf",
          buffer: Buffer.from("%PDF-1.4 fatura"),
        });
        await Promise.all([
          page.waitForURL(/sent=1/),
          page.locator('main form[enctype="multipart/form-data"] button[type="submit"]').click(),
        ]);
        await page.getByRole("heading", { name: TEXT[lang].yours }).waitFor();
        await page.locator("#drop-uploads tr", { hasText: "fatura-2026.pdf" }).waitFor();
        assert.ok(!(await page.content()).includes("gizli-bordro"), "the folder is never listed");
        await checkPage(page, SHOTS, `uploaded-${lang}`);

        // The member finds the file in the folder.
        await language(context, base, lang);
        await signIn(page, base, t.owner.email, t.slug);
        await page.goto(`${base}/documents/files?folder=${folder.id}`);
        await page.locator("#docs-files tr", { hasText: "fatura-2026.pdf" }).waitFor();
      }
      assert.deepEqual(problems, []);
    });
  },
);

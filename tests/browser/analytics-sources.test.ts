/**
 * Data sources in a real browser, in English and Turkish: add the machine's PostgreSQL through
 * the dialog (read-only account, allowed by the operator allowlist), land on its page, open a
 * table in the schema browser, run SQL (htmx swaps the result in) and see a write refused. No
 * page scrolls sideways at 375 px.
 */
import assert from "node:assert/strict";
import { browserTest } from "./browser.ts";
import { signIn, watch, withServer } from "./session.ts";
import { setLanguage } from "./workflow.draw.ts";
import { newTenant, testApp } from "../helpers.ts";
import { EXT_DB, pgUp, preparePg, READER } from "../analytics/sources.fixture.ts";

const WAIT = { timeout: 30_000 };
const L = {
  en: {
    new: "New data source",
    name: "Name",
    host: "Host name",
    db: "Database",
    user: "User (read-only)",
    pw: "Password",
    save: "Save",
    sql: "SQL statement",
    run: "Run",
    ok: "Connected",
    refused: "Only reading statements",
  },
  tr: {
    new: "Yeni veri kaynağı",
    name: "Ad",
    host: "Sunucu adı",
    db: "Veritabanı",
    user: "Kullanıcı (salt okunur)",
    pw: "Parola",
    save: "Kaydet",
    sql: "SQL ifadesi",
    run: "Çalıştır",
    ok: "Bağlı",
    refused: "Only reading statements",
  },
} as const;

if (pgUp) {
  browserTest("analytics sources: add a source, browse it, run SQL (en, tr)", async (context) => {
    await preparePg();
    const { platform } = await testApp();
    (platform.config as { ANALYTICS_SOURCE_ALLOW: string }).ANALYTICS_SOURCE_ALLOW = "127.0.0.1/32";
    const t = await newTenant();
    await withServer(context, async (base) => {
      const page = await context.newPage();
      const problems = watch(page);
      await signIn(page, base, t.owner.email, t.slug);
      for (const lang of ["en", "tr"] as const) {
        const l = L[lang];
        await setLanguage(page, base, lang);
        await page.goto(`${base}/analytics/sources`);
        await page.getByRole("button", { name: l.new }).click();
        const dialog = page.locator("dialog#new-source");
        await dialog.getByLabel(l.name, { exact: true }).fill(`Warehouse ${lang}`);
        await dialog.getByLabel(l.host).fill("127.0.0.1");
        await dialog.getByLabel(l.db, { exact: true }).fill(EXT_DB);
        await dialog.getByLabel(l.user).fill(READER.username);
        await dialog.getByLabel(l.pw).fill(READER.password);
        await dialog.getByRole("button", { name: l.save }).click();
        await page.waitForURL(/\/analytics\/sources\/[0-9a-f-]{36}$/, WAIT);
        await page.getByText(l.ok, { exact: true }).first().waitFor(WAIT);
        await page.locator("summary", { hasText: "items" }).click();
        await page.getByText("created_at").waitFor(WAIT);

        await page.getByLabel(l.sql).fill("select name, amount from items order by id");
        await page.getByRole("button", { name: l.run, exact: true }).click();
        const result = page.locator("#sql-out #sql-result");
        await result.waitFor(WAIT);
        const text = await result.innerText();
        assert.ok(text.includes("Alpha") && text.includes("Gamma"), text);

        await page.getByLabel(l.sql).fill("delete from items");
        await page.getByRole("button", { name: l.run, exact: true }).click();
        await page.locator("#sql-out", { hasText: l.refused }).waitFor(WAIT);

        await page.setViewportSize({ width: 375, height: 800 });
        for (const path of [page.url(), `${base}/analytics/sources`]) {
          await page.goto(path);
          const wide = await page.evaluate(() =>
            document.documentElement.scrollWidth > document.documentElement.clientWidth
          );
          assert.equal(wide, false, `${path} scrolls sideways at 375 px`);
        }
        await page.setViewportSize({ width: 1280, height: 800 });
      }
      assert.deepEqual(problems, []);
    });
  });
}

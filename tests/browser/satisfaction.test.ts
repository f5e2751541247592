/**
 * Rating a solved ticket from the link in its closing e-mail, in a real browser, in English and
 * Turkish: the page (no sign-in) preselects the choice the link carries, the customer changes it,
 * writes a comment and sends; the thanks page shows the rating; the link then says it was used.
 * The agent sees the rating on the ticket page. Axe-clean, nothing scrolls sideways at 375 px.
 */
import assert from "node:assert/strict";
import { AXE, browserTest, type Page } from "./browser.ts";
import { htmxIdle, signIn, watch, withServer } from "./session.ts";
import { newTenant, testApp } from "../helpers.ts";
import { withScope } from "../../shared/db/scope.ts";

const TEXT = {
  en: { thanks: "Thank you for your rating", used: "This link was used", bad: "Bad" },
  tr: { thanks: "Değerlendirmeniz için teşekkürler", used: "Bu bağlantı kullanıldı", bad: "Kötü" },
} as const;

async function pageFacts(page: Page) {
  await page.evaluate(AXE);
  return await page.evaluate(async () => {
    type Violation = { id: string; impact: string | null; nodes: { html: string }[] };
    type Axe = { run(ctx: unknown, opts: unknown): Promise<{ violations: Violation[] }> };
    const { axe } = globalThis as unknown as { axe: Axe };
    const { violations } = await axe.run({ include: ["main"] }, { resultTypes: ["violations"] });
    return {
      axe: violations.filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${v.id} ${v.nodes.map((n) => n.html).join(" ")}`),
      sideways: document.documentElement.scrollWidth > globalThis.innerWidth,
    };
  });
}

browserTest("satisfaction: rate from the closing e-mail's link (en, tr)", async (context) => {
  const { platform } = await testApp();
  await withServer(context, async (base) => {
    const page = await context.newPage();
    const problems = watch(page);
    for (const lang of ["en", "tr"] as const) {
      const t = await newTenant();
      const email = `rate-${lang}@example.test`;
      const customer = await (await t.owner.call("POST", "/api/support/customers", {
        name: "Şule Çınar",
        email,
        locale: lang,
      })).json();
      const ticket = await (await t.owner.call("POST", "/api/support/support-ticket", {
        subject: "Yazıcı çalışmıyor",
        customerId: customer.id,
      })).json();
      await t.owner.call("PUT", `/api/support/support-ticket/${ticket.id}`, { status: "cozuldu" });
      await t.owner.call("POST", `/api/support/support-ticket/${ticket.id}/close`);
      const [mail] = await withScope(
        platform.db.sql,
        { tenantId: t.id },
        (tx) =>
          tx<{ textBody: string }[]>`
            select text_body from mail_outbox where to_address = ${email}
              and text_body like '%/support/rate/%'`,
      );
      const token = /\/support\/rate\/([A-Za-z0-9_-]{43})/.exec(mail?.textBody ?? "")?.[1];
      assert.ok(token, "the closing e-mail carries the rating link");

      await context.clearCookies();
      await page.setViewportSize({ width: 375, height: 812 });
      await page.goto(`${base}/support/rate/${token}?rating=good&lang=${lang}`);
      assert.ok(await page.locator('input[name="rating"][value="good"]').isChecked());
      assert.deepEqual(await pageFacts(page), { axe: [], sideways: false }, `form ${lang}`);
      await page.locator(".rating-bad").click();
      await page.locator('textarea[name="comment"]').fill("Üç gün sürdü.");
      await Promise.all([
        page.waitForLoadState("load"),
        page.locator('form.rating-form button[type="submit"]').click(),
      ]);
      await page.getByRole("heading", { name: TEXT[lang].thanks }).waitFor();
      assert.ok((await page.locator(".rating-given").innerText()).includes(TEXT[lang].bad));
      assert.deepEqual(await pageFacts(page), { axe: [], sideways: false }, `thanks ${lang}`);

      // The same link again: used (a 410 page, expected here).
      const again = await page.goto(`${base}/support/rate/${token}?lang=${lang}`);
      assert.equal(again?.status(), 410);
      await page.getByRole("heading", { name: TEXT[lang].used }).waitFor();
      problems.splice(0, problems.length, ...problems.filter((p) => !p.includes("410")));

      // The agent's ticket page shows it.
      await page.setViewportSize({ width: 1280, height: 800 });
      await signIn(page, base, t.owner.email, t.slug);
      await page.goto(`${base}/support/tickets/${ticket.id}`);
      await htmxIdle(page);
      const card = page.locator('[data-testid="ticket-rating"]');
      assert.ok((await card.innerText()).includes("Üç gün sürdü."));
    }
    assert.deepEqual(problems, []);
  });
});

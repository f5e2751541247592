/**
 * The public help centre and the knowledge base in the agent's reply box, in English and
 * Turkish: an anonymous visitor searches `odeme` (Turkish letters typed without them), finds
 * "Ödeme yöntemleri" with the match highlighted, opens it and rates it helpful; an agent inserts
 * the article's link into a reply from the picker. No console errors, CSP violations, foreign
 * requests or error answers; accessible and nothing wider than a phone.
 */
import assert from "node:assert/strict";
import { AXE, browserTest, type Page } from "./browser.ts";
import { htmxIdle, signIn, watch, withServer } from "./session.ts";
import { newTenant, testApp } from "../helpers.ts";
import { API, customer, json, ticket } from "../support/fixtures.ts";

async function pageFacts(page: Page, scope: string) {
  await page.evaluate(AXE);
  return await page.evaluate(async (include) => {
    type Violation = { id: string; impact: string | null; nodes: { html: string }[] };
    type Axe = { run(ctx: unknown, opts: unknown): Promise<{ violations: Violation[] }> };
    const { axe } = globalThis as unknown as { axe: Axe };
    const { violations } = await axe.run({ include: [include] }, { resultTypes: ["violations"] });
    return {
      axe: violations.filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${v.id} ${v.nodes.map((n) => n.html).join(" ")}`),
      sideways: document.documentElement.scrollWidth > globalThis.innerWidth,
    };
  }, scope);
}

for (const locale of ["en", "tr"] as const) {
  browserTest(
    `support help centre (${locale}): search odeme, read, rate; insert link in reply`,
    async (context) => {
      const tenant = await newTenant();
      const { platform } = await testApp();
      await platform.db.sql`insert into support_portal_settings (tenant_id, enabled)
      values (${tenant.id}, true) on conflict (tenant_id) do update set enabled = true`;
      const kb = `${API}/kb`;
      const created = await json(
        await tenant.owner.call("POST", `${kb}/articles`, {
          visibility: "public",
          en: { title: "Payment methods", body: "Pay by card or bank transfer (Ödeme)." },
          tr: {
            title: "Ödeme yöntemleri",
            description: "Kart ve havale",
            body: "Ödemenizi kredi kartı veya havale ile yapabilirsiniz.",
          },
        }),
        201,
      );
      await json(await tenant.owner.call("POST", `${kb}/articles/${created.id}/publish`), 200);
      const c = await customer(tenant.owner, { name: "Deniz Yılmaz" });
      const tk = await ticket(tenant.owner, c.id, { subject: "Kart reddedildi" });

      await withServer(context, async (base) => {
        const page = await context.newPage();
        const problems = watch(page);

        // The visitor: no sign-in; the language chosen by ?lang= (kept in a cookie).
        await page.goto(`${base}/help/${tenant.slug}?lang=${locale}`);
        assert.equal(await page.locator("html").getAttribute("lang"), locale);
        await page.locator("#help-q").fill("odeme");
        await Promise.all([
          page.waitForURL(/\/search\?q=odeme/),
          page.locator(".help-search button[type=submit]").click(),
        ]);
        const hit = page.locator(".help-results li").first();
        // Turkish readers get the Turkish version; English readers the English one, which
        // mentions Ödeme too: the match is marked either way.
        const title = locale === "tr" ? "Ödeme yöntemleri" : "Payment methods";
        assert.equal(await hit.locator(".help-result-title").innerText(), title);
        assert.match(await hit.locator("mark").first().innerText(), /^Ödeme/);
        await page.setViewportSize({ width: 375, height: 812 });
        assert.deepEqual(await pageFacts(page, "main"), { axe: [], sideways: false });
        await page.setViewportSize({ width: 1280, height: 900 });

        await Promise.all([
          page.waitForURL(/\/articles\/payment-methods/),
          hit.locator(".help-result-title").click(),
        ]);
        assert.equal(await page.locator("h1.help-title").innerText(), title);
        const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
        assert.equal(
          canonical,
          `${base}/help/${tenant.slug}/articles/payment-methods?lang=${locale}`,
        );
        await page.setViewportSize({ width: 375, height: 812 });
        assert.deepEqual(await pageFacts(page, "main"), { axe: [], sideways: false });
        await page.setViewportSize({ width: 1280, height: 900 });
        await page.locator('#help-feedback button[value="yes"]').click();
        await page.locator("#help-feedback[role=status]").waitFor();
        assert.match(
          await page.locator("#help-feedback").innerText(),
          locale === "tr" ? /Geri bildiriminiz için teşekkürler/ : /Thank you for your feedback/,
        );
        await htmxIdle(page);
        const counted = await json(
          await tenant.owner.call("GET", `${kb}/articles/${created.id}`),
          200,
        );
        assert.equal(counted.helpfulCount, 1);

        // The agent: "Insert article link" puts the public address into the reply text.
        await signIn(page, base, tenant.owner.email, tenant.slug);
        if (locale === "tr") {
          await page.evaluate(() =>
            fetch("/language", { method: "POST", body: new URLSearchParams({ locale: "tr" }) })
          );
        }
        await page.goto(`${base}/support/tickets/${tk.id}`);
        await page.locator("#td-comment").fill("Merhaba,");
        await page.locator('[data-dialog-open="kb-picker"]').click();
        await page.locator("#kb-picker input[type=search]").fill("odeme");
        const insert = page.locator("#kb-picker-results [data-kb-insert]").first();
        await insert.waitFor();
        await insert.click();
        await htmxIdle(page);
        const text = await page.locator("#td-comment").inputValue();
        assert.match(
          text,
          new RegExp(`^Merhaba, .+: ${base}/help/${tenant.slug}/articles/payment-methods`),
        );
        await page.locator(".support-comment-form .form-actions button[type=submit]").click();
        const comment = page.locator(".support-comment", { hasText: "payment-methods" });
        await comment.waitFor();
        assert.deepEqual(problems, []);
      });
    },
  );
}

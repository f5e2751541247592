/**
 * Support's main flow in a real browser: create a customer, open a ticket for it, assign it,
 * comment, resolve and close it, and see the dashboard counts follow. No console errors, CSP
 * violations, foreign requests or error responses along the way.
 */
import assert from "node:assert/strict";
import { browserTest } from "./browser.ts";
import { signIn, watch, withServer } from "./session.ts";
import { newTenant } from "../helpers.ts";

browserTest(
  "support: customer → ticket → assign → comment → resolve → close, dashboard counts",
  async (
    context,
  ) => {
    const tenant = await newTenant();
    await withServer(context, async (base) => {
      const page = await context.newPage();
      const problems = watch(page);
      await signIn(page, base, tenant.owner.email, tenant.slug);

      // A customer, through the htmx form of the customers page.
      await page.goto(`${base}/support/customers`);
      await page.locator("#customers-new-name").fill("Deniz Yılmaz");
      await page.locator("#customers-new-email").fill(`deniz-${tenant.slug}@example.test`);
      await page.locator('#customers-panel form.card button[type="submit"]').click();
      await page.locator("#customers-panel .alert.ok").waitFor({ state: "visible" });
      assert.ok(
        await page.locator("#customers-panel td a", { hasText: "Deniz Yılmaz" }).isVisible(),
      );

      // Dashboard before: nothing open.
      await page.goto(`${base}/support`);
      assert.equal(await page.locator('[data-testid="open-count"]').innerText(), "0");

      // A ticket from the create dialog; htmx redirects to its page.
      await page.goto(`${base}/support/tickets`);
      await page.locator("#new-ticket summary").click();
      await page.locator("#nt-subject").fill("VPN does not connect");
      await page.locator("#nt-customer").selectOption({ label: "Deniz Yılmaz" });
      await page.locator("#nt-description").fill("Since this morning.");
      await Promise.all([
        page.waitForURL(/\/support\/tickets\/[0-9a-f-]{36}$/),
        page.locator('#new-ticket button[type="submit"]').click(),
      ]);
      assert.match(await page.locator("main h1").innerText(), /^T-\d{4}-\d{5}$/);
      assert.ok(await page.locator("#ticket-detail .support-status-acik").isVisible());

      await page.goto(`${base}/support`);
      assert.equal(await page.locator('[data-testid="open-count"]').innerText(), "1");
      await page.goBack();

      // Assign to myself.
      await page.locator("#td-assignee").selectOption({ value: tenant.owner.id });
      await page.locator('form[action$="/assign"] button').click();
      await page.locator('#ticket-detail [data-testid="assignee"]', { hasText: "Owner" }).waitFor();

      // Comment (public).
      await page.locator("#td-comment").fill("We are looking into it.");
      await page.locator('form[action$="/comments"] button').click();
      await page.locator(".support-comment", { hasText: "We are looking into it." }).waitFor();

      // Resolve, then close.
      await page.locator("#td-status").selectOption("cozuldu");
      await page.locator('form[action$="/status"] button').click();
      await page.locator("#ticket-detail .support-status-cozuldu").first().waitFor();
      await page.locator("#td-status").selectOption("kapandi");
      await page.locator('form[action$="/status"] button').click();
      await page.locator("#ticket-detail .support-status-kapandi").first().waitFor();
      assert.ok(await page.locator("#ticket-history").isVisible());

      // The dashboard no longer counts it; the list shows it closed.
      await page.goto(`${base}/support`);
      assert.equal(await page.locator('[data-testid="open-count"]').innerText(), "0");
      await page.goto(`${base}/support/tickets?status=kapandi`);
      assert.equal(await page.locator("#tickets-panel tbody tr").count(), 1);
      assert.equal(
        await page.locator("#tf-status").inputValue(),
        "kapandi",
        "filters survive reload",
      );

      assert.deepEqual(problems, []);
      await page.close();
    });
  },
);

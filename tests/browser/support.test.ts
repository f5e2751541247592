/**
 * Support's main flow in a real browser: create a customer (dialog), open a ticket for it,
 * assign it, comment, resolve and close it (then it is read-only and offers Reopen), see the
 * dashboard counts follow, and reopen it. No console errors, CSP violations, foreign requests
 * or error responses along the way.
 */
import assert from "node:assert/strict";
import { browserTest } from "./browser.ts";
import { signIn, watch, withServer } from "./session.ts";
import { newTenant } from "../helpers.ts";

browserTest(
  "support: customer → ticket → assign → comment → resolve → close → reopen, dashboard counts",
  async (
    context,
  ) => {
    const tenant = await newTenant();
    await withServer(context, async (base) => {
      const page = await context.newPage();
      const problems = watch(page);
      await signIn(page, base, tenant.owner.email, tenant.slug);

      // A customer, through the "New customer" dialog; the list shows it and the dialog closes.
      await page.goto(`${base}/support/customers`);
      await page.locator('[data-dialog-open="customers-new"]').click();
      await page.locator("#customers-new-name").fill("Deniz Yılmaz");
      await page.locator("#customers-new-email").fill(`deniz-${tenant.slug}@example.test`);
      await page.locator('#customers-new-form button[type="submit"]').click();
      await page.locator("#customers-panel .alert.ok").waitFor({ state: "visible" });
      assert.ok(
        await page.locator("#customers-panel td a", { hasText: "Deniz Yılmaz" }).isVisible(),
      );
      assert.equal(await page.locator("dialog#customers-new").isVisible(), false, "closed");

      // Dashboard before: nothing open.
      await page.goto(`${base}/support`);
      assert.equal(await page.locator('[data-testid="open-count"]').innerText(), "0");

      // A ticket from the "New ticket" dialog; htmx redirects to its page.
      await page.goto(`${base}/support/tickets`);
      await page.locator('[data-dialog-open="new-ticket"]').click();
      await page.locator("#nt-subject").fill("VPN does not connect");
      await page.locator("#nt-customer").selectOption({ label: "Deniz Yılmaz" });
      await page.locator("#nt-description").fill("Since this morning.");
      await Promise.all([
        page.waitForURL(/\/support\/tickets\/[0-9a-f-]{36}$/),
        page.locator('#new-ticket button[type="submit"]').click(),
      ]);
      const ticketUrl = page.url();
      assert.match(await page.locator("main h1").innerText(), /^T-\d{4}-\d{5}$/);
      await page.locator("#ticket-detail .badge", { hasText: "Open" }).first().waitFor();

      await page.goto(`${base}/support`);
      assert.equal(await page.locator('[data-testid="open-count"]').innerText(), "1");
      await page.goto(ticketUrl);

      // Assign to myself.
      await page.locator("#td-assignee").selectOption({ value: tenant.owner.id });
      await page.locator('form[action$="/assign"] button').click();
      await page.locator('#ticket-detail [data-testid="assignee"] .user-name').waitFor();

      // Comment (public).
      await page.locator("#td-comment").fill("We are looking into it.");
      await page.locator('form[action$="/comments"] button').click();
      await page.locator(".support-comment", { hasText: "We are looking into it." }).waitFor();

      // Resolve, then close: the page becomes read-only and offers Reopen.
      await page.locator('button[data-move="cozuldu"]').click();
      await page.locator("#ticket-detail .badge", { hasText: "Resolved" }).first().waitFor();
      await page.locator('button[data-move="kapandi"]').click();
      await page.locator("#ticket-detail .badge", { hasText: "Closed" }).first().waitFor();
      assert.ok(await page.locator("#ticket-history").isVisible());
      assert.equal(await page.locator("#td-comment").count(), 0, "no comment box");
      assert.equal(await page.locator("#edit-ticket").count(), 0, "no edit");
      assert.ok(await page.locator('form[action$="/reopen"] button').isVisible(), "Reopen");

      // The dashboard no longer counts it; the list shows it closed.
      await page.goto(`${base}/support`);
      assert.equal(await page.locator('[data-testid="open-count"]').innerText(), "0");
      await page.goto(`${base}/support/tickets?status=kapandi`);
      assert.equal(await page.locator("#tickets tbody tr").count(), 1);
      assert.equal(
        await page.locator("#tf-status").inputValue(),
        "kapandi",
        "filters survive reload",
      );

      // Reopen: open again, comments again, and the history says who reopened it.
      await page.goto(ticketUrl);
      await page.locator('form[action$="/reopen"] button').click();
      await page.locator("#ticket-detail .badge", { hasText: "Open" }).first().waitFor();
      await page.locator("#td-comment").waitFor();
      assert.ok(
        await page.locator('section[aria-labelledby="ticket-history"]', {
          hasText: "reopened the ticket",
        }).isVisible(),
      );
      await page.goto(`${base}/support`);
      assert.equal(await page.locator('[data-testid="open-count"]').innerText(), "1");

      assert.deepEqual(problems, []);
      await page.close();
    });
  },
);

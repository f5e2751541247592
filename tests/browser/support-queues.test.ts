/**
 * Team queues in a real browser, in English and in Turkish: an administrator sets a team with
 * two agents to round robin, a ticket opened for the team from the "New ticket" dialog and a
 * mail to the team's mailbox go to the two agents in turn and show in the team's queue; then a
 * ticket waits on the customer (the paused state shows) and is resumed. No console errors, CSP
 * violations, foreign requests or error answers.
 */
import assert from "node:assert/strict";
import { browserTest } from "./browser.ts";
import { signIn, watch, withServer } from "./session.ts";
import { callApp, newTenant, testApp, unique } from "../helpers.ts";
import { withScope } from "../../shared/db/scope.ts";
import { Dispatcher } from "../../shared/jobs/dispatcher.ts";
import { mailboxJobs } from "../../modules/support/mailboxes/mailboxes.job.service.ts";
import { INTAKE_JOB } from "../../modules/support/mailboxes/mailboxes.store.service.ts";
import { API, customer, json } from "../support/fixtures.ts";

const TEXT = {
  en: { save: "Save", waiting: "Waiting on customer", resume: "Resume", team: "Front desk" },
  tr: { save: "Kaydet", waiting: "Müşteri bekleniyor", resume: "Devam et", team: "Ön büro" },
};

/** A customer's mail to the mailbox, delivered and taken in by the intake job. */
async function mailIn(mailboxId: string, token: string, to: string) {
  const raw = [
    `From: Ayşe Yılmaz <${unique("ayse")}@example.com>`,
    `To: ${to}`,
    "Subject: Printer prints blank pages",
    `Message-ID: <${crypto.randomUUID()}@mail.example.com>`,
    "Date: Tue, 01 Dec 2026 09:15:00 +0300",
    "MIME-Version: 1.0",
    'Content-Type: text/plain; charset="utf-8"',
    "",
    "The printer on the second floor prints only blank pages.",
    "",
  ].join("\r\n");
  const res = await callApp(`${API}/inbound/${mailboxId}`, {
    method: "POST",
    body: raw,
    headers: { "Content-Type": "message/rfc822", Authorization: `Bearer ${token}` },
  });
  assert.equal(res.status, 202, await res.text());
  const { platform } = await testApp();
  const d = new Dispatcher(platform.db, new Map(mailboxJobs.map((j) => [j.name, j.handler])), {
    onlyNames: [INTAKE_JOB],
  });
  while (await d.drain());
}

for (const locale of ["en", "tr"] as const) {
  browserTest(`support queues (${locale}): round robin, queue view, waiting`, async (context) => {
    const text = TEXT[locale];
    const tenant = await newTenant();
    const { platform } = await testApp();
    const agents = [await tenant.member(["agent"]), await tenant.member(["agent"])];
    // Distinct names, so the page shows who got each ticket.
    await withScope(platform.db.sql, { tenantId: tenant.id }, async (tx) => {
      await tx`update memberships set display_name = 'Ayla Aksoy' where user_id = ${agents[0].id}`;
      await tx`update memberships set display_name = 'Berk Bulut' where user_id = ${agents[1].id}`;
    });
    const name = (id: string) => (id === agents[0].id ? "Ayla Aksoy" : "Berk Bulut");
    // Round robin's turn order is by user id.
    const [first, second] = agents.map((a) => a.id).sort();
    const team = await json(
      await tenant.owner.call("POST", `${API}/teams`, {
        name: text.team,
        memberIds: agents.map((a) => a.id),
      }),
      201,
    );
    await customer(tenant.owner, { name: "Deniz Yılmaz" });
    const address = `${unique("desk")}@acme.test`;
    const box = await json(
      await tenant.owner.call("POST", `${API}/mailboxes`, {
        name: "Desk",
        address,
        teamId: team.id,
      }),
      201,
    );

    await withServer(context, async (base) => {
      const page = await context.newPage();
      const problems = watch(page);
      await signIn(page, base, tenant.owner.email, tenant.slug);
      if (locale === "tr") {
        await page.evaluate(() =>
          fetch("/language", { method: "POST", body: new URLSearchParams({ locale: "tr" }) })
        );
      }

      // The team's settings: round robin.
      await page.goto(`${base}/support/queues`);
      await page.locator(`a[href="/support/queues/${team.id}/settings"]`).click();
      await page.locator("#as-mode").selectOption("round_robin");
      await Promise.all([
        page.waitForURL(`${base}/support/queues/${team.id}/settings`),
        page.locator("#assignment-settings button[type=submit]", { hasText: text.save }).click(),
      ]);
      assert.equal(await page.locator("#as-mode").inputValue(), "round_robin");

      // A ticket for the team from the dialog: the first member in turn gets it.
      await page.goto(`${base}/support/tickets`);
      await page.locator('[data-dialog-open="new-ticket"]').click();
      await page.locator("#nt-subject").fill("VPN does not connect");
      await page.locator("#nt-customer").selectOption({ label: "Deniz Yılmaz" });
      await page.locator("#nt-team").selectOption({ label: text.team });
      await Promise.all([
        page.waitForURL(/\/support\/tickets\/[0-9a-f-]{36}$/),
        page.locator('#new-ticket button[type="submit"]').click(),
      ]);
      const ticketUrl = page.url();
      assert.equal(
        (await page.locator('[data-testid="assignee"] .user-name').innerText()).trim(),
        name(first),
      );
      assert.equal((await page.locator('[data-testid="team"]').innerText()).trim(), text.team);

      // A mail to the team's mailbox: the next member in turn.
      await mailIn(box.id, box.inboundToken, address);
      const mailed = await json(
        await tenant.owner.call("GET", `${API}/support-ticket?team=${team.id}&q=blank`),
        200,
      );
      assert.equal(mailed.items.length, 1);
      assert.equal(mailed.items[0].assigneeId, second);

      // Both are in the team's queue (oldest first), the counts on the queues page.
      await page.goto(`${base}/support/queues`);
      const row = page.locator("#queue-list tr", { hasText: text.team });
      assert.match(await row.innerText(), /\b2\b/);
      await page.locator(`a[href="/support/queues/${team.id}"]`).click();
      const rows = page.locator("#queue-tickets tbody tr");
      assert.equal(await rows.count(), 2);
      assert.match(await rows.nth(0).innerText(), /VPN does not connect/);
      assert.match(await rows.nth(1).innerText(), /Printer prints blank pages/);

      // In progress, then waiting on the customer: the paused state shows; then resumed.
      await page.goto(ticketUrl);
      await page.locator('button[data-move="islemde"]').click();
      await page.locator('[data-testid="wait-customer"]').click();
      const waiting = page.locator('[data-testid="waiting"]');
      await waiting.waitFor();
      assert.match(await waiting.innerText(), new RegExp(text.waiting));
      await page.locator('[data-testid="resume"]', { hasText: text.resume }).click();
      await waiting.waitFor({ state: "detached" });
      assert.ok(await page.locator('[data-testid="wait-customer"]').isVisible());
      const after = await json(
        await tenant.owner.call("GET", `${API}/support-ticket/${ticketUrl.split("/").pop()}`),
        200,
      );
      assert.equal(after.pendingReason, null);
      assert.ok(after.history.some((h: { action: string }) => h.action === "resumed"));

      assert.deepEqual(problems, []);
    });
  });
}

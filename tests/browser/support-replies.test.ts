/**
 * Replying to a customer from the ticket page, in English and in Turkish: a canned reply from
 * the picker, a file chosen and one dropped on the reply box, "send as e-mail" with a CC; the
 * comment shows its files and that it was e-mailed, and the SMTP sink receives the threaded
 * mail with the files. No console errors, CSP violations, foreign requests or error answers.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { AXE, browserTest, type Page } from "./browser.ts";
import { signIn, watch, withServer } from "./session.ts";
import { newTenant, testApp } from "../helpers.ts";
import { withScope } from "../../shared/db/scope.ts";
import { Dispatcher } from "../../shared/jobs/dispatcher.ts";
import { MAIL_SEND_JOB, mailJobs } from "../../platform/notifications/mail.service.ts";
import { smtpSink } from "../smtp.ts";
import { API, customer, json, ticket } from "../support/fixtures.ts";

async function deliver(sinkUrl: string) {
  const { platform } = await testApp();
  const jobs = mailJobs({ SMTP_URL: sinkUrl, MAIL_FROM: "Support <support@example.test>" });
  const d = new Dispatcher(platform.db, new Map(jobs.map((j) => [j.name, j.handler])), {
    onlyNames: [MAIL_SEND_JOB],
  });
  await d.drain();
  await d.drain();
}

const header = (raw: string, name: string) =>
  new RegExp(`^${name}: (.*)$`, "im").exec(
    raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, " "),
  )?.[1];

/** Serious or critical axe-core findings in the page's content, and whether it scrolls sideways. */
async function pageFacts(page: Page) {
  // Injected through the debugging protocol, which our CSP (no inline scripts) does not govern.
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

/** A file dropped on an element, as the browser's drag and drop hands it over. */
async function dropFile(page: Page, selector: string, name: string, text: string) {
  await page.locator(selector).evaluate((el, [n, t]) => {
    const data = new DataTransfer();
    data.items.add(new File([t], n, { type: "text/plain" }));
    for (const type of ["dragover", "drop"]) {
      el.dispatchEvent(
        new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }),
      );
    }
  }, [name, text]);
}

for (const locale of ["en", "tr"] as const) {
  browserTest(
    `support replies (${locale}): canned reply, files, e-mail with CC`,
    async (context) => {
      const tenant = await newTenant();
      const sink = await smtpSink();
      const email = `musteri-${locale}-${tenant.slug}@example.test`;
      const c = await customer(tenant.owner, { name: "Deniz Yılmaz", email, locale });
      const tk = await ticket(tenant.owner, c.id, { subject: "VPN does not connect" });
      const macro = await json(
        await tenant.owner.call("POST", `${API}/macros`, {
          name: "Thanks",
          body: "Thanks for waiting, {{customer.name}}. The VPN works again.",
          shared: true,
        }),
        201,
      );
      const { platform } = await testApp();
      await withScope(
        platform.db.sql,
        { tenantId: tenant.id },
        (tx) =>
          tx`insert into support_mail_ids (message_id, ticket_id, direction)
        values (${`vpn-${locale}@mail.example`}, ${tk.id}, 'in')`,
      );
      try {
        await withServer(context, async (base) => {
          const page = await context.newPage();
          const problems = watch(page);
          await signIn(page, base, tenant.owner.email, tenant.slug);
          if (locale === "tr") {
            await page.evaluate(() =>
              fetch("/language", { method: "POST", body: new URLSearchParams({ locale: "tr" }) })
            );
          }
          await page.goto(`${base}/support/tickets/${tk.id}`);
          assert.equal(await page.locator("html").getAttribute("lang"), locale);

          // The canned reply fills the reply box.
          await page.locator('[data-testid="canned-reply-picker"]').selectOption(macro.id);
          await page.waitForFunction(() =>
            (document.querySelector("#td-comment") as HTMLTextAreaElement | null)?.value
              .includes("Deniz Yılmaz")
          );

          // E-mail is on by default for a public reply, and names the customer's address.
          const send = page.locator('[data-testid="send-email"]');
          assert.equal(await send.isChecked(), true);
          const label = await page.locator(".support-reply-email .checks").innerText();
          assert.ok(label.includes(email), label);
          assert.match(label, locale === "tr" ? /e-posta gönder/ : /Send as e-mail/);
          // An internal note takes the e-mail choice away; public brings it back.
          await page.locator("#td-visibility").selectOption("internal");
          assert.equal(await send.isChecked(), false);
          await page.locator(".support-internal-never").waitFor({ state: "visible" });
          await page.locator("#td-visibility").selectOption("public");
          assert.equal(await send.isChecked(), true);

          // One file chosen, one dropped: both upload at once and wait as hidden ids.
          await page.locator('[data-testid="reply-files"]').setInputFiles({
            name: "vpn.log",
            mimeType: "text/plain",
            buffer: Buffer.from("connect failed 10:02"),
          });
          await page.locator('[data-testid="pending-file"]').first().waitFor();
          await dropFile(page, ".support-reply-drop", "route.txt", "10.0.0.0/8 via tun0");
          await page.locator('[data-testid="pending-file"]').nth(1).waitFor();
          assert.equal(await page.locator('input[name="attachmentIds"]').count(), 2);

          await page.locator('[data-testid="reply-cc"]').fill("boss@example.test");
          await page.locator(".support-comment-form .form-actions button[type=submit]").click();
          const comment = page.locator(".support-comment", { hasText: "The VPN works again" });
          await comment.locator('[data-testid="comment-emailed"]').waitFor();
          assert.match(await comment.innerText(), /boss@example\.test/);
          assert.deepEqual(
            await comment.locator('[data-testid="ticket-file"] .support-file-name').allInnerTexts(),
            ["vpn.log", "route.txt"],
          );
          // The files card keeps only the ticket's own files (none here).
          assert.equal(await page.locator('#ticket-files [data-testid="ticket-file"]').count(), 0);

          // The files card takes a dropped file too (uploaded with progress, the card swapped).
          await dropFile(page, "#ticket-files .support-drop", "contract.txt", "signed");
          await page.locator('#ticket-files [data-testid="ticket-file"]').waitFor();

          // Accessible, and nothing wider than a phone.
          await page.setViewportSize({ width: 375, height: 812 });
          assert.deepEqual(await pageFacts(page), { axe: [], sideways: false });

          // The mail: threaded, CC, both files with their bytes.
          await deliver(sink.url);
          const mail = sink.received.find((m) => m.to.includes(email) && /Re: /.test(m.raw));
          assert.ok(mail, "the reply reached the SMTP server");
          assert.ok(mail.to.includes("boss@example.test"));
          assert.equal(header(mail.raw, "Subject"), `Re: VPN does not connect [#${tk.number}]`);
          assert.equal(header(mail.raw, "In-Reply-To"), `<vpn-${locale}@mail.example>`);
          assert.match(header(mail.raw, "Message-ID") ?? "", /^<[0-9a-f-]+@/);
          assert.match(mail.raw, /filename=vpn\.log/);
          assert.match(mail.raw, /filename=route\.txt/);
          assert.ok(
            mail.raw.includes(btoa("connect failed 10:02")) ||
              mail.raw.includes("connect failed 10:02"),
            "the chosen file's bytes",
          );
          assert.deepEqual(problems, []);
        });
      } finally {
        await sink.close();
      }
    },
  );
}

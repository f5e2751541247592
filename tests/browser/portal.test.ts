/**
 * The customer portal in English and Turkish: the customer asks for a sign-in link, the link
 * arrives through the SMTP sink, they confirm it, open a request with an attachment (an article
 * is suggested while they type the subject), see the agent's reply, and rate the solved
 * request. No console errors, CSP violations, foreign requests or error answers; nothing wider
 * than a phone. With PORTAL_SHOTS=1 the pages are also saved as screenshots under
 * /tmp/shots/portal-tickets/ (1280 and 375 px, light and dark).
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { AXE, browserTest, type Page } from "./browser.ts";
import { htmxIdle, watch, withServer } from "./session.ts";
import { newTenant, testApp } from "../helpers.ts";
import { Dispatcher } from "../../shared/jobs/dispatcher.ts";
import { MAIL_SEND_JOB, mailJobs } from "../../platform/notifications/mail.service.ts";
import { PORTAL_LINK_JOB, portalJobs } from "../../modules/support/portal/portal.signin.service.ts";
import { smtpSink } from "../smtp.ts";
import { API, customer, json } from "../support/fixtures.ts";

const SHOTS = Deno.env.get("PORTAL_SHOTS") === "1" ? "/tmp/shots/portal-tickets" : null;

/** Runs the sign-in link and mail jobs now (the test app starts no dispatcher of its own). */
async function deliver(sinkUrl: string) {
  const { platform } = await testApp();
  const jobs = [
    ...portalJobs,
    ...mailJobs({ SMTP_URL: sinkUrl, MAIL_FROM: "Support <support@example.test>" }),
  ];
  const d = new Dispatcher(platform.db, new Map(jobs.map((j) => [j.name, j.handler])), {
    onlyNames: [PORTAL_LINK_JOB, MAIL_SEND_JOB],
  });
  for (let i = 0; i < 3; i++) await d.drain();
}

/** A mail's text as written (quoted-printable soft breaks and `=3D` undone). */
const unfold = (raw: string) => raw.replace(/=\r?\n/g, "").replace(/=3D/gi, "=");

/** Serious or critical axe-core findings in the page's content, and whether it scrolls sideways. */
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

/** At 375 px nothing scrolls sideways; with PORTAL_SHOTS the page is saved at both widths. */
async function check(page: Page, name: string) {
  await htmxIdle(page);
  await page.setViewportSize({ width: 375, height: 812 });
  assert.deepEqual(await pageFacts(page), { axe: [], sideways: false }, name);
  if (SHOTS) {
    await Deno.mkdir(SHOTS, { recursive: true });
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
        await page.screenshot({ path: `${SHOTS}/${name}-${width}-${scheme}.png`, fullPage: true });
      }
    }
    await page.emulateMedia({ colorScheme: "light" });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const TEXT = {
  en: {
    article: "Printer prints blank pages",
    articleBody: "Check the toner cartridge and run the cleaning cycle.",
    subject: "Printer prints blank",
    description: "Every page comes out empty since Monday.",
    reply: "Please send us a photo of the printer's display.",
    comment: "Quick and friendly help.",
    rated: "Your rating",
  },
  tr: {
    article: "Yazıcı boş sayfa basıyor",
    articleBody: "Toner kartuşunu denetleyin ve temizleme döngüsünü çalıştırın.",
    subject: "Yazıcı boş sayfa",
    description: "Pazartesiden beri her sayfa boş çıkıyor.",
    reply: "Lütfen yazıcının ekranının bir fotoğrafını gönderin.",
    comment: "Hızlı ve nazik bir yardım.",
    rated: "Değerlendirmeniz",
  },
};

for (const locale of ["en", "tr"] as const) {
  browserTest(
    `portal (${locale}): magic link, new request with a file, reply, rating`,
    async (context) => {
      const text = TEXT[locale];
      const tenant = await newTenant();
      const { platform } = await testApp();
      await platform.db.sql`insert into support_portal_settings (tenant_id, enabled)
                          values (${tenant.id}, true)`;
      const email = `portal-${locale}-${tenant.slug}@example.test`;
      await customer(tenant.owner, { name: "Deniz Yılmaz", email, locale });
      // A public, published article in both languages: the suggestion while typing the subject.
      const article = await json(
        await tenant.owner.call("POST", `${API}/kb/articles`, {
          visibility: "public",
          en: { title: TEXT.en.article, description: "", body: TEXT.en.articleBody },
          tr: { title: TEXT.tr.article, description: "", body: TEXT.tr.articleBody },
        }),
        201,
      );
      await json(await tenant.owner.call("POST", `${API}/kb/articles/${article.id}/publish`), 200);
      const sink = await smtpSink();
      try {
        await withServer(context, async (base) => {
          const page = await context.newPage();
          await page.setViewportSize({ width: 1280, height: 900 });
          const problems = watch(page);
          const portal = `${base}/portal/${tenant.slug}`;

          // Sign in by link: asked for on the sign-in page, read from the SMTP sink.
          await page.goto(`${portal}/sign-in?lang=${locale}`);
          assert.equal(await page.locator("html").getAttribute("lang"), locale);
          await page.locator("#portal-email").fill(email);
          await page.locator("#portal-sign-in form button[type=submit]").click();
          await page.locator("#portal-sign-in-sent").waitFor();
          await deliver(sink.url);
          const mail = sink.received.find((m) => m.to.includes(email));
          assert.ok(mail, "the sign-in link reached the SMTP server");
          const link = unfold(mail.raw).match(/https?:\/\/[^\s"<>]+\/sign-in\/[A-Za-z0-9_-]+/)?.[0];
          assert.ok(link, "a sign-in link in the mail");
          await page.goto(link);
          await Promise.all([
            page.waitForURL((u) => !u.pathname.includes("/sign-in")),
            page.locator("#portal-link-continue").click(),
          ]);

          // The start page: the customer's requests (none yet).
          await page.goto(portal);
          await page.locator(".portal-tickets .empty-state").waitFor();
          await check(page, `list-empty-${locale}`);

          // A new request: the article is suggested while the subject is typed.
          await page.locator(`a[href$="/tickets/new"]`).first().click();
          await page.waitForURL(/\/tickets\/new$/);
          await page.locator('input[name="subject"]').pressSequentially(text.subject, {
            delay: 30,
          });
          const suggestion = page.locator("#portal-suggestions li", { hasText: text.article });
          await suggestion.waitFor();
          await page.locator('textarea[name="description"]').fill(text.description);
          await page.locator('#portal-files input[type="file"]').setInputFiles({
            name: "printer-photo.txt",
            mimeType: "text/plain",
            buffer: Buffer.from("display shows E-05"),
          });
          await page.locator(".portal-file-list li", { hasText: "printer-photo.txt" }).waitFor();
          await check(page, `new-${locale}`);
          await Promise.all([
            page.waitForURL(/\/tickets\/[0-9a-f-]{36}\?done=created$/),
            page.locator('.portal-form button[type="submit"]').last().click(),
          ]);
          const id = page.url().match(/tickets\/([0-9a-f-]{36})/)![1];
          await page.locator(".portal-message", { hasText: text.description }).waitFor();
          assert.ok(
            await page.locator(".portal-file-list a", { hasText: "printer-photo.txt" }).count(),
          );

          // The agent answers through the API; the customer sees the answer.
          await json(
            await tenant.owner.call("POST", `${API}/support-ticket/${id}/comments`, {
              body: text.reply,
              visibility: "public",
            }),
            201,
          );
          await json(
            await tenant.owner.call("POST", `${API}/support-ticket/${id}/comments`, {
              body: "internal: check warranty",
              visibility: "internal",
            }),
            201,
          );
          await page.reload();
          await page.locator(".portal-message-team", { hasText: text.reply }).waitFor();
          assert.equal(await page.getByText("internal: check warranty").count(), 0);
          await check(page, `ticket-${locale}`);

          // Solved by the agent: the customer rates it, and the rating shows.
          await json(
            await tenant.owner.call("PUT", `${API}/support-ticket/${id}`, { status: "cozuldu" }),
            200,
          );
          await page.reload();
          await page.locator('#portal-rating input[value="good"]').check();
          await page.locator('#portal-rating textarea[name="comment"]').fill(text.comment);
          await Promise.all([
            page.waitForURL(/\?done=rated$/),
            page.locator('#portal-rating button[type="submit"]').click(),
          ]);
          await page.locator("#portal-rating", { hasText: text.comment }).waitFor();
          assert.ok((await page.locator("#portal-rating").innerText()).includes(text.rated));
          await check(page, `rated-${locale}`);

          // The list shows the request with its status label.
          await page.goto(portal);
          await page.locator("#portal-ticket-list", { hasText: text.subject }).waitFor();
          await check(page, `list-${locale}`);
          await htmxIdle(page);
          assert.deepEqual(problems, []);
        });
      } finally {
        await sink.close();
      }
    },
  );
}

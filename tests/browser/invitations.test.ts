/**
 * Invitations and password reset in a real browser, in English and Turkish: the owner invites
 * an address from the users page, the link from the captured mail is opened and accepted as a
 * new person (name, password with the live policy meter), who lands signed in; then "forgot
 * password" → the reset link → a new password, after which the session signed in before is
 * gone (the browser's own session and a bearer token from an earlier sign-in).
 */
import assert from "node:assert/strict";
import { browserTest } from "./browser.ts";
import { htmxIdle, signIn, watch, withServer } from "./session.ts";
import { callApp, newTenant, testApp, unique } from "../helpers.ts";
import { withScope } from "../../shared/db/scope.ts";
import { accountsMail } from "../shared/accounts-mail.ts";

const TEXT = {
  en: {
    invite: "Invite by e-mail",
    sent: "An invitation was sent to",
    meterStrong: /Strong|Good/,
    forgot: "Forgot password?",
    requested: "a link to reset its password is on its way",
    done: "Your password was changed",
  },
  tr: {
    invite: "E-postayla davet et",
    sent: "adresine davet gönderildi",
    meterStrong: /Güçlü|İyi/,
    forgot: "Parolanızı mı unuttunuz?",
    requested: "parola sıfırlama bağlantısı yolda",
    done: "Parolanız değiştirildi",
  },
} as const;

browserTest("invitations and password reset: invite → accept → forgot → reset (en, tr)", async (
  context,
) => {
  const { platform } = await testApp();
  const mail = await accountsMail();
  try {
    await withServer(context, async (base) => {
      const page = await context.newPage();
      const problems = watch(page);
      for (const lang of ["en", "tr"] as const) {
        const text = TEXT[lang];
        const t = await newTenant();
        await withScope(
          platform.db.sql,
          { tenantId: t.id },
          (tx) => tx`update tenants set locale = ${lang} where id = ${t.id}`,
        );
        await context.clearCookies();
        await page.goto(`${base}/login?lang=${lang}`);
        await signIn(page, base, t.owner.email, t.slug);

        // Invite from the users page's dialog.
        const email = `${unique(`inv-${lang}`)}@example.test`;
        await page.goto(`${base}/admin/users`);
        await page.locator('[data-dialog-open="invite-user"]').click();
        const dialog = page.locator("dialog#invite-user");
        await dialog.waitFor({ state: "visible" });
        assert.ok((await dialog.innerText()).includes(text.invite));
        await dialog.locator('input[name="email"]').fill(email);
        await dialog.locator('button[type="submit"]').click();
        await dialog.getByText(text.sent).waitFor({ state: "visible" });
        await page.locator("#invitations-panel").getByText(email).waitFor({ state: "attached" });

        // The link from the captured mail, accepted as a new person.
        await mail.flush();
        const token = mail.linkToken(email, "/invite/");
        assert.ok(token, "the invitation mail carries a link");
        await page.goto(`${base}/invite/${token}`);
        await page.locator("#name").fill(lang === "tr" ? "Şule Çınar" : "Sam Rivers");
        await page.locator("#password-input").pressSequentially("amber-glacier-tulip-31", {
          delay: 5,
        });
        await page.locator("#pw-meter").getByText(text.meterStrong).waitFor();
        await page.locator("#confirm-input").fill("amber-glacier-tulip-31");
        await htmxIdle(page);
        await Promise.all([
          page.waitForURL(`${base}/`),
          page.locator('main form button[type="submit"]').click(),
        ]);
        await htmxIdle(page);
        const me = await page.evaluate(() => document.body.innerText);
        assert.ok(me.includes(lang === "tr" ? "Şule Çınar" : "Sam Rivers"), "signed in");

        // An earlier session elsewhere: a bearer token from a sign-in before the reset.
        const earlier = await (await callApp("/api/auth/login", {
          method: "POST",
          body: { email, password: "amber-glacier-tulip-31" },
          headers: { "X-Forwarded-For": unique("ip") },
        })).json();
        assert.equal((await callApp("/api/auth/me", { token: earlier.accessToken })).status, 200);

        // Forgot password → the link → a new password (the browser stays signed in meanwhile).
        await page.goto(`${base}/login?lang=${lang}`);
        await page.getByText(text.forgot).click();
        await page.locator("#email").fill(email);
        await page.locator('main form button[type="submit"]').click();
        await page.getByText(text.requested).waitFor();
        await mail.flush();
        const reset = mail.linkToken(email, "/password/reset/");
        assert.ok(reset, "the reset mail carries a link");
        await page.goto(`${base}/password/reset/${reset}`);
        await page.locator("#password-input").pressSequentially("cobalt-orchard-sailing-58", {
          delay: 5,
        });
        await page.locator("#pw-meter").getByText(text.meterStrong).waitFor();
        await page.locator("#confirm-input").fill("cobalt-orchard-sailing-58");
        await htmxIdle(page);
        await page.locator('main form button[type="submit"]').click();
        await page.getByText(text.done).waitFor();
        assert.equal((await callApp("/api/auth/me", { token: earlier.accessToken })).status, 401);
        // The browser's own session, signed in before the reset, is gone too.
        const home = await page.goto(`${base}/`);
        assert.ok(new URL(page.url()).pathname === "/login" || home?.status() === 401, page.url());
      }
      assert.deepEqual(problems, []);
    });
  } finally {
    await mail.close();
  }
});

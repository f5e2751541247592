/**
 * Two-factor sign-in in a real browser, at http://localhost (a secure context whose host is a
 * valid WebAuthn RP ID; 127.0.0.1 is not one). In English: the owner sets up an authenticator
 * app on /profile/security (the key read from the page, the code computed with otpauth), signs
 * out, and signs in with password and code. In Turkish: a member registers a passkey with
 * Chromium's virtual authenticator, signs out, and signs in with the passkey alone; the owner
 * reads both audit lines (GET /api/admin/audit), then the member removes the passkey on the
 * security page and that is audited too.
 */
import assert from "node:assert/strict";
import * as OTPAuth from "otpauth";
import { browserTest } from "./browser.ts";
import { watch, withServer } from "./session.ts";
import { newTenant, PASSWORD, testApp } from "../helpers.ts";

/** What the client address of a browser on this machine looks like. */
const LOOPBACK = /^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/;

interface AuditLine {
  action: string;
  actorId: string | null;
  actorEmail: string | null;
  entityType: string;
  entityId: string;
  address: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const codeAt = (secret: string, at: number) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 })
    .generate({ timestamp: at });

browserTest("two-factor: TOTP enrol and sign in (en), passkey register and sign in (tr)", async (
  context,
) => {
  const { platform } = await testApp();
  await platform.db.sql`delete from login_throttle where key like 'address:%'`;
  const t = await newTenant();
  const member = await t.member(["member"]);
  await withServer(context, async (served) => {
    const base = served.replace("127.0.0.1", "localhost");
    const page = await context.newPage();
    // Requests go to localhost (the same server): only other hosts are foreign here.
    const seen = watch(page);
    // Leaving the page first closes its notification stream, which would otherwise reconnect
    // without a cookie and be refused (a 401 the test would rightly count).
    const signOut = async () => {
      await page.goto("about:blank");
      await context.clearCookies();
    };
    const passwordStep = async (email: string) => {
      await page.goto(`${base}/login`);
      await page.locator("#email").fill(email);
      await page.locator("#password").fill(PASSWORD);
      await page.locator("#tenant").fill(t.slug);
      await page.locator('main form[action="/login"] button[type="submit"]').click();
    };

    // -- English: the authenticator app.
    await page.goto(`${base}/login?lang=en`);
    await passwordStep(t.owner.email);
    await page.waitForURL(`${base}/`);
    await page.goto(`${base}/profile`);
    await Promise.all([
      page.waitForURL(`${base}/profile/security`),
      page.getByRole("link", { name: "Sign-in security" }).click(),
    ]);
    await page.getByRole("button", { name: "Set up an authenticator app" }).click();
    const secret = (await page.locator("#totp-secret").innerText()).trim();
    assert.match(secret, /^[A-Z2-7]{32}$/);
    assert.equal(await page.locator(".totp-qr svg").count(), 1);
    await page.locator("#code").fill(codeAt(secret, Date.now()));
    await page.getByRole("button", { name: "Confirm and turn on" }).click();
    await page.locator("#recovery-codes").waitFor();
    assert.equal(await page.locator("#recovery-codes li").count(), 10);

    // Signed out, the password alone is not enough any more.
    await signOut();
    await passwordStep(t.owner.email);
    await page.getByRole("heading", { name: "Second step" }).waitFor();
    await page.locator("#code").fill(codeAt(secret, Date.now() + 30_000));
    await Promise.all([
      page.waitForURL(`${base}/`),
      page.getByRole("button", { name: "Verify" }).click(),
    ]);

    // -- Turkish: a passkey, then a sign-in with it alone.
    await signOut();
    const cdp = await context.newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    });
    await page.goto(`${base}/login?lang=tr`);
    await passwordStep(member.email);
    await page.waitForURL(`${base}/`);
    await page.goto(`${base}/profile/security`);
    assert.equal(await page.locator("main h1").innerText(), "Oturum açma güvenliği");
    await page.locator("#passkey-name").fill("Test anahtarı");
    await Promise.all([
      page.waitForURL(`${base}/profile/security?added=1`),
      page.getByRole("button", { name: "Geçiş anahtarı ekle" }).click(),
    ]);
    assert.match(await page.locator("#passkey-list").innerText(), /Test anahtarı/);

    // Signing out also dropped the language cookie: ask for Turkish again.
    await signOut();
    await page.goto(`${base}/login?lang=tr`);
    await Promise.all([
      page.waitForURL(`${base}/`),
      page.getByRole("button", { name: "Geçiş anahtarıyla oturum aç" }).click(),
    ]);
    const me = await page.evaluate(() => fetch("/api/auth/me").then((r) => r.json()));
    assert.equal(me.user.email, member.email);
    assert.equal(me.tenant.slug, t.slug);

    // -- The audit trail, read by the owner with their bearer token (the browser stays the
    // member's): the passkey added, then used to sign in, by the member from here.
    const auditOfMember = async () => {
      const res = await fetch(`${base}/api/admin/audit?actor=${member.id}`, {
        headers: { Authorization: `Bearer ${t.owner.token}` },
      });
      const text = await res.text();
      assert.equal(res.status, 200, text);
      const items = JSON.parse(text).items as AuditLine[];
      return (action: string) => {
        const found = items.filter((l) => l.action === action);
        assert.equal(found.length, 1, `one ${action} line`);
        const [line] = found;
        assert.equal(line.actorId, member.id);
        assert.equal(line.actorEmail, member.email);
        assert.match(line.address ?? "", LOOPBACK);
        return line;
      };
    };
    const lines = await auditOfMember();
    const added = lines("passkey_added");
    assert.equal(added.entityType, "passkey");
    assert.deepEqual(added.after, { name: "Test anahtarı" });
    const signedIn = lines("sign_in_passkey");
    assert.equal(signedIn.entityId, member.id);

    // Removing the passkey on the security page is audited too.
    await page.goto(`${base}/profile/security`);
    await page.getByRole("button", { name: "Test anahtarı geçiş anahtarını kaldır" }).click();
    await page.getByText("Geçiş anahtarı kaldırıldı.").waitFor();
    assert.doesNotMatch(await page.locator("main").innerText(), /Test anahtarı/);
    const removed = (await auditOfMember())("passkey_removed");
    assert.equal(removed.entityId, added.entityId);
    assert.deepEqual(removed.before, { name: "Test anahtarı" });

    assert.deepEqual(seen.filter((p) => !p.includes("//localhost:")), []);
  });
});

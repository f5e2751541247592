/**
 * API tokens and sessions in a real browser, in English and Turkish: a personal token is
 * created on /profile/tokens, shown once, and revoked; /profile/sessions marks this device and
 * ends another session, which is refused on its next request.
 */
import assert from "node:assert/strict";
import { browserTest, type Page } from "./browser.ts";
import { signIn, watch, withServer } from "./session.ts";
import { callApp, newTenant, PASSWORD, type TestTenant } from "../helpers.ts";

const TEXTS = {
  en: {
    create: "Create token",
    revoke: "Revoke",
    revoked: "Revoked",
    thisDevice: "This device",
    end: "End session",
    ended: "The session was ended.",
  },
  tr: {
    create: "Anahtar oluştur",
    revoke: "İptal et",
    revoked: "İptal edildi",
    thisDevice: "Bu cihaz",
    end: "Oturumu sonlandır",
    ended: "Oturum sonlandırıldı.",
  },
};

async function otherSession(t: TestTenant) {
  const res = await callApp("/api/auth/login", {
    method: "POST",
    body: { email: t.owner.email, password: PASSWORD },
    headers: { "User-Agent": "curl/8.5.0", "X-Forwarded-For": "203.0.113.7" },
  });
  assert.equal(res.status, 200);
  return (await res.json()).accessToken as string;
}

async function run(page: Page, base: string, lang: "en" | "tr") {
  const x = TEXTS[lang];
  const t = await newTenant();
  if (lang === "tr") {
    assert.equal((await t.owner.call("PATCH", "/api/auth/me", { locale: "tr" })).status, 200);
  }
  const other = await otherSession(t);
  await signIn(page, base, t.owner.email, t.slug);

  // A personal token: created, shown once, revoked.
  await page.goto(`${base}/profile/tokens`);
  await page.locator('input[name="name"]').fill(`Export ${lang}`);
  await page.locator('input[name="scopes"][value="support.ticket.read"]').check();
  await page.getByRole("button", { name: x.create }).click();
  const secret = await page.locator("#new-token").inputValue();
  assert.match(secret, /^plt_[A-Za-z0-9_-]{43}$/);
  assert.equal((await callApp("/api/support/support-ticket", { token: secret })).status, 200);
  await page.goto(`${base}/profile/tokens`);
  assert.equal(await page.locator("#new-token").count(), 0, "shown only once");
  assert.ok(!(await page.content()).includes(secret));
  const row = page.locator("#tokens tbody tr", { hasText: `Export ${lang}` });
  await Promise.all([
    page.waitForURL(/done=revoked/),
    row.getByRole("button", { name: x.revoke }).click(),
  ]);
  await row.getByText(x.revoked).first().waitFor();
  assert.equal((await callApp("/api/support/support-ticket", { token: secret })).status, 401);

  // Sessions: this device marked; the other (curl) ended.
  await page.goto(`${base}/profile/sessions`);
  const mine = page.locator("#sessions tbody tr", { hasText: x.thisDevice });
  assert.equal(await mine.count(), 1);
  const curl = page.locator("#sessions tbody tr", { hasText: "curl" });
  assert.equal(await curl.count(), 1);
  assert.ok((await curl.innerText()).includes("203.0.113.7"));
  await Promise.all([
    page.waitForURL(/done=ended/),
    curl.getByRole("button", { name: x.end }).click(),
  ]);
  await page.getByText(x.ended).first().waitFor();
  assert.equal(await page.locator("#sessions tbody tr", { hasText: "curl" }).count(), 0);
  assert.equal((await callApp("/api/auth/me", { token: other })).status, 401);
}

browserTest("access: personal token once and revoked; sessions end another (en, tr)", async (
  context,
) => {
  await withServer(context, async (base) => {
    const page = await context.newPage();
    const problems = watch(page);
    await run(page, base, "en");
    await context.clearCookies();
    await run(page, base, "tr");
    assert.deepEqual(problems, []);
  });
});

import assert from "node:assert/strict";
import { browse, callApp, itest, newTenant, PASSWORD, problem, unique } from "../helpers.ts";

const login = (email: string, password: string, tenant?: string, from = unique("ip")) =>
  callApp("/api/auth/login", {
    method: "POST",
    body: { email, password, tenant },
    headers: { "X-Forwarded-For": from },
  });

itest("profile API: the caller changes their own name and language", async () => {
  const t = await newTenant();
  const member = await t.member(["member"]);
  const res = await member.call("PATCH", "/api/auth/me", { name: "Deniz Kaya", locale: "tr" });
  assert.equal(res.status, 200, await res.clone().text());
  const body = await res.json();
  assert.equal(body.name, "Deniz Kaya");
  assert.equal(body.locale, "tr");
  assert.equal(body.email, member.email);
  const me = await (await member.call("GET", "/api/auth/me")).json();
  assert.equal(me.user.locale, "tr");
  const cleared = await (await member.call("PATCH", "/api/auth/me", { locale: null })).json();
  assert.equal(cleared.locale, null);
  assert.equal(cleared.name, "Deniz Kaya", "what is not given stays");

  await problem(await member.call("PATCH", "/api/auth/me", {}), 400);
  await problem(await member.call("PATCH", "/api/auth/me", { name: "" }), 400);
  await problem(await member.call("PATCH", "/api/auth/me", { locale: "Deutsch" }), 400);
  await problem(await member.call("PATCH", "/api/auth/me", { locale: "de" }), 400);
  await problem(await callApp("/api/auth/me", { method: "PATCH", body: { name: "x" } }), 401);
  // Only the caller: nothing in the body can name someone else.
  const owner = await (await t.owner.call("GET", "/api/auth/me")).json();
  assert.equal(owner.user.name, "Owner");
});

itest("profile API: a password change needs the current one and follows the rules", async () => {
  const t = await newTenant();
  const member = await t.member(["member"]);
  const ip = { "X-Forwarded-For": unique("ip") };
  const change = (body: unknown) => member.call("POST", "/api/auth/password", body, ip);
  await problem(await change({ currentPassword: PASSWORD, newPassword: "short" }), 400);
  await problem(await change({ newPassword: "long-enough-123" }), 400);
  const wrong = await problem(
    await change({ currentPassword: "not-it", newPassword: "long-enough-123" }),
    422,
  );
  assert.match(wrong.type, /wrong-password/);
  const ok = await change({ currentPassword: PASSWORD, newPassword: "a new passphrase" });
  assert.equal(ok.status, 204);
  assert.equal((await login(member.email, PASSWORD, t.slug)).status, 401);
  assert.equal((await login(member.email, "a new passphrase", t.slug)).status, 200);
  await problem(
    await callApp("/api/auth/password", {
      method: "POST",
      body: { currentPassword: "x", newPassword: "long-enough-123" },
    }),
    401,
  );
});

itest("profile API: wrong current passwords count against the sign-in limit", async () => {
  const t = await newTenant();
  const member = await t.member(["member"]);
  const ip = { "X-Forwarded-For": unique("ip") };
  const statuses: number[] = [];
  for (let i = 0; i < 7; i++) {
    const res = await member.call("POST", "/api/auth/password", {
      currentPassword: `guess-${i}`,
      newPassword: "long-enough-123",
    }, ip);
    statuses.push(res.status);
    if (res.status === 429) assert.ok(Number(res.headers.get("Retry-After")) > 0);
    await res.body?.cancel();
  }
  assert.deepEqual(statuses.slice(0, 5), [422, 422, 422, 422, 422]);
  assert.equal(statuses.at(-1), 429, "then locked, even with the right password");
  const right = await member.call("POST", "/api/auth/password", {
    currentPassword: PASSWORD,
    newPassword: "long-enough-123",
  }, ip);
  assert.equal(right.status, 429);
  await right.body?.cancel();
  // The same (account, address) key as sign-in: signing in from there is locked too…
  assert.equal((await login(member.email, PASSWORD, t.slug, ip["X-Forwarded-For"])).status, 429);
  // …but not from elsewhere: guesses lock the guesser's address, not the account.
  assert.equal((await login(member.email, PASSWORD, t.slug)).status, 200);
});

itest(
  "profile page: details and password forms, inline answers in the reader's words",
  async () => {
    const t = await newTenant();
    const member = await t.member(["member"]);
    const headers = { "X-Forwarded-For": unique("ip") };
    const page = await browse("/profile", { who: member });
    const html = await page.text();
    assert.equal(page.status, 200);
    assert.match(html, /<h1>Profile<\/h1>/);
    assert.match(html, new RegExp(`value="${member.email}" readonly`));
    assert.match(html, /name="currentPassword"/);

    const saved = await browse("/profile", {
      who: member,
      form: { name: "Ayşe Yılmaz", locale: "tr" },
      htmx: true,
    });
    assert.equal(saved.status, 200);
    assert.equal(saved.headers.get("HX-Refresh"), "true", "the shell shows the new name");
    assert.match(await saved.text(), /Bilgileriniz kaydedildi\./, "answered in the new language");
    const after = await (await browse("/profile", { who: member })).text();
    assert.match(after, /<html lang="tr">/);
    assert.match(after, /value="Ayşe Yılmaz"/);

    const mismatch = await browse("/profile/password", {
      who: member,
      form: {
        currentPassword: PASSWORD,
        newPassword: "new-pass-123",
        confirmPassword: "other-123",
      },
      htmx: true,
      headers,
    });
    assert.equal(mismatch.status, 400);
    assert.match(await mismatch.text(), /İki yeni parola birbirinden farklı\./);
    const wrong = await browse("/profile/password", {
      who: member,
      form: {
        currentPassword: "nope",
        newPassword: "new-pass-123",
        confirmPassword: "new-pass-123",
      },
      htmx: true,
      headers,
    });
    assert.equal(wrong.status, 422);
    assert.match(await wrong.text(), /Mevcut parola doğru değil\./);
    const changed = await browse("/profile/password", {
      who: member,
      form: {
        currentPassword: PASSWORD,
        newPassword: " spaced pass ",
        confirmPassword: " spaced pass ",
      },
      headers,
    });
    assert.equal(changed.status, 200);
    assert.match(await changed.text(), /<h1>Profil<\/h1>[\s\S]*Parolanız değiştirildi\./);
    assert.equal((await login(member.email, " spaced pass ", t.slug)).status, 200, "not trimmed");

    const crossSite = await browse("/profile/password", {
      who: member,
      form: {
        currentPassword: " spaced pass ",
        newPassword: "x-long-enough",
        confirmPassword: "x",
      },
      origin: "https://evil.example",
    });
    assert.equal(crossSite.status, 403);
    await crossSite.body?.cancel();
  },
);

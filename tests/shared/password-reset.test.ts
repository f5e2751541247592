import assert from "node:assert/strict";
import {
  browse,
  callApp,
  itest,
  newTenant,
  PASSWORD,
  problem,
  testApp,
  unique,
} from "../helpers.ts";
import { withScope } from "../../shared/db/scope.ts";
import { accountsMail } from "./accounts-mail.ts";
import {
  checkPassword,
  enforcePassword,
  PASSWORD_MIN_LENGTH,
} from "../../platform/identity/password.rules.ts";
import { mailOrigin } from "../../platform/identity/links.lib.ts";

const NEW_PASSWORD = "quiet-lantern-meadow-77";

const ask = (email: string, ip = unique("ip")) =>
  callApp("/api/auth/password-reset", {
    method: "POST",
    body: { email },
    headers: { "X-Forwarded-For": ip },
  });

const signIn = (email: string, password: string) =>
  callApp("/api/auth/login", {
    method: "POST",
    body: { email, password },
    headers: { "X-Forwarded-For": unique("ip") },
  });

async function auditActions(tenantId: string) {
  const { platform } = await testApp();
  const rows = await withScope(
    platform.db.sql,
    { tenantId },
    (tx) => tx`select action from activity where module = 'identity' order by occurred_at, id`,
  );
  return rows.map((r) => r.action as string);
}

itest("password policy: length and a strength estimate, with the person's own words", async () => {
  assert.deepEqual((await checkPassword("")).issues, ["tooShort"]);
  assert.equal((await checkPassword("")).strength, "empty");
  assert.ok((await checkPassword("short")).issues.includes("tooShort"));
  assert.ok((await checkPassword("password123456")).issues.includes("tooGuessable"));
  assert.ok((await checkPassword("a".repeat(1025))).issues.includes("tooLong"));
  const personal = await checkPassword("ayseyilmaz-2020", { email: "ayseyilmaz@example.test" });
  assert.ok(personal.issues.includes("containsPersonal"));
  assert.equal(personal.ok, false);
  const good = await checkPassword(NEW_PASSWORD, { email: "ayse@example.test", name: "Ayşe" });
  assert.deepEqual(good.issues, []);
  assert.ok(good.ok && good.score >= 3);
  assert.equal([..."x".repeat(PASSWORD_MIN_LENGTH - 1)].length < PASSWORD_MIN_LENGTH, true);
  await assert.rejects(enforcePassword("qwertyuiop"), (e: { status: number }) => e.status === 400);
  assert.equal((await enforcePassword(NEW_PASSWORD)).ok, true);
});

itest("password reset: the same answer for known and unknown addresses", async () => {
  const t = await newTenant();
  const mail = await accountsMail();
  try {
    const unknown = `${unique("nobody")}@example.test`;
    const known = await ask(t.owner.email);
    const other = await ask(unknown);
    assert.equal(known.status, 202);
    assert.equal(other.status, 202);
    assert.equal(await known.text(), await other.text());
    assert.equal(known.headers.get("content-type"), other.headers.get("content-type"));
    // The pages answer the same too.
    const pageKnown = await browse("/password/forgot", {
      form: { email: t.owner.email },
      headers: { "X-Forwarded-For": unique("ip") },
    });
    const pageUnknown = await browse("/password/forgot", {
      form: { email: unknown },
      headers: { "X-Forwarded-For": unique("ip") },
    });
    assert.equal(pageKnown.status, 202);
    assert.equal(pageUnknown.status, 202);
    assert.equal(await pageKnown.text(), await pageUnknown.text());
    // Only the job looks the address up: a mail for the account, nothing for the unknown one.
    await mail.flush();
    assert.ok(mail.mailTo(t.owner.email).length >= 1);
    assert.equal(mail.mailTo(unknown).length, 0);
    assert.ok((await auditActions(t.id)).includes("password_reset_requested"));
    await problem(await ask("not-an-address"), 400);
  } finally {
    await mail.close();
  }
});

itest("password reset: a new password ends every session; the link works once", async () => {
  const t = await newTenant();
  const mail = await accountsMail();
  try {
    const old = await (await signIn(t.owner.email, PASSWORD)).json();
    assert.equal((await callApp("/api/auth/me", { token: old.accessToken })).status, 200);
    assert.equal((await ask(t.owner.email)).status, 202);
    await mail.flush();
    const token = mail.linkToken(t.owner.email, "/password/reset/")!;
    assert.ok(token, "the mail carries the link");
    const page = await browse(`/password/reset/${token}`);
    assert.equal(page.status, 200);
    assert.ok((await page.text()).includes(t.owner.email));

    // Validation: a weak password is refused and nothing changes.
    const weak = await callApp("/api/auth/password-reset/complete", {
      method: "POST",
      body: { token, password: "qwertyuiop" },
    });
    const body = await problem(weak, 400);
    assert.ok(body.errors.length > 0);
    await problem(
      await callApp("/api/auth/password-reset/complete", {
        method: "POST",
        body: { token: "short", password: NEW_PASSWORD },
      }),
      400,
    );
    assert.equal((await callApp("/api/auth/me", { token: old.accessToken })).status, 200);

    const done = await callApp("/api/auth/password-reset/complete", {
      method: "POST",
      body: { token, password: NEW_PASSWORD },
    });
    assert.equal(done.status, 204, await done.text());
    await problem(await callApp("/api/auth/me", { token: old.accessToken }), 401);
    assert.equal((await signIn(t.owner.email, PASSWORD)).status, 401);
    assert.equal((await signIn(t.owner.email, NEW_PASSWORD)).status, 200);
    // Used: refused, nothing changes.
    await problem(
      await callApp("/api/auth/password-reset/complete", {
        method: "POST",
        body: { token, password: "another-fine-passphrase-9" },
      }),
      404,
    );
    assert.equal((await browse(`/password/reset/${token}`)).status, 410);
    assert.equal((await signIn(t.owner.email, NEW_PASSWORD)).status, 200);
    assert.ok((await auditActions(t.id)).includes("password_reset"));
  } finally {
    await mail.close();
  }
});

itest("password reset: an expired or superseded link is refused", async () => {
  const t = await newTenant();
  const mail = await accountsMail();
  const { platform } = await testApp();
  try {
    await ask(t.owner.email);
    await mail.flush();
    const first = mail.linkToken(t.owner.email, "/password/reset/")!;
    await ask(t.owner.email);
    await mail.flush();
    const second = mail.linkToken(t.owner.email, "/password/reset/")!;
    assert.notEqual(first, second);
    assert.equal((await browse(`/password/reset/${first}`)).status, 410, "superseded");
    // Expired: the row's expiry moved into the past (the table is the schema owner's).
    await platform.db
      .sql`update identity_password_resets set expires_at = now() - interval '1 minute'
      where user_id = ${t.owner.id}`;
    assert.equal((await browse(`/password/reset/${second}`)).status, 410);
    const late = await browse(`/password/reset/${second}`, {
      form: { password: NEW_PASSWORD, confirm: NEW_PASSWORD },
    });
    assert.equal(late.status, 410);
    assert.equal((await signIn(t.owner.email, PASSWORD)).status, 200, "unchanged");
    // The stored form is a hash, never the token.
    const rows = await platform.db.sql`select token_hash from identity_password_resets
      where user_id = ${t.owner.id}`;
    assert.ok(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash) && r.tokenHash !== second));
    // The application role cannot read the table at all.
    await assert.rejects(() =>
      withScope(platform.db.sql, {}, (tx) => tx`select * from identity_password_resets`)
    );
  } finally {
    await mail.close();
  }
});

itest("password reset: throttled per address and per client (429 problem+json)", async () => {
  const email = `${unique("thr")}@example.test`;
  for (let i = 0; i < 3; i++) assert.equal((await ask(email)).status, 202);
  const limited = await ask(email);
  const body = await problem(limited, 429);
  assert.ok(Number(limited.headers.get("Retry-After")) > 0);
  assert.match(body.type, /rate-limited/);
  const ip = unique("ip");
  for (let i = 0; i < 10; i++) {
    assert.equal((await ask(`${unique("c")}@example.test`, ip)).status, 202);
  }
  await problem(await ask(`${unique("c")}@example.test`, ip), 429);
});

itest(
  "password policy: the meter answers while typing; the profile enforces the rule",
  async () => {
    const t = await newTenant();
    const meter = await browse("/password/strength", {
      form: { password: "password123" },
      htmx: true,
    });
    const html = await meter.text();
    assert.equal(meter.status, 200);
    assert.match(html, /id="pw-meter"/);
    assert.match(html, /Very weak|Weak/);
    const strong = await (await browse("/password/strength", {
      form: { password: NEW_PASSWORD },
      htmx: true,
    })).text();
    assert.match(strong, /Strong|Good/);
    const api = await callApp("/api/auth/password-policy/check", {
      method: "POST",
      body: { password: "qwerty" },
    });
    const verdict = await api.json();
    assert.equal(verdict.ok, false);
    assert.ok(verdict.issues.includes("tooShort"));
    const change = await t.owner.call("POST", "/api/auth/password", {
      currentPassword: PASSWORD,
      newPassword: "password123456",
    });
    await problem(change, 400);
    assert.equal((await signIn(t.owner.email, PASSWORD)).status, 200);
  },
);

itest("mail links: PUBLIC_URL, else only a loopback or the platform's own host", () => {
  const none = () => undefined;
  const at = (url: string, config: Partial<Parameters<typeof mailOrigin>[2]> = {}) =>
    mailOrigin(url, none, { HOST: "0.0.0.0", TRUST_PROXY: false, ...config });
  assert.equal(at("http://localhost:8000/x"), "http://localhost:8000");
  assert.equal(at("http://127.0.0.1:9/x"), "http://127.0.0.1:9");
  assert.equal(at("http://[::1]:9/x"), "http://[::1]:9");
  assert.equal(at("http://evil.example/x"), null);
  assert.equal(at("http://0.0.0.0:8000/x"), null);
  assert.equal(
    at("http://app.internal:8000/x", { HOST: "app.internal" }),
    "http://app.internal:8000",
  );
  assert.equal(at("http://evil.example/x", { HOST: "app.internal" }), null);
  assert.equal(
    at("http://evil.example/x", { PUBLIC_URL: "https://platform.example.com" }),
    "https://platform.example.com",
  );
  // A forwarded host is the requester's too (TRUST_PROXY only says who may set it).
  const forwarded = (h: string) => h === "x-forwarded-host" ? "evil.example" : undefined;
  assert.equal(
    mailOrigin("http://127.0.0.1:8000/x", forwarded, { HOST: "0.0.0.0", TRUST_PROXY: true }),
    null,
  );
});

itest(
  "password reset: a forged Host never reaches the mail; PUBLIC_URL is used when set",
  async () => {
    const t = await newTenant();
    const mail = await accountsMail();
    const { app, platform } = await testApp();
    const forged = (ip = unique("ip")) =>
      app.request("http://evil.example/api/auth/password-reset", {
        method: "POST",
        body: JSON.stringify({ email: t.owner.email }),
        headers: {
          "Content-Type": "application/json",
          Host: "evil.example",
          "X-Forwarded-Host": "evil.example",
          "X-Forwarded-For": ip,
        },
      });
    try {
      // Unset: nothing is sent to a host the requester chose.
      const refused = await problem(await forged(), 503);
      assert.equal(refused.type, "/problems/public-url-missing");
      await mail.flush();
      assert.equal(mail.mailTo(t.owner.email).length, 0);

      platform.config.PUBLIC_URL = "https://platform.example.com";
      assert.equal((await forged()).status, 202);
      await mail.flush();
      const mails = mail.mailTo(t.owner.email);
      assert.equal(mails.length, 1);
      assert.match(
        mails[0],
        /https:\/\/platform\.example\.com\/password\/reset\/[A-Za-z0-9_-]{43}/,
      );
      assert.doesNotMatch(mails[0], /evil\.example/);
    } finally {
      platform.config.PUBLIC_URL = undefined;
      await mail.close();
    }
  },
);

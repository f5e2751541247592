import assert from "node:assert/strict";
import { browse, callApp, itest, newTenant, problem, testApp, unique } from "../helpers.ts";
import { withScope } from "../../shared/db/scope.ts";
import { smtpSink } from "../smtp.ts";
import { Dispatcher } from "../../shared/jobs/dispatcher.ts";
import { MAIL_SEND_JOB, mailJobs } from "../../platform/notifications/mail.service.ts";
import { PORTAL_LINK_JOB, portalJobs } from "../../modules/support/portal/portal.signin.service.ts";
import { API, customer, json, ticket } from "./fixtures.ts";
import { startFakeProvider } from "../shared/oidc-provider.fixtures.ts";

/** The SMTP sink with the link job and mail delivery: `flush()` runs them. */
async function portalMail() {
  const sink = await smtpSink();
  const { platform } = await testApp();
  const send = mailJobs({ SMTP_URL: sink.url, MAIL_FROM: "Support <no-reply@example.test>" })
    .find((j) => j.name === MAIL_SEND_JOB)!;
  const link = portalJobs.find((j) => j.name === PORTAL_LINK_JOB)!;
  const dispatcher = new Dispatcher(
    platform.db,
    new Map([[MAIL_SEND_JOB, send.handler], [PORTAL_LINK_JOB, link.handler]]),
    { onlyNames: [PORTAL_LINK_JOB, MAIL_SEND_JOB] },
  );
  const decode = (raw: string) =>
    raw.replace(/=\r?\n/g, "").replace(
      /=([0-9A-F]{2})/g,
      (_, h) => String.fromCharCode(parseInt(h, 16)),
    );
  return {
    flush: () => dispatcher.drain(),
    mailTo: (address: string) =>
      sink.received.filter((m) => m.to.includes(address)).map((m) => decode(m.raw)),
    /** The token of the last sign-in link mailed to an address. */
    token(address: string): string | undefined {
      const mails = this.mailTo(address);
      const found = [...(mails.at(-1) ?? "").matchAll(/\/sign-in\/([A-Za-z0-9_-]{43})/g)];
      return found.at(-1)?.[1];
    },
    close: () => sink.close(),
  };
}

/** A tenant with its portal open and one customer with an e-mail address. */
async function openPortal(locale = "en") {
  const t = await newTenant();
  await json(await t.owner.call("PUT", `${API}/portal-settings`, { enabled: true }), 200);
  const email = `${unique("cust")}@example.test`.toLowerCase();
  const c = await customer(t.owner, { email, locale });
  return { t, c, email };
}

const portal = (slug: string, rest = "") => `/portal/${slug}${rest}`;

/** Asks for a link from a fresh client address (throttles are per address and client). */
const askLink = (slug: string, email: string, ip = unique("ip")) =>
  browse(portal(slug, "/sign-in"), { form: { email }, headers: { "X-Forwarded-For": ip } });

/** The portal cookie a response set, as a Cookie header value. */
function portalCookie(res: Response): string {
  const set = res.headers.getSetCookie().find((c) => c.startsWith("portal_session="));
  assert.ok(set, "a portal session cookie is set");
  return set.split(";")[0];
}

/** Opens the mailed link (GET shows a button) and presses it (POST): the portal cookie. */
async function useLink(slug: string, token: string) {
  const shown = await browse(portal(slug, `/sign-in/${token}`));
  assert.equal(shown.status, 200);
  assert.match(await shown.text(), /portal-link-continue/);
  const used = await browse(portal(slug, `/sign-in/${token}`), { method: "POST" });
  assert.equal(used.status, 303);
  assert.equal(used.headers.get("location"), portal(slug));
  return portalCookie(used);
}

itest("portal access: a magic link signs the customer in, once", async () => {
  const mail = await portalMail();
  try {
    const { t, c, email } = await openPortal("tr");
    const asked = await askLink(t.slug, email);
    assert.equal(asked.status, 200);
    await mail.flush();
    const mails = mail.mailTo(email);
    assert.equal(mails.length, 1);
    // In the customer's language.
    assert.match(mails[0], /Merhaba/);
    const token = mail.token(email)!;
    assert.ok(token);
    // Only the hash is stored.
    const { platform } = await testApp();
    const stored = await withScope(
      platform.db.sql,
      { tenantId: t.id },
      (tx) => tx`select token_hash, expires_at - created_at as ttl from support_portal_links`,
    );
    assert.equal(stored.length, 1);
    assert.notEqual(stored[0].tokenHash, token);
    const cookie = await useLink(t.slug, token);
    const home = await callApp(portal(t.slug), { headers: { Cookie: cookie } });
    assert.equal(home.status, 200);
    assert.match(await home.text(), new RegExp(c.name));
    // The link is used up: both the page and the button refuse it now.
    const again = await browse(portal(t.slug, `/sign-in/${token}`));
    assert.equal(again.status, 410);
    assert.match(await again.text(), /portal-link-dead/);
    const press = await browse(portal(t.slug, `/sign-in/${token}`), { method: "POST" });
    assert.equal(press.status, 410);
    assert.equal(press.headers.getSetCookie().some((x) => x.startsWith("portal_session=e")), false);
    // Signing out ends the session: the same cookie is refused afterwards.
    const out = await callApp(portal(t.slug, "/sign-out"), {
      method: "POST",
      headers: { Cookie: cookie, Origin: "http://localhost" },
    });
    assert.equal(out.status, 303);
    const after = await callApp(portal(t.slug), { headers: { Cookie: cookie } });
    assert.equal(after.status, 303);
    assert.match(after.headers.get("location")!, /\/sign-in/);
  } finally {
    await mail.close();
  }
});

itest("portal access: the same answer for an unknown address, and no mail", async () => {
  const mail = await portalMail();
  try {
    const { t, email } = await openPortal();
    const unknown = `${unique("nobody")}@example.test`;
    const known = await askLink(t.slug, email);
    const other = await askLink(t.slug, unknown);
    assert.equal(known.status, 200);
    assert.equal(other.status, 200);
    const strip = (s: string) => s.replace(/value="[^"]*@example\.test"/g, "");
    assert.equal(strip(await known.text()), strip(await other.text()));
    await mail.flush();
    assert.equal(mail.mailTo(email).length, 1);
    assert.equal(mail.mailTo(unknown).length, 0);
    // An address that is a customer of another tenant only: no mail either.
    const b = await openPortal();
    await askLink(t.slug, b.email);
    await mail.flush();
    assert.equal(mail.mailTo(b.email).length, 0);
  } finally {
    await mail.close();
  }
});

itest("portal access: bad input, throttling per address and per client", async () => {
  const { t, email } = await openPortal();
  const bad = await askLink(t.slug, "not-an-address");
  assert.equal(bad.status, 422);
  assert.match(await bad.text(), /portal-sign-in-error/);
  // Per address: the 4th request for one address in 15 minutes waits, whatever the client.
  for (let i = 0; i < 3; i++) assert.equal((await askLink(t.slug, email)).status, 200);
  const throttled = await askLink(t.slug, email);
  assert.equal(throttled.status, 429);
  assert.ok(Number(throttled.headers.get("retry-after")) > 0);
  // Per client: one address asking for many others.
  const ip = unique("ip");
  for (let i = 0; i < 10; i++) {
    assert.equal((await askLink(t.slug, `${unique("a")}@example.test`, ip)).status, 200);
  }
  assert.equal((await askLink(t.slug, `${unique("a")}@example.test`, ip)).status, 429);
  // Another site's form is refused.
  const cross = await browse(portal(t.slug, "/sign-in"), {
    form: { email },
    origin: "http://evil.example",
    headers: { "X-Forwarded-For": unique("ip") },
  });
  assert.equal(cross.status, 403);
});

itest("portal access: an expired link and another tenant's link are refused", async () => {
  const mail = await portalMail();
  try {
    const a = await openPortal();
    const b = await openPortal();
    await askLink(a.t.slug, a.email);
    await mail.flush();
    const token = mail.token(a.email)!;
    // Tenant A's link at tenant B: refused, and it stays usable at A.
    const atB = await browse(portal(b.t.slug, `/sign-in/${token}`), { method: "POST" });
    assert.equal(atB.status, 410);
    const shownAtB = await browse(portal(b.t.slug, `/sign-in/${token}`));
    assert.equal(shownAtB.status, 410);
    // Expired: fifteen minutes have passed.
    const { platform } = await testApp();
    await withScope(
      platform.db.sql,
      { tenantId: a.t.id },
      (tx) => tx`update support_portal_links set expires_at = now() - interval '1 second'`,
    );
    const expired = await browse(portal(a.t.slug, `/sign-in/${token}`), { method: "POST" });
    assert.equal(expired.status, 410);
    assert.match(await expired.text(), /portal-link-dead/);
    // A malformed token is simply dead.
    assert.equal((await browse(portal(a.t.slug, "/sign-in/nope"))).status, 410);
  } finally {
    await mail.close();
  }
});

itest("portal access: portal and staff tokens are not interchangeable", async () => {
  const mail = await portalMail();
  try {
    const { t, c, email } = await openPortal();
    const tk = await ticket(t.owner, c.id);
    await askLink(t.slug, email);
    await mail.flush();
    const cookie = await useLink(t.slug, mail.token(email)!);
    const raw = cookie.slice("portal_session=".length);
    // The portal token does not open the staff API, as a cookie or as a bearer token.
    await problem(
      await callApp(`${API}/support-ticket/${tk.id}`, {
        headers: { Cookie: `session=${raw}; ${cookie}` },
      }),
      401,
    );
    await problem(await callApp(`${API}/support-ticket/${tk.id}`, { token: raw }), 401);
    await problem(await callApp(`${API}/support-ticket`, { headers: { Cookie: cookie } }), 401);
    // Nor the staff pages.
    const staffPage = await callApp("/support/tickets", { headers: { Cookie: `session=${raw}` } });
    assert.notEqual(staffPage.status, 200);
    // A staff token in the portal cookie is no portal session.
    const staff = await callApp(portal(t.slug), {
      headers: { Cookie: `portal_session=${t.owner.token}; session=${t.owner.token}` },
    });
    assert.equal(staff.status, 303);
    assert.match(staff.headers.get("location")!, /\/sign-in/);
    // A portal session of tenant A is no session at tenant B.
    const b = await openPortal();
    const atB = await callApp(portal(b.t.slug), { headers: { Cookie: cookie } });
    assert.equal(atB.status, 303);
  } finally {
    await mail.close();
  }
});

itest("portal access: an unknown workspace or a closed portal is a 404 page", async () => {
  const missing = await callApp(portal("no-such-workspace-here", "/sign-in"));
  assert.equal(missing.status, 404);
  const t = await newTenant();
  const closed = await callApp(portal(t.slug, "/sign-in"));
  assert.equal(closed.status, 404);
  assert.equal((await callApp(portal("%00bad", "/sign-in"))).status, 404);
});

itest("portal settings API: read, change, validation, permission, tenant", async () => {
  const t = await newTenant();
  const before = await json(await t.owner.call("GET", `${API}/portal-settings`), 200);
  assert.deepEqual(before, {
    enabled: false,
    allowPriority: false,
    showAssigneeNames: true,
    reopenDays: 7,
    portalPath: `/portal/${t.slug}`,
  });
  const after = await json(
    await t.owner.call("PUT", `${API}/portal-settings`, {
      enabled: true,
      allowPriority: true,
      reopenDays: 14,
    }),
    200,
  );
  assert.equal(after.enabled, true);
  assert.equal(after.allowPriority, true);
  assert.equal(after.showAssigneeNames, true);
  assert.equal(after.reopenDays, 14);
  await problem(await t.owner.call("PUT", `${API}/portal-settings`, { reopenDays: -1 }), 400);
  await problem(await t.owner.call("PUT", `${API}/portal-settings`, { reopenDays: 1.5 }), 400);
  await problem(await t.owner.call("PUT", `${API}/portal-settings`, { enabled: "yes" }), 400);
  await problem(await t.owner.call("PUT", `${API}/portal-settings`, { other: 1 }), 400);
  // Agents read Support but do not change its settings.
  const agent = await t.member(["agent"]);
  await problem(await agent.call("PUT", `${API}/portal-settings`, { enabled: false }), 403);
  // Another tenant's settings are its own: B's change leaves A's alone.
  const b = await newTenant();
  const bSettings = await json(await b.owner.call("GET", `${API}/portal-settings`), 200);
  assert.equal(bSettings.enabled, false);
  await json(await b.owner.call("PUT", `${API}/portal-settings`, { reopenDays: 0 }), 200);
  const still = await json(await t.owner.call("GET", `${API}/portal-settings`), 200);
  assert.equal(still.reopenDays, 14);
  await problem(await callApp(`${API}/portal-settings`), 401);
});

itest(
  "portal access: SSO signs a customer in by verified e-mail, never makes accounts",
  async () => {
    const f = await startFakeProvider();
    const { platform } = await testApp();
    try {
      const { t, c, email } = await openPortal();
      platform.config.SSO_ALLOW_PRIVATE_ISSUERS = true;
      const set = await t.owner.call("PUT", "/api/admin/sso", {
        issuer: f.issuer,
        clientId: f.clientId,
        clientSecret: f.clientSecret,
        allowedDomains: [`${t.slug}.example`],
        defaultRole: "member",
        label: "Acme ID",
      });
      assert.equal(set.status, 200, await set.clone().text());
      const page = await callApp(portal(t.slug, "/sign-in"));
      assert.match(await page.text(), /Sign in with Acme ID/);
      const members = async () =>
        (await withScope(
          platform.db.sql,
          { tenantId: t.id },
          (tx) => tx`select count(*)::int as n from memberships`,
        ))[0].n;
      const before = await members();
      const attempt = async (address: string) => {
        const started = await browse(portal(t.slug, "/sso/start"), { form: {} });
        assert.equal(started.status, 303);
        const location = new URL(started.headers.get("location")!);
        assert.equal(location.origin, f.issuer);
        assert.equal(location.searchParams.get("code_challenge_method"), "S256");
        const flow = started.headers.getSetCookie().find((x) => x.startsWith("portal_sso_flow="))!;
        f.next = { email: address, nonce: location.searchParams.get("nonce")! };
        return await callApp(
          portal(t.slug, `/sso/callback?code=abc&state=${location.searchParams.get("state")}`),
          { headers: { Cookie: flow.split(";")[0] } },
        );
      };
      const ok = await attempt(email.toUpperCase());
      assert.equal(ok.status, 303, await ok.clone().text());
      assert.equal(ok.headers.get("location"), portal(t.slug));
      const home = await callApp(portal(t.slug), { headers: { Cookie: portalCookie(ok) } });
      assert.match(await home.text(), new RegExp(c.name));
      // An address that is no customer here: refused, nothing created.
      const stranger = await attempt(`${unique("x")}@${t.slug}.example`);
      assert.equal(stranger.status, 403);
      assert.match(await stranger.text(), /portal-sso-refused/);
      assert.equal(
        stranger.headers.getSetCookie().some((x) => /^portal_session=[^;]/.test(x)),
        false,
      );
      assert.equal(await members(), before);
      // A portal flow never ends in a staff session at the staff callback.
      {
        const started = await browse(portal(t.slug, "/sso/start"), { form: {} });
        const location = new URL(started.headers.get("location")!);
        const flow = started.headers.getSetCookie().find((x) => x.startsWith("portal_sso_flow="))!;
        f.next = {
          email: `${unique("s")}@${t.slug}.example`,
          nonce: location.searchParams.get("nonce")!,
        };
        const staff = await callApp(
          `/sso/callback?code=abc&state=${location.searchParams.get("state")}`,
          {
            headers: { Cookie: `sso_flow=${flow.split(";")[0].slice("portal_sso_flow=".length)}` },
          },
        );
        assert.equal(staff.status, 400);
        assert.equal(staff.headers.getSetCookie().some((x) => /^session=[^;]/.test(x)), false);
        assert.equal(await members(), before);
      }
      // A callback without the flow cookie (or replayed) is refused.
      const bare = await callApp(portal(t.slug, "/sso/callback?code=abc&state=x"));
      assert.equal(bare.status, 403);
      // The start is a same-origin form post only.
      const cross = await browse(portal(t.slug, "/sso/start"), {
        form: {},
        origin: "http://evil.example",
      });
      assert.equal(cross.status, 403);
    } finally {
      platform.config.SSO_ALLOW_PRIVATE_ISSUERS = false;
      await f.close();
    }
  },
);

itest("portal settings page: shows the link, saves, validates, refuses agents", async () => {
  const t = await newTenant();
  const shown = await browse("/support/settings/portal", { who: t.owner });
  assert.equal(shown.status, 200);
  const text = await shown.text();
  assert.match(text, new RegExp(`http://localhost/portal/${t.slug}`));
  assert.match(text, new RegExp(`/portal/${t.slug}/sso/callback`));
  const saved = await browse("/support/settings/portal", {
    who: t.owner,
    form: { enabled: "true", showAssigneeNames: "true", reopenDays: "3" },
    htmx: true,
  });
  assert.equal(saved.status, 200);
  const now = await json(await t.owner.call("GET", `${API}/portal-settings`), 200);
  assert.deepEqual(
    [now.enabled, now.allowPriority, now.showAssigneeNames, now.reopenDays],
    [true, false, true, 3],
  );
  const bad = await browse("/support/settings/portal", {
    who: t.owner,
    form: { enabled: "true", reopenDays: "400" },
    htmx: true,
  });
  assert.ok(bad.status >= 400 && bad.status < 500, String(bad.status));
  assert.equal(
    (await json(await t.owner.call("GET", `${API}/portal-settings`), 200)).reopenDays,
    3,
  );
  const agent = await t.member(["agent"]);
  // Agents read the settings (as the other Support settings) but cannot save them.
  const read = await browse("/support/settings/portal", { who: agent });
  assert.equal(read.status, 200);
  const readText = await read.text();
  assert.match(readText, /id="portal-enabled"[^>]*disabled/);
  const write = await browse("/support/settings/portal", { who: agent, form: { reopenDays: "1" } });
  assert.equal(write.status, 403);
  await write.body?.cancel();
});

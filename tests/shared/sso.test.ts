/**
 * Single sign-on per tenant (issue 35, part 4): the settings API, the code flow against a real
 * OpenID provider (oidc-provider), each refusal openid-client makes (state, nonce, issuer,
 * audience, signature) against a fake provider, the domain rule, just-in-time accounts with the
 * mapped role, and "SSO required" for password sign-in.
 */
import assert from "node:assert/strict";
import { withScope } from "../../shared/db/scope.ts";
import {
  browse,
  callApp,
  itest,
  newTenant,
  PASSWORD,
  problem,
  testApp,
  type TestTenant,
  unique,
} from "../helpers.ts";
import { providerAddressProblem } from "../../platform/identity/sso.issuer.repo.ts";
import { insertMembership } from "../../platform/identity/users.repo.ts";
import { sha256Hex } from "../../shared/crypto/bytes.ts";
import {
  CookieJar,
  type FakeIdToken,
  type FakeProvider,
  type OidcFixture,
  startFakeProvider,
  startOidcProvider,
} from "./oidc-provider.fixtures.ts";

const REDIRECT = "http://localhost/sso/callback";

let real: Promise<OidcFixture> | null = null;
let fake: Promise<FakeProvider> | null = null;
const provider = () => (real ??= startOidcProvider({ redirectUris: [REDIRECT] }));
const fakeProvider = () => (fake ??= startFakeProvider());

// The providers outlive every test; closed by the last one.
const domainOf = (t: TestTenant) => `${t.slug}.example`;

/**
 * The test providers run on 127.0.0.1 over http: the operator's SSO_ALLOW_PRIVATE_ISSUERS lets
 * workspaces use them (the SSRF test turns it off for its own steps).
 */
async function allowPrivateIssuers(allow: boolean) {
  (await testApp()).platform.config.SSO_ALLOW_PRIVATE_ISSUERS = allow;
}

async function setUp(
  t: TestTenant,
  p: { issuer: string; clientId: string; clientSecret: string },
  extra: Record<string, unknown> = {},
) {
  await allowPrivateIssuers(true);
  const res = await t.owner.call("PUT", "/api/admin/sso", {
    issuer: p.issuer,
    clientId: p.clientId,
    clientSecret: p.clientSecret,
    allowedDomains: [domainOf(t)],
    roleClaim: "groups",
    roleMap: [{ value: "admins", role: "admin" }],
    defaultRole: "member",
    label: "Acme",
    ...extra,
  });
  assert.equal(res.status, 200, await res.clone().text());
  return await res.json();
}

async function auditLines(tenantId: string, action: string) {
  const { platform } = await testApp();
  return await withScope(
    platform.db.sql,
    { tenantId },
    (tx) =>
      tx`select summary, before, after, actor_id from activity
       where module = 'identity' and action = ${action} order by occurred_at`,
  );
}

/**
 * /sso/<slug>/start from this site's own page (a browser says Sec-Fetch-Site: same-origin): the
 * provider's address and the flow cookie.
 */
async function start(slug: string, query = "") {
  const res = await callApp(`/sso/${slug}/start${query}`, {
    headers: { "Sec-Fetch-Site": "same-origin" },
  });
  assert.equal(res.status, 302, await res.clone().text());
  const jar = new CookieJar();
  jar.take(res);
  assert.ok(jar.values.get("sso_flow"), "flow cookie set");
  assert.match(res.headers.get("set-cookie") ?? "", /HttpOnly/);
  return { location: new URL(res.headers.get("location")!), jar };
}

/** Follows the provider's redirects (cookies by hand) and signs `login` in on its form. */
async function throughProvider(authUrl: URL, login: string): Promise<URL> {
  const jar = new CookieJar();
  let url = authUrl.href;
  let method = "GET";
  let body: string | undefined;
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(url, {
      method,
      body,
      redirect: "manual",
      headers: {
        Cookie: jar.header(),
        ...(body ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
      },
    });
    jar.take(res);
    const location = res.headers.get("location");
    await res.body?.cancel();
    if (location) {
      const next = new URL(location, url);
      if (next.href.startsWith(REDIRECT)) return next;
      url = next.href;
      method = "GET";
      body = undefined;
      continue;
    }
    if (res.status === 200 && new URL(url).pathname.startsWith("/interaction/")) {
      method = "POST";
      body = new URLSearchParams({ login }).toString();
      continue;
    }
    throw new Error(`provider answered ${res.status} at ${url}`);
  }
  throw new Error("too many redirects");
}

async function callback(back: URL, jar: CookieJar) {
  return await callApp(`/sso/callback${back.search}`, { headers: { Cookie: jar.header() } });
}

const sessionCookie = (res: Response) =>
  res.headers.getSetCookie().find((c) => c.startsWith("session="))?.split(";")[0];

itest("sso settings: set, read without the secret, change, remove; audited", async () => {
  const t = await newTenant();
  const p = await provider();
  const saved = await setUp(t, p);
  assert.equal(saved.hasClientSecret, true);
  assert.equal(saved.clientSecret, undefined);
  assert.equal(saved.redirectUri, REDIRECT);
  const read = await (await t.owner.call("GET", "/api/admin/sso")).json();
  assert.deepEqual(read.allowedDomains, [domainOf(t)]);
  assert.ok(!JSON.stringify(read).includes(p.clientSecret));

  // Omitting the secret keeps it; the label changes.
  const changed = await t.owner.call("PUT", "/api/admin/sso", {
    issuer: p.issuer,
    clientId: p.clientId,
    allowedDomains: [domainOf(t)],
    label: "Acme Corp",
  });
  assert.equal(changed.status, 200);
  assert.equal((await changed.json()).hasClientSecret, true);

  const lines = await auditLines(t.id, "sso_settings_changed");
  assert.equal(lines.length, 2);
  assert.equal(lines[1].before.label, "Acme");
  assert.equal(lines[1].after.label, "Acme Corp");
  assert.ok(!JSON.stringify(lines).includes(p.clientSecret), "no secret in the audit trail");
  assert.equal(lines[1].actorId, t.owner.id);

  assert.equal((await t.owner.call("DELETE", "/api/admin/sso")).status, 204);
  await problem(await t.owner.call("GET", "/api/admin/sso"), 404);
  await problem(await t.owner.call("DELETE", "/api/admin/sso"), 404);
});

itest("sso settings: validation errors, member 403, another tenant 404 and unchanged", async () => {
  const t = await newTenant();
  const other = await newTenant();
  const p = await provider();
  await allowPrivateIssuers(true);
  const base = {
    issuer: p.issuer,
    clientId: p.clientId,
    clientSecret: "s",
    allowedDomains: [domainOf(t)],
    label: "Acme",
  };
  const bad = async (body: Record<string, unknown>, path: string, status = 400) => {
    const res = await t.owner.call("PUT", "/api/admin/sso", { ...base, ...body });
    const err = await problem(res, status);
    if (status === 400) {
      assert.ok(
        err.errors.some((e: { path: string }) => e.path.includes(path)),
        JSON.stringify(err),
      );
    }
  };
  await bad({ issuer: "http://login.example.com" }, "issuer");
  await bad({ issuer: "not a url" }, "issuer");
  await bad({ allowedDomains: [] }, "allowedDomains");
  await bad({ allowedDomains: ["not a domain"] }, "allowedDomains");
  await bad({ clientSecret: undefined }, "clientSecret");
  await bad({ ssoRequired: true }, "breakGlassUserId");
  await bad({ defaultRole: "owner" }, "defaultRole");
  await bad({ roleMap: [{ value: "x", role: "nosuchrole" }] }, "", 422);
  // The break-glass account must be an owner of this workspace (not another's).
  await bad({ ssoRequired: true, breakGlassUserId: other.owner.id }, "", 422);
  await problem(await t.owner.call("GET", "/api/admin/sso"), 404); // nothing half-written

  const member = await t.member(["member"]);
  await problem(await member.call("PUT", "/api/admin/sso", base), 403);
  await problem(await member.call("GET", "/api/admin/sso"), 403);

  await setUp(t, p);
  await problem(await other.owner.call("GET", "/api/admin/sso"), 404);
  await problem(await other.owner.call("DELETE", "/api/admin/sso"), 404);
  const mine = await (await t.owner.call("GET", "/api/admin/sso")).json();
  assert.equal(mine.label, "Acme");
});

itest(
  "sso flow: code + PKCE through a real provider; JIT account with the mapped role",
  async () => {
    const t = await newTenant();
    const p = await provider();
    await setUp(t, p);
    const email = `alice-${unique("a")}@${domainOf(t)}`;
    p.accounts.set(email, { email, name: "Alice Example", groups: ["staff", "admins"] });

    // The sign-in page offers the button by workspace and by the e-mail's domain.
    const page = await (await callApp(`/login?workspace=${t.slug}`)).text();
    assert.match(page, /Sign in with Acme/);
    assert.match(page, new RegExp(`/sso/${t.slug}/start`));
    const lookup = await (await callApp(`/sso/lookup?email=${encodeURIComponent(email)}`)).text();
    assert.match(lookup, /Sign in with Acme/);
    const none = await (await callApp(`/sso/lookup?email=someone%40nowhere.example`)).text();
    assert.doesNotMatch(none, /Sign in with/);

    const { location, jar } = await start(t.slug);
    assert.equal(location.origin, p.issuer);
    assert.equal(location.searchParams.get("code_challenge_method"), "S256");
    assert.ok(location.searchParams.get("state") && location.searchParams.get("nonce"));
    const back = await throughProvider(location, email);
    const res = await callback(back, jar);
    assert.equal(res.status, 303, await res.clone().text());
    assert.equal(res.headers.get("location"), "/");
    const cookie = sessionCookie(res);
    assert.ok(cookie, "signed in");
    const me = await (await callApp("/api/auth/me", { headers: { Cookie: cookie! } })).json();
    assert.equal(me.user.email, email);
    assert.equal(me.tenant.id, t.id);
    assert.deepEqual(me.roles, ["admin"]);

    const signIns = await auditLines(t.id, "sign_in_sso");
    assert.equal(signIns.length, 1);
    assert.equal(signIns[0].actorId, me.user.id);

    // The flow is single use: the same answer again is refused.
    const replay = await callback(back, jar);
    assert.equal(replay.status, 400);
    assert.equal(sessionCookie(replay), undefined);

    // A second sign-in finds the same account (no second one); without a matching group: kept role.
    const again = await start(t.slug);
    const res2 = await callback(await throughProvider(again.location, email), again.jar);
    assert.equal(res2.status, 303);
    const me2 = await (await callApp("/api/auth/me", { headers: { Cookie: sessionCookie(res2)! } }))
      .json();
    assert.equal(me2.user.id, me.user.id);
  },
);

itest("sso flow: default role when no claim value maps; a foreign domain is refused", async () => {
  const t = await newTenant();
  const p = await provider();
  await setUp(t, p);
  const bob = `bob-${unique("b")}@${domainOf(t)}`;
  p.accounts.set(bob, { email: bob, groups: ["staff"] });
  const s1 = await start(t.slug);
  const r1 = await callback(await throughProvider(s1.location, bob), s1.jar);
  const me = await (await callApp("/api/auth/me", { headers: { Cookie: sessionCookie(r1)! } }))
    .json();
  assert.deepEqual(me.roles, ["member"]);

  const eve = `eve-${unique("e")}@elsewhere.example`;
  p.accounts.set(eve, { email: eve });
  const s2 = await start(t.slug);
  const r2 = await callback(await throughProvider(s2.location, eve), s2.jar);
  assert.equal(r2.status, 403);
  assert.equal(sessionCookie(r2), undefined);
  const body = await r2.text();
  assert.match(body, /cannot sign in to this workspace/);
  assert.ok(body.includes(eve));
  const failed = await auditLines(t.id, "sign_in_sso_failed");
  assert.equal(failed.length, 1);
  assert.equal(failed[0].after.reason, "domain");
  // No account was made for the foreign address.
  const { platform } = await testApp();
  const [row] = await withScope(
    platform.db.sql,
    {},
    (tx) => tx`select identity_user_id_by_email(${eve}) as id`,
  );
  assert.equal(row.id, null);
});

/** A started flow against the fake provider: the state and nonce the app sent. */
async function fakeStart(t: TestTenant) {
  const { location, jar } = await start(t.slug);
  return {
    jar,
    state: location.searchParams.get("state")!,
    nonce: location.searchParams.get("nonce")!,
  };
}

itest("sso refusals: state, nonce, issuer, audience and signature are each checked", async () => {
  const t = await newTenant();
  const f = await fakeProvider();
  await setUp(t, f);
  const email = `carol@${domainOf(t)}`;
  const refusedWith = async (
    token: (s: { nonce: string }) => Omit<FakeIdToken, "email">,
    state?: string,
  ) => {
    const s = await fakeStart(t);
    f.next = { email, ...token(s) };
    const res = await callApp(`/sso/callback?code=abc&state=${state ?? s.state}`, {
      headers: { Cookie: s.jar.header() },
    });
    const text = await res.text();
    assert.equal(res.status, 400, `${JSON.stringify(f.next)} ${state ?? ""}`);
    assert.equal(sessionCookie(res), undefined);
    assert.match(text, /could not be verified/);
  };
  // The control: everything right signs in (so each refusal below is for its one reason).
  {
    const s = await fakeStart(t);
    f.next = { email, nonce: s.nonce };
    const ok = await callApp(`/sso/callback?code=abc&state=${s.state}`, {
      headers: { Cookie: s.jar.header() },
    });
    assert.equal(ok.status, 303, await ok.clone().text());
    assert.ok(sessionCookie(ok));
  }
  await refusedWith((s) => ({ nonce: s.nonce }), "another-state");
  await refusedWith(() => ({ nonce: "another-nonce" }));
  await refusedWith((s) => ({ nonce: s.nonce, issuer: "https://evil.example" }));
  await refusedWith((s) => ({ nonce: s.nonce, audience: "another-client" }));
  await refusedWith((s) => ({ nonce: s.nonce, foreignKey: true }));
  const failed = await auditLines(t.id, "sign_in_sso_failed");
  assert.equal(failed.length, 5);
  assert.ok(failed.every((l) => l.after.reason === "invalid"));
  // Without the flow cookie nothing is exchanged at all.
  const noCookie = await callApp(`/sso/callback?code=abc&state=x`);
  assert.equal(noCookie.status, 400);
});

itest("sso required: password sign-in refused except for the break-glass owner", async () => {
  const t = await newTenant();
  const p = await provider();
  const member = await t.member(["admin"]);
  await setUp(t, p, { ssoRequired: true, breakGlassUserId: t.owner.id });
  const login = (email: string) =>
    callApp("/api/auth/login", {
      method: "POST",
      body: { email, password: PASSWORD, tenant: t.slug },
      headers: { "X-Forwarded-For": unique("ip") },
    });
  const refused = await problem(await login(member.email), 403);
  assert.equal(refused.type, "/problems/sso-required");
  assert.match(refused.detail, /single sign-on/);
  assert.equal((await login(t.owner.email)).status, 200);
  // A wrong password still answers 401 (the rule does not reveal membership).
  const wrong = await callApp("/api/auth/login", {
    method: "POST",
    body: { email: member.email, password: "wrong-password!", tenant: t.slug },
    headers: { "X-Forwarded-For": unique("ip") },
  });
  await problem(wrong, 401);
  // The sign-in page says to use single sign-on and offers the button.
  const form = await callApp("/login", {
    method: "POST",
    body: new URLSearchParams({ email: member.email, password: PASSWORD, tenant: t.slug })
      .toString(),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: "http://localhost",
      "X-Forwarded-For": unique("ip"),
    },
  });
  assert.equal(form.status, 403);
  const html = await form.text();
  assert.match(html, /identity provider/);
  assert.match(html, /Sign in with Acme/);
  // Turned off: the password works again.
  await setUp(t, p, { ssoRequired: false });
  assert.equal((await login(member.email)).status, 200);
});

itest(
  "sso issuer (SSRF): http and private addresses refused unless the operator allows them",
  async () => {
    // The guard itself: https and public addresses only, unless allowed.
    const refusedUrl = async (url: string) => await providerAddressProblem(new URL(url), false);
    for (
      const url of [
        "http://93.184.216.34",
        "https://127.0.0.1",
        "https://localhost:8443",
        "https://10.1.2.3",
        "https://169.254.169.254/latest",
        "https://[::1]",
        "https://[fd00::1]",
        "https://[::ffff:192.168.0.1]",
      ]
    ) assert.ok(await refusedUrl(url), url);
    assert.equal(await refusedUrl("https://93.184.216.34"), null);
    assert.equal(await providerAddressProblem(new URL("http://127.0.0.1:9"), true), null);

    const t = await newTenant();
    const p = await provider();
    const put = (issuer: string) =>
      t.owner.call("PUT", "/api/admin/sso", {
        issuer,
        clientId: p.clientId,
        clientSecret: p.clientSecret,
        allowedDomains: [domainOf(t)],
        label: "Acme",
      });
    try {
      await allowPrivateIssuers(false);
      for (const issuer of [p.issuer, "https://127.0.0.1:9", "https://169.254.169.254"]) {
        const err = await problem(await put(issuer), 400);
        assert.ok(err.errors.some((e: { path: string }) => e.path === "issuer"), issuer);
      }
      await problem(await t.owner.call("GET", "/api/admin/sso"), 404); // nothing written
      // Settings saved while allowed are not fetched once the operator turns it off.
      await allowPrivateIssuers(true);
      assert.equal((await put(p.issuer)).status, 200);
      await allowPrivateIssuers(false);
      const res = await callApp(`/sso/${t.slug}/start`, {
        headers: { "Sec-Fetch-Site": "same-origin" },
      });
      assert.equal(res.status, 503);
      assert.equal(res.headers.get("location"), null);
    } finally {
      await allowPrivateIssuers(true);
    }
  },
);

itest("sso takeover: another workspace's account with the same e-mail is refused", async () => {
  const t = await newTenant();
  const other = await newTenant();
  const p = await provider();
  await setUp(t, p);
  // The victim belongs to another workspace; this workspace's provider lists the same address.
  const victim = await other.member(["admin"], `victim-${unique("v")}@${domainOf(t)}`);
  p.accounts.set(victim.email, { email: victim.email, groups: ["admins"] });
  const s = await start(t.slug);
  const res = await callback(await throughProvider(s.location, victim.email), s.jar);
  assert.equal(res.status, 403);
  assert.equal(sessionCookie(res), undefined);
  const body = await res.text();
  assert.match(body, /belongs to other workspaces too/);
  assert.ok(body.includes(victim.email));
  const failed = await auditLines(t.id, "sign_in_sso_failed");
  assert.equal(failed.length, 1);
  assert.equal(failed[0].after.reason, "linked");
  // Nothing changed: no membership here, no link.
  const { platform } = await testApp();
  const [state] = await withScope(
    platform.db.sql,
    { tenantId: t.id },
    (tx) =>
      tx`select (select count(*)::int from memberships where user_id = ${victim.id}) as members,
              (select count(*)::int from identity_sso_links) as links`,
  );
  assert.deepEqual({ ...state }, { members: 0, links: 0 });

  // Turkish refusal page too.
  const tr = await start(t.slug);
  const back = await throughProvider(tr.location, victim.email);
  const trRes = await callApp(`/sso/callback${back.search}`, {
    headers: { Cookie: `${tr.jar.header()}; locale=tr`, "Accept-Language": "tr" },
  });
  assert.equal(trRes.status, 403);
  assert.match(await trRes.text(), /başka çalışma alanlarına da üye/);
});

itest(
  "sso links: an account of this workspace only is linked; a linked one signs in, by its subject",
  async () => {
    const t = await newTenant();
    const other = await newTenant();
    const p = await provider();
    await setUp(t, p);
    const { platform } = await testApp();
    const links = () =>
      withScope(
        platform.db.sql,
        { tenantId: t.id },
        (tx) => tx`select subject, user_id from identity_sso_links order by created_at`,
      );
    const signIn = async (login: string) => {
      const s = await start(t.slug);
      const res = await callback(await throughProvider(s.location, login), s.jar);
      assert.equal(res.status, 303, await res.clone().text());
      return await (await callApp("/api/auth/me", { headers: { Cookie: sessionCookie(res)! } }))
        .json();
    };

    // An existing account that belongs to this workspace only: signed in and linked.
    const bob = await t.member(["member"], `bob-${unique("b")}@${domainOf(t)}`);
    p.accounts.set(bob.email, { email: bob.email });
    assert.equal((await signIn(bob.email)).user.id, bob.id);
    assert.deepEqual((await links()).map((l) => l.userId), [bob.id]);

    // A just-in-time account is linked at creation.
    const sub = `alice-sub-${unique("s")}`;
    const alice = `alice-${unique("a")}@${domainOf(t)}`;
    p.accounts.set(sub, { email: alice });
    const first = await signIn(sub);
    assert.equal(first.user.email, alice);
    // The provider changes the e-mail of that subject: the link decides, not the e-mail.
    p.accounts.set(sub, { email: `alice-renamed-${unique("r")}@${domainOf(t)}` });
    const renamed = await signIn(sub);
    assert.equal(renamed.user.id, first.user.id);
    assert.equal(renamed.user.email, alice);
    assert.equal((await links()).length, 2);
    // Linked, but the account then joins another workspace: refused, though linked (whoever
    // runs this provider would otherwise open the other workspace).
    await withScope(
      platform.db.sql,
      { tenantId: other.id },
      (tx) => insertMembership(tx, other.id, first.user.id, ["member"]),
    );
    const later = await start(t.slug);
    const joinedElsewhere = await callback(await throughProvider(later.location, sub), later.jar);
    assert.equal(joinedElsewhere.status, 403);
    assert.equal(sessionCookie(joinedElsewhere), undefined);
    assert.equal((await auditLines(t.id, "sign_in_sso_failed")).at(-1)?.after.reason, "linked");
    // The same e-mail under another subject is not linked and the account is not exclusive.
    p.accounts.set(`other-sub-${unique("o")}`, { email: alice });
    const s = await start(t.slug);
    const intruder = [...p.accounts.keys()].at(-1)!;
    const refused = await callback(await throughProvider(s.location, intruder), s.jar);
    assert.equal(refused.status, 403);
    assert.equal(sessionCookie(refused), undefined);
  },
);

/** The refusal of a sign-in through the real provider: 403, no session, a "linked" audit line. */
async function refusedAsLinked(t: TestTenant, login: string) {
  const s = await start(t.slug);
  const res = await callback(await throughProvider(s.location, login), s.jar);
  assert.equal(res.status, 403, login);
  assert.equal(sessionCookie(res), undefined);
  assert.match(await res.text(), /cannot sign it in/);
  assert.equal((await auditLines(t.id, "sign_in_sso_failed")).at(-1)?.after.reason, "linked");
}

itest(
  "sso takeover: the owner and accounts with a second factor are never linked by e-mail",
  async () => {
    const t = await newTenant();
    const p = await provider();
    // The admin points SSO at a provider of their own that lists the owner's domain.
    await setUp(t, p, { allowedDomains: [domainOf(t), "example.test"] });
    const { platform } = await testApp();
    const withTotp = await t.member(["member"], `totp-${unique("o")}@${domainOf(t)}`);
    const withPasskey = await t.member(["member"], `key-${unique("k")}@${domainOf(t)}`);
    await platform.db.sql`
      insert into identity_totp (user_id, secret_ciphertext, secret_nonce, secret_key_id,
                                 confirmed_at)
      values (${withTotp.id}, ${new Uint8Array(1)}, ${new Uint8Array(1)}, 'test', now())`;
    await platform.db.sql`
      insert into identity_passkeys (id, user_id, credential_id, public_key, name)
      values (${crypto.randomUUID()}, ${withPasskey.id}, ${unique("cred")}, ${new Uint8Array(1)},
              'Key')`;
    for (const who of [t.owner, withTotp, withPasskey]) {
      p.accounts.set(who.email, { email: who.email });
      await refusedAsLinked(t, who.email);
    }
    const [state] = await withScope(
      platform.db.sql,
      { tenantId: t.id },
      (tx) => tx`select count(*)::int as links from identity_sso_links`,
    );
    assert.equal(state.links, 0);
    // Turkish page too.
    const s = await start(t.slug);
    const back = await throughProvider(s.location, t.owner.email);
    const trRes = await callApp(`/sso/callback${back.search}`, {
      headers: { Cookie: `${s.jar.header()}; locale=tr`, "Accept-Language": "tr" },
    });
    assert.equal(trRes.status, 403);
    assert.match(await trRes.text(), /ikinci bir doğrulama adımıyla korunan/);
  },
);

itest("sso links: a linked account that became an operator is refused", async () => {
  const t = await newTenant();
  const p = await provider();
  await setUp(t, p);
  const sub = `op-sub-${unique("s")}`;
  p.accounts.set(sub, { email: `op-${unique("o")}@${domainOf(t)}` });
  const s = await start(t.slug);
  const first = await callback(await throughProvider(s.location, sub), s.jar);
  assert.equal(first.status, 303);
  const me = await (await callApp("/api/auth/me", { headers: { Cookie: sessionCookie(first)! } }))
    .json();
  const { platform } = await testApp();
  await platform.db.sql`update users set is_operator = true where id = ${me.user.id}`;
  await refusedAsLinked(t, sub);
});

itest(
  "sso links: the application role writes links only through the checked function",
  async () => {
    const t = await newTenant();
    const other = await newTenant();
    const { platform } = await testApp();
    const bob = await t.member(["member"]);
    const scope = { tenantId: t.id, userId: t.owner.id };
    // A direct insert (any user id) is refused to the application role.
    await assert.rejects(
      withScope(
        platform.db.sql,
        scope,
        (tx) =>
          tx`insert into identity_sso_links (tenant_id, issuer, subject, user_id)
         values (${t.id}, 'https://idp.example', 'x', ${other.owner.id})`,
      ),
      /permission denied/,
    );
    const link = (tenant: string, user: string, subject = unique("sub")) =>
      withScope(platform.db.sql, scope, async (tx) => {
        const [row] = await tx`
        select identity_sso_link(${tenant}, 'https://idp.example', ${subject}, ${user}) as ok`;
        return row.ok as boolean;
      });
    assert.equal(await link(other.id, bob.id), false, "another tenant than the current one");
    assert.equal(await link(t.id, other.owner.id), false, "an account of another workspace");
    assert.equal(await link(t.id, t.owner.id), false, "an owner");
    assert.equal(await link(t.id, bob.id), true, "a member of this workspace only");
    // The answers about SSO take only the current tenant.
    const [ex] = await withScope(
      platform.db.sql,
      { tenantId: t.id },
      (tx) => tx`select identity_sso_account_exclusive(${other.id}, ${other.owner.id}) as ok`,
    );
    assert.equal(ex.ok, false);
    await assert.rejects(
      withScope(
        platform.db.sql,
        { tenantId: t.id },
        (tx) => tx`select identity_sso_password_refused(${other.id}, ${other.owner.id})`,
      ),
      /not the current tenant/,
    );
  },
);

itest("sso settings: a role beyond the caller's own rights cannot be mapped (403)", async () => {
  const t = await newTenant();
  const p = await provider();
  await allowPrivateIssuers(true);
  const created = await t.owner.call("POST", "/api/admin/roles", {
    key: "sso-manager",
    name: "SSO manager",
    permissions: ["admin.tenant.write"],
  });
  assert.equal(created.status, 201, await created.clone().text());
  const manager = await t.member(["sso-manager"]);
  const body = {
    issuer: p.issuer,
    clientId: p.clientId,
    clientSecret: p.clientSecret,
    allowedDomains: [domainOf(t)],
    label: "Acme",
    defaultRole: "sso-manager",
  };
  const put = (extra: Record<string, unknown>) =>
    manager.call("PUT", "/api/admin/sso", { ...body, ...extra });
  await problem(await put({ roleMap: [{ value: "admins", role: "admin" }] }), 403);
  await problem(await put({ defaultRole: "admin" }), 403);
  await problem(await manager.call("GET", "/api/admin/sso"), 404); // nothing written
  // Its own role (nothing beyond what it holds) is fine.
  const ok = await put({ roleMap: [{ value: "x", role: "sso-manager" }] });
  assert.equal(ok.status, 200, await ok.clone().text());
  // The page says so on the form.
  const form = await browse("/admin/sso", {
    who: manager,
    form: {
      issuer: p.issuer,
      clientId: p.clientId,
      label: "Acme",
      allowedDomains: domainOf(t),
      defaultRole: "admin",
    },
  });
  assert.equal(form.status, 403);
  assert.match(await form.text(), /permissions you do not hold/);
  assert.equal(
    (await (await t.owner.call("GET", "/api/admin/sso")).json()).defaultRole,
    "sso-manager",
  );
});

itest("sso next: only a path of this site is kept, whatever its spelling", async () => {
  const t = await newTenant();
  const f = await fakeProvider();
  await setUp(t, f);
  const { platform } = await testApp();
  const nextOf = async (raw: string) => {
    const { jar } = await start(t.slug, `?next=${encodeURIComponent(raw)}`);
    const key = jar.values.get("sso_flow")!.split(".")[1];
    const hash = await sha256Hex(key);
    const [row] = await withScope(
      platform.db.sql,
      { tenantId: t.id },
      (tx) => tx`select next_path from identity_sso_flows where key_hash = ${hash}`,
    );
    return row.nextPath as string;
  };
  for (
    const raw of [
      "/\t/evil.example",
      "/\n/evil.example",
      "/\r//evil.example",
      "/%2F/evil.example",
      "/%5Cevil.example",
      "/\\evil.example",
      "//evil.example",
      "https://evil.example/",
      "/.//evil.example",
    ]
  ) assert.equal(await nextOf(raw), "/", JSON.stringify(raw));
  assert.equal(await nextOf("/support?tab=open"), "/support?tab=open");
  // The whole way: the callback goes to "/".
  const { jar, location } = await start(t.slug, "?next=%2F%09%2Fevil.example");
  f.next = { email: `dan@${domainOf(t)}`, nonce: location.searchParams.get("nonce")! };
  const res = await callApp(`/sso/callback?code=abc&state=${location.searchParams.get("state")}`, {
    headers: { Cookie: jar.header() },
  });
  assert.equal(res.status, 303, await res.clone().text());
  assert.equal(res.headers.get("location"), "/");
  // The buttons of the sign-in page do not carry it either.
  const lookup = await (await callApp(`/sso/lookup?workspace=${t.slug}&next=%2F%09%2Fevil.example`))
    .text();
  assert.match(lookup, new RegExp(`href="/sso/${t.slug}/start"`));
});

itest("sso start (login CSRF): from another site only a same-origin POST starts it", async () => {
  const t = await newTenant();
  const f = await fakeProvider();
  await setUp(t, f);
  const froms: Record<string, string>[] = [
    {},
    { "Sec-Fetch-Site": "cross-site" },
    { "Sec-Fetch-Site": "same-site" },
  ];
  for (const headers of froms) {
    const res = await callApp(`/sso/${t.slug}/start?next=%2Fsupport`, { headers });
    assert.equal(res.status, 200, JSON.stringify(headers));
    assert.equal(res.headers.get("location"), null);
    assert.equal(res.headers.getSetCookie().length, 0, "no flow started");
    const page = await res.text();
    assert.match(page, /Continue to Acme/);
    assert.match(page, new RegExp(`<form method="post" action="/sso/${t.slug}/start"`));
    assert.match(page, /name="next" value="\/support"/);
  }
  const tr = await callApp(`/sso/${t.slug}/start`, {
    headers: { "Accept-Language": "tr", Cookie: "locale=tr" },
  });
  assert.match(await tr.text(), /Acme ile devam et/);
  const post = (origin: string) =>
    callApp(`/sso/${t.slug}/start`, {
      method: "POST",
      body: new URLSearchParams({ next: "/support" }).toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
    });
  // A POST from another site: the same confirmation, refused, nothing started.
  const foreign = await post("http://evil.example");
  assert.equal(foreign.status, 403);
  assert.equal(foreign.headers.getSetCookie().length, 0);
  assert.match(await foreign.text(), /Continue to Acme/);
  // The confirmation's own POST starts the flow: on to the provider by a refresh (a redirect
  // of the form would be blocked by the pages' form-action 'self').
  const own = await post("http://localhost");
  assert.equal(own.status, 200, await own.clone().text());
  const refresh = /^0;url=(.+)$/.exec(own.headers.get("refresh") ?? "");
  assert.ok(refresh, "refresh header");
  assert.equal(new URL(refresh[1]).origin, f.issuer);
  assert.ok(own.headers.getSetCookie().some((c) => c.startsWith("sso_flow=")));
  assert.match(await own.text(), /http-equiv="refresh"/);
  // A navigation the person typed (none) starts at once.
  const typed = await callApp(`/sso/${t.slug}/start`, { headers: { "Sec-Fetch-Site": "none" } });
  assert.equal(typed.status, 302);
  // A workspace without single sign-on: the refusal, not a button.
  const none = await newTenant();
  assert.equal((await callApp(`/sso/${none.slug}/start`)).status, 503);
});

itest("sso offers by e-mail domain: only when one workspace alone lists the domain", async () => {
  const a = await newTenant();
  const b = await newTenant();
  const p = await provider();
  const shared = `${unique("d").toLowerCase()}.example`;
  await setUp(a, p, { allowedDomains: [shared], label: "Alpha" });
  const offered = async () =>
    await (await callApp(`/sso/lookup?email=${encodeURIComponent(`x@${shared}`)}`)).text();
  assert.match(await offered(), /Sign in with Alpha/);
  // Another workspace claims the same domain: neither is offered by it (by slug they still are).
  await setUp(b, p, { allowedDomains: [shared], label: "Beta" });
  const both = await offered();
  assert.doesNotMatch(both, /Sign in with/);
  assert.match(
    await (await callApp(`/sso/lookup?workspace=${a.slug}`)).text(),
    /Sign in with Alpha/,
  );
});

itest("sso: close the providers", async () => {
  await (await provider()).close();
  await (await fakeProvider()).close();
});

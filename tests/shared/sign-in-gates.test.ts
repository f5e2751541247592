/**
 * The security review of issue 35 (migration 0043, workspace-entry.service.ts): every way into a
 * workspace meets its two-factor policy and "SSO required"; a pending second step dies with a
 * password change; the definer functions answer narrowly; single-use rows stay spent.
 */
import assert from "node:assert/strict";
import * as OTPAuth from "otpauth";
import { withScope } from "../../shared/db/scope.ts";
import type { Sql } from "../../shared/db/database.ts";
import { PLATFORM_TENANT } from "../../shared/jobs/queue.ts";
import {
  browse,
  callApp,
  type Caller,
  itest,
  join,
  newTenant,
  PASSWORD,
  problem,
  testApp,
  type TestTenant,
  unique,
} from "../helpers.ts";
import { accountsMail } from "./accounts-mail.ts";

const STRONG = "violet-tundra-harbor-42";

const randomHash = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, "0"))
    .join("");

/** The answer set no session cookie. */
const noSession = (res: Response, why = "no session") =>
  assert.ok(!/session=/.test(res.headers.get("set-cookie") ?? ""), why);

const codeAt = (secret: string, at: number) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 })
    .generate({ timestamp: at });

async function scoped<T>(
  scope: { tenantId?: string; userId?: string },
  fn: (tx: Sql) => Promise<T>,
) {
  const { platform } = await testApp();
  return await withScope(platform.db.sql, scope, fn);
}

/** Sets up TOTP for a caller (as the security page does); returns the secret and codes. */
async function enrol(who: Caller) {
  const setup = await (await who.call("POST", "/api/auth/two-factor/totp")).json();
  const confirmed = await who.call("POST", "/api/auth/two-factor/totp/confirm", {
    code: codeAt(setup.secret, Date.now()),
  });
  assert.equal(confirmed.status, 200, await confirmed.clone().text());
  const { recoveryCodes } = await confirmed.json();
  return { secret: setup.secret as string, recoveryCodes: recoveryCodes as string[] };
}

async function setPolicy(t: TestTenant, policy: "none" | "admins" | "everyone") {
  const res = await t.owner.call("PUT", "/api/admin/tenant/two-factor-policy", { policy });
  assert.equal(res.status, 200, await res.clone().text());
}

/** Requires single sign-on in a workspace, written as its settings page would. */
async function requireSso(t: TestTenant) {
  await scoped({ tenantId: t.id }, (tx) =>
    tx`
    insert into identity_sso (tenant_id, issuer, client_id, allowed_domains, label, sso_required)
    values (${t.id}, 'https://login.example.com', 'client', ${[`${t.slug}.example`]}, 'Acme', true)
    on conflict (tenant_id) do update set sso_required = true`);
}

const login = (email: string, password: string, tenant: string, ip: string) =>
  callApp("/api/auth/login", {
    method: "POST",
    body: { email, password, tenant },
    headers: { "X-Forwarded-For": ip },
  });

/** An invitation by e-mail of `email` into `t` with roles; the link's token (from the mail). */
async function inviteByMail(t: TestTenant, email: string, roles: string[]) {
  const mail = await accountsMail();
  try {
    const res = await t.owner.call("POST", "/api/admin/invitations", { email, roles });
    assert.equal(res.status, 201, await res.clone().text());
    await mail.flush();
    const token = mail.linkToken(email, "/invite/");
    assert.ok(token, "the invitation mail carries the link");
    return token;
  } finally {
    await mail.close();
  }
}

itest("sign-in gates: a switch into a workspace whose 2FA policy is unmet is refused", async () => {
  const a = await newTenant();
  const b = await newTenant();
  await join(a.owner, b, ["admin"]);
  await setPolicy(b, "admins");

  // API: 403 problem naming B's sign-in page; the session in A stays valid.
  const res = await a.owner.call("POST", "/api/auth/switch-tenant", { tenant: b.slug });
  const body = await problem(res, 403);
  assert.equal(body.type, "/problems/workspace-sign-in-required");
  assert.equal(body.signInUrl, `/login?workspace=${encodeURIComponent(b.slug)}`);
  const me = await a.owner.call("GET", "/api/auth/me");
  assert.equal(me.status, 200);
  assert.equal((await me.json()).tenant.id, a.id);
  // The page sends the person to B's sign-in page, where the enrolment step runs.
  const page = await browse("/switch-tenant", { who: a.owner, form: { tenant: b.slug } });
  assert.equal(page.status, 303);
  assert.equal(page.headers.get("location"), `/login?workspace=${encodeURIComponent(b.slug)}`);
  noSession(page, "no session into B");
  const pending = await problem(await login(a.owner.email, PASSWORD, b.slug, unique("ip")), 401);
  assert.equal(pending.secondFactor.enrolmentRequired, true);

  // With a second factor the policy is met: the switch goes through.
  await enrol(a.owner);
  const ok = await a.owner.call("POST", "/api/auth/switch-tenant", { tenant: b.slug });
  assert.equal(ok.status, 200, await ok.clone().text());
  assert.equal((await ok.json()).tenant.id, b.id);
});

itest(
  "sign-in gates: a switch into 'everyone' and SSO-required workspaces is refused",
  async () => {
    const a = await newTenant();
    const b = await newTenant();
    const c = await newTenant();
    await join(a.owner, b, ["viewer"]);
    await join(a.owner, c, ["viewer"]);
    // "admins" does not cover a viewer: the switch goes through (and back again).
    await setPolicy(b, "admins");
    const fine = await a.owner.call("POST", "/api/auth/switch-tenant", { tenant: b.slug });
    assert.equal(fine.status, 200, await fine.clone().text());
    const inB = (await fine.json()).accessToken as string;
    await setPolicy(b, "everyone");
    const back = await callApp("/api/auth/switch-tenant", {
      method: "POST",
      token: inB,
      body: { tenant: a.slug },
    });
    assert.equal(back.status, 200, "A has no policy");
    const inA = (await back.json()).accessToken as string;
    const everyone = await callApp("/api/auth/switch-tenant", {
      method: "POST",
      token: inA,
      body: { tenant: b.slug },
    });
    assert.equal((await problem(everyone, 403)).type, "/problems/workspace-sign-in-required");
    await requireSso(c);
    const sso = await callApp("/api/auth/switch-tenant", {
      method: "POST",
      token: inA,
      body: { tenant: c.slug },
    });
    const ssoBody = await problem(sso, 403);
    assert.equal(ssoBody.type, "/problems/sso-required");
    assert.equal(ssoBody.startUrl, `/sso/${c.slug}/start`);
  },
);

itest("sign-in gates: accepting an invitation meets the workspace's 2FA policy", async () => {
  const t = await newTenant();
  await setPolicy(t, "everyone");
  const email = `${unique("new")}@example.test`;
  const token = await inviteByMail(t, email, ["agent"]);
  const accepted = await browse(`/invite/${token}`, {
    form: { name: "Nur Ak", password: STRONG, confirm: STRONG },
  });
  assert.equal(accepted.status, 303, await accepted.text());
  assert.equal(accepted.headers.get("location"), `/login?workspace=${encodeURIComponent(t.slug)}`);
  noSession(accepted, "no session before enrolment");
  // Joined: the new password leads into the enrolment step of that workspace.
  const pending = await problem(await login(email, STRONG, t.slug, unique("ip")), 401);
  assert.equal(pending.type, "/problems/second-factor-required");
  assert.equal(pending.secondFactor.enrolmentRequired, true);
  assert.equal((await browse(`/invite/${token}`)).status, 410, "the link is used");
});

itest("sign-in gates: a signed-in account joining by the link meets the policy", async () => {
  const a = await newTenant();
  const b = await newTenant();
  await setPolicy(b, "admins");
  const token = await inviteByMail(b, a.owner.email, ["admin"]);
  const joined = await browse(`/invite/${token}/join`, { who: a.owner, form: {} });
  assert.equal(joined.status, 303, await joined.text());
  assert.equal(joined.headers.get("location"), `/login?workspace=${encodeURIComponent(b.slug)}`);
  noSession(joined, "no session into B");
  // A member of B now, still signed in to A (the session was not switched).
  const me = await (await a.owner.call("GET", "/api/auth/me")).json();
  assert.equal(me.tenant.id, a.id);
  assert.ok(me.tenants.some((x: { id: string }) => x.id === b.id));

  // "SSO required": the new person is sent to the workspace's single sign-on instead.
  const c = await newTenant();
  await requireSso(c);
  const email = `${unique("sso")}@example.test`;
  const ssoToken = await inviteByMail(c, email, ["viewer"]);
  const viaSso = await browse(`/invite/${ssoToken}`, {
    form: { name: "Ada", password: STRONG, confirm: STRONG },
  });
  assert.equal(viaSso.status, 303, await viaSso.text());
  assert.equal(viaSso.headers.get("location"), `/sso/${c.slug}/start`);
  noSession(viaSso);
});

itest("sign-in gates: a pending second step dies with a password change", async () => {
  const t = await newTenant();
  const { secret } = await enrol(t.owner);
  const ip = unique("ip");
  const pending = await problem(await login(t.owner.email, PASSWORD, t.slug, ip), 401);
  const changed = await t.owner.call("POST", "/api/auth/password", {
    currentPassword: PASSWORD,
    newPassword: STRONG,
  });
  assert.equal(changed.status, 204, await changed.clone().text());
  const late = await callApp("/api/auth/login/second-factor", {
    method: "POST",
    body: {
      pendingToken: pending.secondFactor.pendingToken,
      code: codeAt(secret, Date.now() + 30_000),
    },
    headers: { "X-Forwarded-For": ip },
  });
  assert.equal((await problem(late, 401)).type, "/problems/second-factor-expired");
  // A pending sign-in of the new password still finishes.
  const ip2 = unique("ip");
  const fresh = await problem(await login(t.owner.email, STRONG, t.slug, ip2), 401);
  const ok = await callApp("/api/auth/login/second-factor", {
    method: "POST",
    body: {
      pendingToken: fresh.secondFactor.pendingToken,
      code: codeAt(secret, Date.now() + 30_000),
    },
    headers: { "X-Forwarded-For": ip2 },
  });
  assert.equal(ok.status, 200, await ok.clone().text());
  await ok.body?.cancel();
});

itest("sign-in gates: an enrolment step is refused once the account has a factor", async () => {
  const { platform } = await testApp();
  const t = await newTenant();
  await setPolicy(t, "everyone");
  const member = await t.member(["member"]);
  const ip = unique("ip");
  const pending = await problem(await login(member.email, PASSWORD, t.slug, ip), 401);
  assert.equal(pending.secondFactor.enrolmentRequired, true);
  const setup = await (await callApp("/api/auth/login/totp-enrolment", {
    method: "POST",
    body: { pendingToken: pending.secondFactor.pendingToken },
  })).json();
  // Meanwhile a passkey was added (another tab, another device).
  await platform.db.sql`
    insert into identity_passkeys (id, user_id, credential_id, public_key, name)
    values (${crypto.randomUUID()}, ${member.id}, ${`cred-${crypto.randomUUID()}`},
            ${new Uint8Array([1, 2, 3])}, 'Laptop')`;
  const res = await callApp("/api/auth/login/second-factor", {
    method: "POST",
    body: {
      pendingToken: pending.secondFactor.pendingToken,
      code: codeAt(setup.secret, Date.now()),
    },
    headers: { "X-Forwarded-For": ip },
  });
  assert.equal((await problem(res, 401)).type, "/problems/second-factor-expired");
  const [totp] = await platform.db.sql`
    select confirmed_at from identity_totp where user_id = ${member.id}`;
  assert.equal(totp.confirmedAt, null, "the draft was not confirmed");
});

itest("sign-in gates: the reset link function answers its running job only", async () => {
  const { platform } = await testApp();
  const t = await newTenant();
  const email = t.owner.email.toLowerCase();
  const issue = (scope: { tenantId?: string; userId?: string }, ttl: number, address = email) =>
    scoped(
      scope,
      (tx) =>
        tx`select * from identity_password_reset_issue(${address}, ${randomHash()},
                                                      ${crypto.randomUUID()}, ${ttl})`,
    );
  await assert.rejects(() => issue({ userId: t.owner.id }, 1800), /signed-in request/);
  await assert.rejects(() => issue({}, 1800), /by their job only/);
  await assert.rejects(() => issue({ tenantId: t.id }, 1800), /by their job only/);
  // The platform's scope alone is not enough: a reset job for this address must be running.
  await assert.rejects(() => issue({ tenantId: PLATFORM_TENANT }, 1800), /by their job only/);
  const jobId = crypto.randomUUID();
  await platform.db.sql`
    insert into jobs (tenant_id, id, name, payload, state, lease_until, started_at)
    values (${PLATFORM_TENANT}, ${jobId}, 'identity.password-reset.send',
            ${
    platform.db.sql.json({ email } as never)
  }, 'running', now() + interval '5 minutes', now())`;
  try {
    await assert.rejects(() => issue({ tenantId: PLATFORM_TENANT }, 1800, "x@example.test"));
    await assert.rejects(() => issue({ tenantId: PLATFORM_TENANT }, 59), /between 60 and 3600/);
    await assert.rejects(() => issue({ tenantId: PLATFORM_TENANT }, 3601), /between 60 and 3600/);
    const [row] = await issue({ tenantId: PLATFORM_TENANT }, 1800);
    assert.equal(row.userId, t.owner.id);
    // An operator's account gets no link (the same silence as an unknown address).
    await platform.db.sql`update users set is_operator = true where id = ${t.owner.id}`;
    assert.equal((await issue({ tenantId: PLATFORM_TENANT }, 1800)).length, 0);
  } finally {
    await platform.db.sql`update users set is_operator = false where id = ${t.owner.id}`;
    await platform.db.sql`delete from jobs where tenant_id = ${PLATFORM_TENANT} and id = ${jobId}`;
  }
});

itest("sign-in gates: an invitation's hash is unique everywhere; its facts are fixed", async () => {
  const a = await newTenant();
  const b = await newTenant();
  const inv = await (await a.owner.call("POST", "/api/admin/invitations", {
    email: `${unique("x")}@example.test`,
    roles: ["viewer"],
  })).json();
  const [{ tokenHash }] = await scoped(
    { tenantId: a.id },
    (tx) => tx`select token_hash from identity_invitations where id = ${inv.id}`,
  );
  // B cannot plant A's link hash (a lookup across tenants must name one invitation).
  await assert.rejects(
    () =>
      scoped({ tenantId: b.id, userId: b.owner.id }, (tx) =>
        tx`
        insert into identity_invitations (tenant_id, id, email, roles, token_hash, expires_at)
        values (${b.id}, ${crypto.randomUUID()}, 'y@example.test', ${["owner"]}, ${tokenHash},
                now() + interval '1 day')`),
    /in use already/,
  );
  // The address, roles and inviter of an invitation are not the application's to rewrite.
  for (const change of ["email = 'z@example.test'", "roles = '{owner}'", "invited_by = null"]) {
    await assert.rejects(
      () =>
        scoped(
          { tenantId: a.id, userId: a.owner.id },
          (tx) => tx.unsafe(`update identity_invitations set ${change} where id = $1`, [inv.id]),
        ),
      /permission denied/,
      change,
    );
  }
  const after = await (await a.owner.call("GET", "/api/admin/invitations")).json();
  assert.deepEqual(after.items[0].roles, ["viewer"]);
});

itest("sign-in gates: spent recovery codes and TOTP steps stay spent", async () => {
  const { platform } = await testApp();
  const t = await newTenant();
  const { recoveryCodes } = await enrol(t.owner);
  const ip = unique("ip");
  const pending = await problem(await login(t.owner.email, PASSWORD, t.slug, ip), 401);
  const used = await callApp("/api/auth/login/second-factor", {
    method: "POST",
    body: { pendingToken: pending.secondFactor.pendingToken, recoveryCode: recoveryCodes[0] },
    headers: { "X-Forwarded-For": ip },
  });
  assert.equal(used.status, 200);
  await used.body?.cancel();
  const own = { userId: t.owner.id };
  const unspent = await scoped(
    own,
    (tx) =>
      tx`update identity_recovery_codes set used_at = null
         where user_id = ${t.owner.id} and used_at is not null returning 1`,
  );
  assert.equal(unspent.length, 0, "a spent code cannot be un-spent");
  await assert.rejects(
    () =>
      scoped(own, (tx) => tx`delete from identity_recovery_codes where user_id = ${t.owner.id}`),
    /permission denied/,
  );
  const [{ spent }] = await platform.db.sql`
    select count(*)::int as spent from identity_recovery_codes
    where user_id = ${t.owner.id} and used_at is not null`;
  assert.equal(spent, 1);
  for (const step of ["null", "0"]) {
    await assert.rejects(
      () =>
        scoped(
          own,
          (tx) =>
            tx.unsafe(`update identity_totp set last_step = ${step} where user_id = $1`, [
              t.owner.id,
            ]),
        ),
      /only moves its last step forward/,
    );
  }
  await assert.rejects(
    () =>
      scoped(
        own,
        (tx) => tx`update identity_totp set confirmed_at = null where user_id = ${t.owner.id}`,
      ),
    /only moves its last step forward/,
  );
});

itest("sign-in gates: the password-less passkey lookup answers no tenant scope", async () => {
  const { platform } = await testApp();
  const t = await newTenant();
  const credential = `cred-${crypto.randomUUID()}`;
  await platform.db.sql`
    insert into identity_passkeys (id, user_id, credential_id, public_key, name)
    values (${crypto.randomUUID()}, ${t.owner.id}, ${credential}, ${new Uint8Array([1])}, 'Key')`;
  const lookup = (scope: { tenantId?: string; userId?: string }) =>
    scoped(scope, (tx) => tx`select user_id from identity_passkey_for_login(${credential})`);
  assert.equal((await lookup({}))[0].userId, t.owner.id);
  assert.equal((await lookup({ tenantId: t.id })).length, 0);
  assert.equal((await lookup({ userId: t.owner.id })).length, 0);
});

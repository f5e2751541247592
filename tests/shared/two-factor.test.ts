import assert from "node:assert/strict";
import * as OTPAuth from "otpauth";
import { callApp, type Caller, itest, newTenant, PASSWORD, problem, testApp } from "../helpers.ts";
import { signFlowToken } from "../../platform/identity/two-factor.crypto.lib.ts";

/** The code an authenticator app shows at `at` (ms since the epoch). */
const codeAt = (secret: string, at: number) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 })
    .generate({ timestamp: at });

/** A code that is not valid now (± one step). */
function wrongCode(secret: string) {
  const valid = [-30_000, 0, 30_000].map((d) => codeAt(secret, Date.now() + d));
  for (let i = 0;; i++) {
    const c = String(123456 + i).padStart(6, "0");
    if (!valid.includes(c)) return c;
  }
}

async function auditActions(tenantId: string, entityId: string) {
  const { platform } = await testApp();
  const rows = await platform.db.sql`
    select action from activity where tenant_id = ${tenantId} and module = 'identity'
      and entity_id = ${entityId} order by occurred_at, id`;
  return rows.map((r) => r.action as string);
}

/** Sets up TOTP for a caller; returns the secret and the recovery codes. */
async function enrol(who: Caller) {
  const started = await who.call("POST", "/api/auth/two-factor/totp");
  assert.equal(started.status, 200);
  const setup = await started.json();
  assert.match(setup.secret, /^[A-Z2-7]{32}$/);
  assert.ok(setup.qrSvg.includes("<svg"));
  assert.ok(setup.uri.startsWith("otpauth://totp/"));
  const confirmed = await who.call("POST", "/api/auth/two-factor/totp/confirm", {
    code: codeAt(setup.secret, Date.now()),
  });
  assert.equal(confirmed.status, 200);
  const { recoveryCodes } = await confirmed.json();
  return { secret: setup.secret as string, recoveryCodes: recoveryCodes as string[] };
}

async function passwordStep(email: string, tenant: string) {
  const res = await callApp("/api/auth/login", {
    method: "POST",
    body: { email, password: PASSWORD, tenant },
  });
  const body = await problem(res, 401);
  assert.equal(body.type, "/problems/second-factor-required");
  assert.equal(res.headers.get("set-cookie"), null, "no session before the second factor");
  return body.secondFactor as {
    pendingToken: string;
    methods: string[];
    enrolmentRequired: boolean;
  };
}

/**
 * Every request of app.request() comes from the address "unknown": its sign-in counter starts
 * afresh in each test, so this file's deliberate failures do not lock the next test out.
 */
async function freshAddress() {
  const { platform } = await testApp();
  await platform.db.sql`delete from login_throttle where key = 'address:unknown'`;
}

const secondStep = (body: unknown) =>
  callApp("/api/auth/login/second-factor", { method: "POST", body });

itest(
  "two-factor: enrol TOTP, sign in with a code; wrong and replayed codes are refused",
  async () => {
    await freshAddress();
    const t = await newTenant();
    const status0 = await (await t.owner.call("GET", "/api/auth/two-factor")).json();
    assert.deepEqual(status0, { totp: false, recoveryCodesLeft: 0, passkeys: [] });

    // A wrong first code does not turn it on.
    const started = await (await t.owner.call("POST", "/api/auth/two-factor/totp")).json();
    const refused = await t.owner.call("POST", "/api/auth/two-factor/totp/confirm", {
      code: wrongCode(started.secret),
    });
    assert.equal((await problem(refused, 422)).type, "/problems/wrong-code");
    assert.equal((await (await t.owner.call("GET", "/api/auth/two-factor")).json()).totp, false);
    const empty = await t.owner.call("POST", "/api/auth/two-factor/totp/confirm", {});
    await problem(empty, 400);

    const { secret, recoveryCodes } = await enrol(t.owner);
    assert.equal(recoveryCodes.length, 10);
    assert.equal(new Set(recoveryCodes).size, 10);
    const status = await (await t.owner.call("GET", "/api/auth/two-factor")).json();
    assert.equal(status.totp, true);
    assert.equal(status.recoveryCodesLeft, 10);
    // A second set-up while one is on is a conflict.
    await problem(await t.owner.call("POST", "/api/auth/two-factor/totp"), 409);

    const pending = await passwordStep(t.owner.email, t.slug);
    assert.deepEqual(pending.methods, ["totp", "recovery-code"]);
    assert.equal(pending.enrolmentRequired, false);

    // Wrong code: 401 of its own type, no session.
    const wrong = await secondStep({ pendingToken: pending.pendingToken, code: wrongCode(secret) });
    assert.equal((await problem(wrong, 401)).type, "/problems/wrong-second-factor");
    // The code that confirmed enrolment is spent for its window: a replay is refused.
    const replay = await secondStep({
      pendingToken: pending.pendingToken,
      code: codeAt(secret, Date.now()),
    });
    await problem(replay, 401);
    // Two answers at once are bad input.
    const both = await secondStep({
      pendingToken: pending.pendingToken,
      code: "1",
      recoveryCode: "x",
    });
    await problem(both, 400);

    // The next window's code (one step of drift) signs in.
    const next = codeAt(secret, Date.now() + 30_000);
    const ok = await secondStep({ pendingToken: pending.pendingToken, code: next });
    assert.equal(ok.status, 200, await ok.clone().text());
    const signedIn = await ok.json();
    assert.equal(signedIn.tokenType, "Bearer");
    assert.equal(signedIn.tenant.id, t.id);
    assert.ok(ok.headers.get("set-cookie")?.includes("session="));
    const me = await callApp("/api/auth/me", { token: signedIn.accessToken });
    assert.equal(me.status, 200);

    // The pending token is spent; the same code in a new sign-in is a replay.
    const again = await secondStep({
      pendingToken: pending.pendingToken,
      code: codeAt(secret, Date.now() + 60_000),
    });
    assert.equal((await problem(again, 401)).type, "/problems/second-factor-expired");
    const pending2 = await passwordStep(t.owner.email, t.slug);
    const replayed = await secondStep({ pendingToken: pending2.pendingToken, code: next });
    assert.equal((await problem(replayed, 401)).type, "/problems/wrong-second-factor");

    const actions = await auditActions(t.id, t.owner.id);
    for (const a of ["totp_enrolled", "sign_in_2fa_failed", "sign_in_2fa"]) {
      assert.ok(actions.includes(a), `audit has ${a}: ${actions}`);
    }
  },
);

itest("two-factor: a recovery code works once; regenerating replaces them all", async () => {
  await freshAddress();
  const t = await newTenant();
  const { secret, recoveryCodes } = await enrol(t.owner);
  const first = await passwordStep(t.owner.email, t.slug);
  const used = await secondStep({
    pendingToken: first.pendingToken,
    recoveryCode: recoveryCodes[0].toUpperCase(),
  });
  assert.equal(used.status, 200);
  const second = await passwordStep(t.owner.email, t.slug);
  const reused = await secondStep({
    pendingToken: second.pendingToken,
    recoveryCode: recoveryCodes[0],
  });
  assert.equal((await problem(reused, 401)).type, "/problems/wrong-second-factor");
  assert.equal(
    (await (await t.owner.call("GET", "/api/auth/two-factor")).json()).recoveryCodesLeft,
    9,
  );
  assert.ok((await auditActions(t.id, t.owner.id)).includes("recovery_code_used"));

  const fresh = await t.owner.call("POST", "/api/auth/two-factor/recovery-codes");
  assert.equal(fresh.status, 200);
  const { recoveryCodes: newCodes } = await fresh.json();
  assert.equal(newCodes.length, 10);
  const old = await secondStep({
    pendingToken: second.pendingToken,
    recoveryCode: recoveryCodes[1],
  });
  await problem(old, 401);
  const ok = await secondStep({ pendingToken: second.pendingToken, recoveryCode: newCodes[3] });
  assert.equal(ok.status, 200);
  assert.ok((await auditActions(t.id, t.owner.id)).includes("recovery_codes_regenerated"));

  // Turning it off needs a current code.
  const offWrong = await t.owner.call("POST", "/api/auth/two-factor/totp/remove", {
    code: wrongCode(secret),
  });
  await problem(offWrong, 422);
  const off = await t.owner.call("POST", "/api/auth/two-factor/totp/remove", {
    code: codeAt(secret, Date.now() + 30_000),
  });
  assert.equal(off.status, 204);
  assert.ok((await auditActions(t.id, t.owner.id)).includes("totp_removed"));
  const plain = await callApp("/api/auth/login", {
    method: "POST",
    body: { email: t.owner.email, password: PASSWORD, tenant: t.slug },
  });
  assert.equal(plain.status, 200, "without a second factor the password signs in again");

  // Without a second factor there is nothing to recover.
  const other = await newTenant();
  await problem(await other.owner.call("POST", "/api/auth/two-factor/recovery-codes"), 422);
});

itest("two-factor: expired, forged and other-purpose pending tokens are refused", async () => {
  await freshAddress();
  const t = await newTenant();
  const { secret } = await enrol(t.owner);
  const code = codeAt(secret, Date.now() + 30_000);
  const expired = await signFlowToken({
    purpose: "second-factor",
    sub: t.owner.id,
    tid: t.id,
    email: t.owner.email,
    enrol: false,
    cred: "x",
  }, Math.floor(Date.now() / 1000) - 301);
  const late = await secondStep({ pendingToken: expired.token, code });
  assert.equal((await problem(late, 401)).type, "/problems/second-factor-expired");

  const pending = await passwordStep(t.owner.email, t.slug);
  const [h, p, s] = pending.pendingToken.split(".");
  const claims = JSON.parse(atob(p.replaceAll("-", "+").replaceAll("_", "/")));
  const other = await newTenant();
  const swapped = btoa(JSON.stringify({ ...claims, sub: other.owner.id }))
    .replaceAll("+", "-").replaceAll("/", "_").replaceAll("=", "");
  for (const forged of [`${h}.${swapped}.${s}`, "not-a-token", `${h}.${p}.${s.slice(0, -4)}AAAA`]) {
    const res = await secondStep({ pendingToken: forged, code });
    assert.equal((await problem(res, 401)).type, "/problems/second-factor-expired");
  }
  // A session token is not a pending token.
  const session = await secondStep({ pendingToken: t.owner.token, code });
  await problem(session, 401);
  // A passkey challenge token is not one either.
  const challenge = await signFlowToken({
    purpose: "passkey-challenge",
    challenge: "x",
    use: "sign-in",
  });
  await problem(await secondStep({ pendingToken: challenge.token, code }), 401);
  // The real one still works.
  const ok = await secondStep({ pendingToken: pending.pendingToken, code });
  assert.equal(ok.status, 200);
});

itest("two-factor: wrong codes count toward the sign-in throttle", async () => {
  await freshAddress();
  const t = await newTenant();
  const member = await t.member(["member"]);
  const { secret } = await enrol(member);
  const pending = await passwordStep(member.email, t.slug);
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) {
    const res = await secondStep({ pendingToken: pending.pendingToken, code: wrongCode(secret) });
    statuses.push(res.status);
    await res.body?.cancel();
  }
  assert.ok(statuses.includes(429), `locked after repeated wrong codes: ${statuses}`);
  const locked = await secondStep({
    pendingToken: pending.pendingToken,
    code: codeAt(secret, Date.now() + 30_000),
  });
  assert.equal(locked.status, 429);
  assert.ok(locked.headers.get("retry-after"));
  await locked.body?.cancel();
});

itest("two-factor: the workspace policy requires enrolment at sign-in", async () => {
  await freshAddress();
  const t = await newTenant();
  const admin = await t.member(["admin"]);
  const member = await t.member(["member"]);
  assert.deepEqual(
    await (await t.owner.call("GET", "/api/admin/tenant/two-factor-policy")).json(),
    {
      policy: "none",
    },
  );
  await problem(
    await member.call("PUT", "/api/admin/tenant/two-factor-policy", { policy: "everyone" }),
    403,
  );
  await problem(
    await t.owner.call("PUT", "/api/admin/tenant/two-factor-policy", { policy: "sometimes" }),
    400,
  );
  const set = await t.owner.call("PUT", "/api/admin/tenant/two-factor-policy", {
    policy: "admins",
  });
  assert.deepEqual(await set.json(), { policy: "admins" });
  assert.ok((await auditActions(t.id, t.id)).includes("tenant_settings_changed"));

  // Another workspace's policy is untouched.
  const other = await newTenant();
  assert.deepEqual(
    await (await other.owner.call("GET", "/api/admin/tenant/two-factor-policy")).json(),
    { policy: "none" },
  );
  const otherLogin = await callApp("/api/auth/login", {
    method: "POST",
    body: { email: other.owner.email, password: PASSWORD, tenant: other.slug },
  });
  assert.equal(otherLogin.status, 200);

  // A member is not covered by "admins"; an admin must enrol first.
  const memberLogin = await callApp("/api/auth/login", {
    method: "POST",
    body: { email: member.email, password: PASSWORD, tenant: t.slug },
  });
  assert.equal(memberLogin.status, 200);
  const pending = await passwordStep(admin.email, t.slug);
  assert.equal(pending.enrolmentRequired, true);
  assert.deepEqual(pending.methods, []);
  const setup = await (await callApp("/api/auth/login/totp-enrolment", {
    method: "POST",
    body: { pendingToken: pending.pendingToken },
  })).json();
  const wrong = await secondStep({
    pendingToken: pending.pendingToken,
    code: wrongCode(setup.secret),
  });
  await problem(wrong, 401);
  const ok = await secondStep({
    pendingToken: pending.pendingToken,
    code: codeAt(setup.secret, Date.now()),
  });
  assert.equal(ok.status, 200);
  const body = await ok.json();
  assert.equal(body.recoveryCodes.length, 10);
  assert.equal((await (await admin.call("GET", "/api/auth/two-factor")).json()).totp, true);

  // "everyone" covers members too.
  await t.owner.call("PUT", "/api/admin/tenant/two-factor-policy", { policy: "everyone" });
  const memberPending = await passwordStep(member.email, t.slug);
  assert.equal(memberPending.enrolmentRequired, true);
  // An enrolled account cannot ask for an enrolment secret.
  const adminPending = await passwordStep(admin.email, t.slug);
  const noDraft = await callApp("/api/auth/login/totp-enrolment", {
    method: "POST",
    body: { pendingToken: adminPending.pendingToken },
  });
  await problem(noDraft, 422);
});

itest("two-factor: another account's passkeys can be neither seen, removed nor used", async () => {
  await freshAddress();
  const { platform } = await testApp();
  const a = await newTenant();
  const b = await newTenant();
  const passkeyId = crypto.randomUUID();
  const credentialId = `cred-${crypto.randomUUID()}`;
  await platform.db.sql`
    insert into identity_passkeys (id, user_id, credential_id, public_key, name)
    values (${passkeyId}, ${b.owner.id}, ${credentialId}, ${new Uint8Array([1, 2, 3])}, 'B key')`;
  const listed = await (await a.owner.call("GET", "/api/auth/passkeys")).json();
  assert.deepEqual(listed.items, []);
  await problem(await a.owner.call("DELETE", `/api/auth/passkeys/${passkeyId}`), 404);
  await problem(await a.owner.call("DELETE", "/api/auth/passkeys/not-a-uuid"), 400);
  const [still] = await platform.db.sql`select name from identity_passkeys where id = ${passkeyId}`;
  assert.equal(still.name, "B key");
  const bList = await (await b.owner.call("GET", "/api/auth/passkeys")).json();
  assert.equal(bList.items.length, 1);

  // As A's second factor, B's passkey is not one of A's: refused before any signature check.
  const { secret } = await enrol(a.owner);
  const pending = await passwordStep(a.owner.email, a.slug);
  const options = await (await callApp("/api/auth/login/passkey-options", {
    method: "POST",
    body: { pendingToken: pending.pendingToken },
  })).json();
  assert.ok(options.challengeToken);
  const foreign = await secondStep({
    pendingToken: pending.pendingToken,
    passkey: {
      challengeToken: options.challengeToken,
      credential: { id: credentialId, rawId: credentialId, type: "public-key", response: {} },
    },
  });
  assert.equal((await problem(foreign, 401)).type, "/problems/wrong-second-factor");
  // Password-less sign-in with a credential nobody has is refused too.
  const signInOptions = await (await callApp("/api/auth/passkeys/sign-in-options", {
    method: "POST",
    body: {},
  })).json();
  const unknown = await callApp("/api/auth/passkeys/sign-in", {
    method: "POST",
    body: {
      challengeToken: signInOptions.challengeToken,
      credential: { id: "nobody", rawId: "nobody", type: "public-key", response: {} },
    },
  });
  assert.equal((await problem(unknown, 401)).type, "/problems/passkey-refused");
  // The TOTP code still finishes A's sign-in.
  const ok = await secondStep({
    pendingToken: pending.pendingToken,
    code: codeAt(secret, Date.now() + 30_000),
  });
  assert.equal(ok.status, 200);
  await ok.body?.cancel();
});

/**
 * "SSO required" beyond the password (issue 35): a password-less passkey sign-in and a tenant
 * switch into a workspace that requires single sign-on are refused with 403 sso-required naming
 * the workspace's start address, except for its break-glass owner; the switch page sends the
 * person to /sso/<slug>/start. The passkey answers come from a small software authenticator
 * (P-256, WebCrypto), so the refusal is checked after a real signature check.
 */
import assert from "node:assert/strict";
import { withScope } from "../../shared/db/scope.ts";
import {
  browse,
  callApp,
  type Caller,
  itest,
  join,
  newTenant,
  problem,
  testApp,
  type TestTenant,
  unique,
} from "../helpers.ts";

/** Requires (or not) single sign-on in a workspace, written as its settings page would. */
async function requireSso(t: TestTenant, required: boolean, breakGlassUserId: string | null) {
  const { platform } = await testApp();
  await withScope(platform.db.sql, { tenantId: t.id }, (tx) =>
    tx`
    insert into identity_sso (tenant_id, issuer, client_id, allowed_domains, label, sso_required,
                              break_glass_user_id)
    values (${t.id}, 'https://login.example.com', 'client', ${[`${t.slug}.example`]}, 'Acme',
            ${required}, ${breakGlassUserId})
    on conflict (tenant_id) do update
      set sso_required = excluded.sso_required, break_glass_user_id = excluded.break_glass_user_id`);
}

const b64 = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const sha256 = async (data: Uint8Array) =>
  new Uint8Array(await crypto.subtle.digest("SHA-256", data as Uint8Array<ArrayBuffer>));

/** An ECDSA signature as WebAuthn carries it: DER, from WebCrypto's r‖s. */
function der(raw: Uint8Array) {
  const int = (b: Uint8Array) => {
    let i = 0;
    while (i < b.length - 1 && b[i] === 0) i++;
    const v = b.slice(i);
    return v[0] & 0x80 ? [0, ...v] : [...v];
  };
  const r = int(raw.slice(0, 32));
  const s = int(raw.slice(32));
  return new Uint8Array([0x30, r.length + s.length + 4, 2, r.length, ...r, 2, s.length, ...s]);
}

/** A discoverable passkey of `who`, stored as registration would, answering as Chromium does. */
async function softPasskey(who: Caller) {
  const { platform } = await testApp();
  const keys = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, false, [
    "sign",
  ]);
  const raw = new Uint8Array(await crypto.subtle.exportKey("raw", keys.publicKey));
  // COSE EC2 key: {1: 2 (EC2), 3: -7 (ES256), -1: 1 (P-256), -2: x, -3: y}
  const cose = new Uint8Array([
    0xa5,
    0x01,
    0x02,
    0x03,
    0x26,
    0x20,
    0x01,
    0x21,
    0x58,
    0x20,
    ...raw.slice(1, 33),
    0x22,
    0x58,
    0x20,
    ...raw.slice(33, 65),
  ]);
  const credentialId = b64(crypto.getRandomValues(new Uint8Array(16)));
  await platform.db.sql`
    insert into identity_passkeys (id, user_id, credential_id, public_key, name)
    values (${crypto.randomUUID()}, ${who.id}, ${credentialId}, ${cose}, 'Soft key')`;
  let counter = 0;
  /** Signs a password-less sign-in into `tenant` (fresh options each time). */
  return async (tenant: string, address = unique("ip")) => {
    const opts = await (await callApp("/api/auth/passkeys/sign-in-options", {
      method: "POST",
      body: {},
    })).json();
    const clientData = new TextEncoder().encode(JSON.stringify({
      type: "webauthn.get",
      challenge: opts.options.challenge,
      origin: "http://localhost",
    }));
    counter++;
    const authData = new Uint8Array([
      ...(await sha256(new TextEncoder().encode("localhost"))),
      0x05, // user present, user verified
      0,
      0,
      0,
      counter,
    ]);
    const signed = new Uint8Array([...authData, ...(await sha256(clientData))]);
    const signature = new Uint8Array(
      await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, keys.privateKey, signed),
    );
    return await callApp("/api/auth/passkeys/sign-in", {
      method: "POST",
      headers: { "X-Forwarded-For": address },
      body: {
        tenant,
        challengeToken: opts.challengeToken,
        credential: {
          id: credentialId,
          rawId: credentialId,
          type: "public-key",
          response: {
            clientDataJSON: b64(clientData),
            authenticatorData: b64(authData),
            signature: b64(der(signature)),
          },
          clientExtensionResults: {},
        },
      },
    });
  };
}

const switchTo = (who: Caller, tenant: string) =>
  who.call("POST", "/api/auth/switch-tenant", { tenant });

itest("sso required: a passkey sign-in is refused like a password, break-glass aside", async () => {
  const t = await newTenant();
  const member = await t.member(["admin"]);
  const memberKey = await softPasskey(member);
  const ownerKey = await softPasskey(t.owner);
  // Before the workspace requires single sign-on the passkey signs in (the authenticator works).
  assert.equal((await memberKey(t.slug)).status, 200);

  await requireSso(t, true, t.owner.id);
  const refused = await problem(await memberKey(t.slug), 403);
  assert.equal(refused.type, "/problems/sso-required");
  assert.equal(refused.startUrl, `/sso/${t.slug}/start`);
  // The break-glass owner's passkey still signs in.
  const owner = await ownerKey(t.slug);
  assert.equal(owner.status, 200, await owner.clone().text());
  assert.equal((await owner.json()).tenant.slug, t.slug);
  // Only a passkey sign-in into the workspace was audited (none for the refused one).
  const { platform } = await testApp();
  const lines = await withScope(
    platform.db.sql,
    { tenantId: t.id },
    (tx) =>
      tx`select actor_id from activity
       where module = 'identity' and action = 'sign_in_passkey' order by occurred_at`,
  );
  assert.deepEqual(lines.map((l) => l.actorId), [member.id, t.owner.id]);

  // Turned off (or SSO switched off): the passkey works again.
  await requireSso(t, false, null);
  assert.equal((await memberKey(t.slug)).status, 200);
});

itest("sso required: switching into the workspace goes through its provider", async () => {
  const a = await newTenant();
  const b = await newTenant();
  // A's owner is also a member of B; B's owner is also a member of A.
  await join(a.owner, b, ["member"]);
  await join(b.owner, a, ["member"]);
  await requireSso(b, true, b.owner.id);

  // From A into B: refused, naming B's start address; nothing issued.
  const refused = await problem(await switchTo(a.owner, b.slug), 403);
  assert.equal(refused.type, "/problems/sso-required");
  assert.equal(refused.startUrl, `/sso/${b.slug}/start`);
  assert.match(refused.detail, /identity provider/);
  // By id too, and the caller's session still works in A.
  await problem(await switchTo(a.owner, b.id), 403);
  const me = await (await a.owner.call("GET", "/api/auth/me")).json();
  assert.equal(me.tenant.slug, a.slug);
  // The page sends the person to B's single sign-on (htmx: HX-Redirect), signed in as before.
  const page = await browse("/switch-tenant", { who: a.owner, form: { tenant: b.slug } });
  assert.equal(page.status, 303);
  assert.equal(page.headers.get("location"), `/sso/${b.slug}/start`);
  assert.equal(page.headers.get("set-cookie"), null);
  const htmx = await browse("/switch-tenant", {
    who: a.owner,
    form: { tenant: b.slug },
    htmx: true,
  });
  assert.equal(htmx.headers.get("hx-redirect"), `/sso/${b.slug}/start`);

  // The break-glass owner switches from A into B.
  const intoA = await switchTo(b.owner, a.slug);
  assert.equal(intoA.status, 200);
  const inA = (await intoA.json()).accessToken as string;
  const back = await callApp("/api/auth/switch-tenant", {
    method: "POST",
    token: inA,
    body: { tenant: b.slug },
  });
  assert.equal(back.status, 200, await back.clone().text());
  assert.equal((await back.json()).tenant.slug, b.slug);
  // A workspace the caller is not a member of, as before.
  await problem(await switchTo(a.owner, (await newTenant()).slug), 404);

  // No longer required: the switch works.
  await requireSso(b, false, null);
  assert.equal((await switchTo(a.owner, b.slug)).status, 200);
});

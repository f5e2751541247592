import assert from "node:assert/strict";
import * as jose from "jose";
import {
  callApp,
  itest,
  newTenant,
  problem,
  testApp,
  type TestTenant,
  unique,
} from "../helpers.ts";
import { createTestApp } from "../../app/testing.ts";
import { withScope } from "../../shared/db/scope.ts";
import { createTenant } from "../../platform/identity/tenants.service.ts";

type Payload = Record<string, unknown>;

const now = () => Math.floor(Date.now() / 1000);
const b64 = (value: unknown) => jose.base64url.encode(JSON.stringify(value));
const me = (token: string) => callApp("/api/auth/me", { token });
const rejected = async (token: string) => await problem(await me(token), 401);

/** Signs any payload with any key and header: the tool for crafting bad tokens. */
async function sign(
  payload: Payload,
  key: CryptoKey | Uint8Array,
  header: jose.JWTHeaderParameters,
) {
  return await new jose.SignJWT(payload).setProtectedHeader(header).sign(key);
}

/** Drops keys set to undefined, so a case can remove a claim. */
const merge = (base: Payload, over: Payload) =>
  Object.fromEntries(Object.entries({ ...base, ...over }).filter(([, v]) => v !== undefined));

/** Two tenants and the app's real signing key, read from where the app persisted it. */
async function setup() {
  const { platform } = await testApp();
  const [a, b] = [await newTenant(), await newTenant()];
  const [secret] = await platform.db.sql`
    select value from platform_secrets where name = 'jwt-signing-key'`;
  const saved = JSON.parse(secret.value);
  const realKey = await jose.importPKCS8(saved.privateKey, "EdDSA");
  const kid = platform.tokens.jwks().keys[0].kid!;
  const header = { alg: "EdDSA", kid, typ: "JWT" };
  /** The claims a real token for tenant t's owner carries; override or drop any. */
  const claims = (t: TestTenant, over: Payload = {}) =>
    merge({
      sub: t.owner.id,
      tid: t.id,
      roles: ["owner"],
      iss: platform.config.JWT_ISSUER,
      aud: platform.config.JWT_AUDIENCE,
      iat: now(),
      exp: now() + 600,
      jti: crypto.randomUUID(),
    }, over);
  /** Signed with the real key and kid. */
  const real = (over: Payload = {}, t = a) => sign(claims(t, over), realKey, header);
  return { a, b, kid, claims, real, publicPem: saved.publicKey as string };
}
let fixtureP: ReturnType<typeof setup> | undefined;
const fixture = () => fixtureP ??= setup();

async function otherEd25519() {
  const pair = await jose.generateKeyPair("EdDSA", { crv: "Ed25519", extractable: true });
  const kid = await jose.calculateJwkThumbprint(await jose.exportJWK(pair.publicKey));
  return { key: pair.privateKey, kid };
}

itest("jwt: a normally issued token and one crafted with the real key are accepted", async () => {
  const { a, real } = await fixture();
  const res = await me(a.owner.token);
  const body = await res.json();
  assert.equal(res.status, 200, JSON.stringify(body));
  assert.equal(body.tenant.id, a.id);
  assert.equal(body.user.email, a.owner.email);
  // Proves the crafting helper is sound, so each rejection below is due to the one defect.
  assert.equal((await me(await real())).status, 200);
});

itest("jwt: alg none is rejected", async () => {
  const { a, claims } = await fixture();
  await rejected(`${b64({ alg: "none", typ: "JWT" })}.${b64(claims(a))}.`);
  await rejected(new jose.UnsecuredJWT(claims(a)).encode());
});

itest("jwt: HS256 keyed with the public key (key confusion) is rejected", async () => {
  const { a, kid, claims, publicPem } = await fixture();
  const secret = new TextEncoder().encode(publicPem);
  await rejected(await sign(claims(a), secret, { alg: "HS256", kid, typ: "JWT" }));
});

itest("jwt: expired, without exp, wrong issuer or audience, without tid are rejected", async () => {
  const { real } = await fixture();
  await rejected(await real({ iat: now() - 7200, exp: now() - 3600 }));
  await rejected(await real({ exp: undefined }));
  await rejected(await real({ iss: "urn:someone-else" }));
  await rejected(await real({ aud: "urn:someone-else:api" }));
  await rejected(await real({ tid: undefined }));
});

itest("jwt: a tampered payload with the original signature is rejected", async () => {
  const { a, b } = await fixture();
  const [head, body, sig] = a.owner.token.split(".");
  const payload = jose.decodeJwt(a.owner.token);
  await rejected(`${head}.${b64({ ...payload, tid: b.id })}.${sig}`);
  await rejected(`${head}.${b64({ ...payload, roles: ["owner", "operator"] })}.${sig}`);
  await rejected(`${head}.${body}.${sig.slice(0, -4)}AAAA`);
});

itest("jwt: another Ed25519 key is rejected, with its own kid or with the real kid", async () => {
  const { a, kid, claims } = await fixture();
  const other = await otherEd25519();
  assert.notEqual(other.kid, kid);
  await rejected(await sign(claims(a), other.key, { alg: "EdDSA", kid: other.kid }));
  await rejected(await sign(claims(a), other.key, { alg: "EdDSA", kid }));
  await rejected(await sign(claims(a), other.key, { alg: "EdDSA" }));
});

itest("jwt: malformed tokens and other schemes get 401", async () => {
  for (const token of ["abc", "a.b.c", "..", "x.y"]) await rejected(token);
  for (const Authorization of ["Bearer ", "Bearer", "Basic xyz", "Bearer a b"]) {
    await problem(await callApp("/api/auth/me", { headers: { Authorization } }), 401);
  }
});

itest(
  "jwt: a validly signed token for a tenant the user is not a member of is rejected",
  async () => {
    const { a, b, real } = await fixture();
    await rejected(await real({ sub: a.owner.id, tid: b.id }));
    await rejected(await real({ sub: crypto.randomUUID() }));
    await rejected(await real({ tid: "not-a-uuid" }));
  },
);

itest("jwt: the JWKS endpoint publishes the public key only", async () => {
  const { a, kid } = await fixture();
  const res = await callApp("/.well-known/jwks.json");
  assert.equal(res.status, 200);
  const { keys } = await res.json();
  assert.equal(keys.length, 1);
  const [key] = keys;
  assert.equal(key.kty, "OKP");
  assert.equal(key.crv, "Ed25519");
  assert.equal(key.alg, "EdDSA");
  assert.equal(key.kid, kid);
  assert.equal(key.kid, await jose.calculateJwkThumbprint(key));
  assert.equal("d" in key, false);
  // The published key verifies the app's own tokens.
  const { payload } = await jose.jwtVerify(a.owner.token, jose.createLocalJWKSet({ keys }));
  assert.equal(payload.tid, a.id);
});

itest("jwt: an external issuer's tokens map to tenant and user by claim", async () => {
  const pair = await jose.generateKeyPair("ES256");
  const jwk = { ...(await jose.exportJWK(pair.publicKey)), kid: "idp-1", alg: "ES256", use: "sig" };
  const server = Deno.serve(
    { port: 0, hostname: "127.0.0.1", onListen() {} },
    (req) =>
      new URL(req.url).pathname === "/jwks"
        ? Response.json({ keys: [jwk] })
        : new Response("not found", { status: 404 }),
  );
  const app2 = await createTestApp({
    EXTERNAL_JWKS_URL: `http://127.0.0.1:${server.addr.port}/jwks`,
    EXTERNAL_ISSUER: "https://idp.example",
    EXTERNAL_AUDIENCE: "platform",
  });
  try {
    const { sql } = app2.platform.db;
    const make = (slug: string) =>
      withScope(sql, {}, (tx) =>
        createTenant({ sql: tx }, {
          slug,
          name: `Tenant ${slug}`,
          owner: { email: `${slug}-owner@example.test`, name: "Owner", password: "pw-123456789" },
          roles: app2.platform.roles,
        }));
    const [x, y] = [await make(unique("ext")), await make(unique("ext"))];
    const call = (token: string) =>
      app2.app.request("/api/auth/me", { headers: { Authorization: `Bearer ${token}` } });
    const base = {
      tenant: x.tenant.slug,
      email: x.owner.email,
      email_verified: true,
      sub: "idp-user-42",
      iss: "https://idp.example",
      aud: "platform",
      iat: now(),
      exp: now() + 600,
    };
    const ext = (over: Payload = {}) =>
      sign(merge(base, over), pair.privateKey, { alg: "ES256", kid: "idp-1" });
    const ok = async (token: string) => {
      const res = await call(token);
      const body = await res.json();
      assert.equal(res.status, 200, JSON.stringify(body));
      assert.equal(body.tenant.id, x.tenant.id);
      assert.equal(body.tenant.slug, x.tenant.slug);
      assert.equal(body.user.id, x.owner.id);
    };

    await ok(await ext());
    await ok(await ext({ tenant: x.tenant.id })); // the tenant claim may hold the id
    const local = await app2.platform.tokens.issue({
      userId: x.owner.id,
      tenantId: x.tenant.id,
      roles: ["owner"],
    });
    await ok(local.token); // local tokens still work beside the external issuer

    await problem(await call(await ext({ aud: "other" })), 401);
    await problem(await call(await ext({ tenant: unique("nope") })), 401);
    await problem(await call(await ext({ email: y.owner.email })), 401); // user, not a member
    await problem(await call(await ext({ email: `${unique("ghost")}@example.test` })), 401);
    await problem(await call(await ext({ tenant: undefined })), 401);
    await problem(await call(await ext({ email: undefined })), 401);
    await problem(await call(await ext({ email_verified: undefined })), 401); // unverified e-mail
    await problem(await call(await ext({ email_verified: false })), 401);
    await problem(await call(await ext({ exp: now() - 60 })), 401);
    const hmac = new TextEncoder().encode(JSON.stringify(jwk));
    await problem(
      await call(await sign(merge(base, {}), hmac, { alg: "HS256", kid: "idp-1" })),
      401,
    );
    const stranger = await jose.generateKeyPair("ES256");
    await problem(
      await call(await sign(merge(base, {}), stranger.privateKey, { alg: "ES256", kid: "idp-1" })),
      401,
    );
  } finally {
    await app2.close();
    await server.shutdown();
  }
});

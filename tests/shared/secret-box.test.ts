/**
 * shared/crypto/secret-box.ts on its own (round trip, refusals, fresh nonces), and the stored
 * format of its three users: values sealed by the code each of them had before the shared box
 * (the vectors below, made once with fixed keys) still open with the same key.
 */
import assert from "node:assert/strict";
import * as jose from "jose";
import {
  deriveKeyBytes,
  importSecretKey,
  newSecretKeyBase64,
  open,
  seal,
  type Sealed,
  secretKeyBytes,
} from "../../shared/crypto/secret-box.ts";
import {
  decryptorFor,
  decryptValue,
  encryptValue,
  SecretError,
  swapKeyForTesting,
} from "../../modules/automation/secrets/secrets.crypto.lib.ts";
import {
  openTotp,
  readFlowToken,
  sealTotp,
  signFlowToken,
  useTwoFactorKey,
} from "../../platform/identity/two-factor.crypto.lib.ts";
import { openSecret, sealSecret, useSsoKey } from "../../platform/identity/sso.crypto.lib.ts";

const fromHex = (h: string) => Uint8Array.from(h.match(/../g)!, (b) => parseInt(b, 16));
const sealedOf = (ciphertext: string, nonce: string, keyId: string): Sealed => ({
  ciphertext: fromHex(ciphertext),
  nonce: fromHex(nonce),
  keyId,
});
const HERE = ["test-box", "tenant-1", "row-1"];

Deno.test("secret box: a value opens again with its key and place, never in clear", async () => {
  const key = await importSecretKey(newSecretKeyBase64());
  assert.match(key.id, /^[0-9a-f]{12}$/);
  for (const value of ["", "s3cr3t ünïcode ✓", "x".repeat(10_000)]) {
    const sealed = await seal(key, HERE, value);
    assert.equal(sealed.keyId, key.id);
    assert.equal(sealed.nonce.length, 12);
    assert.equal(sealed.ciphertext.length, new TextEncoder().encode(value).length + 16);
    if (value) assert.ok(!new TextDecoder().decode(sealed.ciphertext).includes(value.slice(0, 6)));
    assert.equal(await open(key, HERE, sealed), value);
  }
});

Deno.test("secret box: an altered ciphertext, nonce or place is refused", async () => {
  const key = await importSecretKey(newSecretKeyBase64());
  const sealed = await seal(key, HERE, "value");
  for (const i of [0, sealed.ciphertext.length - 1]) {
    const ciphertext = new Uint8Array(sealed.ciphertext);
    ciphertext[i] ^= 1;
    assert.equal(await open(key, HERE, { ...sealed, ciphertext }), null, `byte ${i}`);
  }
  const nonce = new Uint8Array(sealed.nonce);
  nonce[0] ^= 1;
  assert.equal(await open(key, HERE, { ...sealed, nonce }), null);
  assert.equal(
    await open(key, HERE, { ...sealed, ciphertext: sealed.ciphertext.slice(0, 8) }),
    null,
  );
  assert.equal(await open(key, ["test-box", "tenant-2", "row-1"], sealed), null);
  // The parts are joined with a separator: shifting text between them is another place.
  assert.equal(await open(key, ["test-box", "tenant-1r", "ow-1"], sealed), null);
  assert.equal(await open(key, HERE, sealed), "value", "the original still opens");
});

Deno.test("secret box: another key is refused, also when the key id is forged", async () => {
  const key = await importSecretKey(newSecretKeyBase64());
  const other = await importSecretKey(newSecretKeyBase64());
  assert.notEqual(key.id, other.id);
  const sealed = await seal(key, HERE, "value");
  assert.equal(await open(other, HERE, sealed), null);
  assert.equal(await open(other, HERE, { ...sealed, keyId: other.id }), null);
});

Deno.test("secret box: every seal takes a fresh nonce", async () => {
  const key = await importSecretKey(newSecretKeyBase64());
  const seen = new Set<string>();
  const texts = new Set<string>();
  for (let i = 0; i < 50; i++) {
    const sealed = await seal(key, HERE, "same value");
    seen.add(sealed.nonce.join(","));
    texts.add(sealed.ciphertext.join(","));
  }
  assert.equal(seen.size, 50);
  assert.equal(texts.size, 50);
});

Deno.test("secret box: keys are 32 bytes; derivation depends on master and use", async () => {
  assert.notEqual(newSecretKeyBase64(), newSecretKeyBase64());
  assert.equal(secretKeyBytes(newSecretKeyBase64()).length, 32);
  const short = btoa("x".repeat(16));
  assert.throws(() => secretKeyBytes(short, "the test key"), /the test key must be 32 bytes/);
  await assert.rejects(() => importSecretKey(short, "the test key"), /must be 32 bytes/);
  await assert.rejects(() => importSecretKey(new Uint8Array(31)), /must be 32 bytes/);
  const master = secretKeyBytes(newSecretKeyBase64());
  const a = await deriveKeyBytes(master, "use-a");
  assert.equal(a.length, 32);
  assert.deepEqual(await deriveKeyBytes(master, "use-a"), a);
  assert.notDeepEqual(await deriveKeyBytes(master, "use-b"), a);
  assert.notDeepEqual(await deriveKeyBytes(secretKeyBytes(newSecretKeyBase64()), "use-a"), a);
});

// Sealed by modules/automation/secrets/secrets.crypto.lib.ts before the shared box.
const AUTOMATION = {
  key: "BwoNEBMWGRwfIiUoKy4xNDc6PUBDRklMT1JVWFteYWQ=",
  where: {
    tenantId: "11111111-1111-4111-8111-111111111111",
    agentId: "22222222-2222-4222-8222-222222222222",
    name: "API_TOKEN",
  },
  sealed: sealedOf(
    "6048b461ef3f4c27306ad92d1a41b6ed56c33c71572e",
    "f14972e1910c11a249369c5a",
    "cbfee57093b6",
  ),
};

Deno.test("secret box: Automation's stored variables still open, with the same messages", async () => {
  const { key, where, sealed } = AUTOMATION;
  assert.equal(await (await decryptorFor(key))(where, sealed), "s3cr3t");
  const restore = await swapKeyForTesting(key);
  try {
    assert.equal(await decryptValue(where, sealed), "s3cr3t");
    const fresh = await encryptValue(where, "again");
    assert.equal(fresh.keyId, sealed.keyId, "the key id is computed as before");
    assert.equal(await decryptValue(where, fresh), "again");
    await assert.rejects(
      () => decryptValue({ ...where, name: "OTHER" }, sealed),
      (e) =>
        e instanceof SecretError && /OTHER cannot be decrypted \(it was altered or moved\)/
          .test(e.message),
    );
    await assert.rejects(
      () => decryptValue(where, { ...sealed, keyId: "000000000000" }),
      (e) => e instanceof SecretError && /API_TOKEN was encrypted with another key/.test(e.message),
    );
  } finally {
    restore();
  }
});

// Sealed and signed by platform/identity/two-factor.crypto.lib.ts before the shared box.
const TWO_FACTOR = {
  key: "BwwRFhsgJSovNDk+Q0hNUldcYWZrcHV6f4SJjpOYnaI=",
  userId: "33333333-3333-4333-8333-333333333333",
  sealed: sealedOf(
    "6e629d3fb849294111d40dfe97d128bbeda85d1614ab90563d398f2198860842",
    "547ee9853a0f0413774de706",
    "adafbfe45fc3",
  ),
  // A passkey-challenge token issued at 4102444200 (valid for five minutes).
  token: "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJwdXJwb3NlIjoicGFzc2tleS1jaGFsbGVuZ2UiLCJjaGFs" +
    "bGVuZ2UiOiJhYmMiLCJ1c2UiOiJ4IiwiYXVkIjoiaWRlbnRpdHktdHdvLWZhY3RvciIsImlhdCI6NDEwMjQ0NDIwM" +
    "CwiZXhwIjo0MTAyNDQ0NTAwLCJqdGkiOiI3Yzc5ZGRjMS1jYjE4LTRiZGItODM2Mi1iMWU1YmFhMjY4YmQifQ.bc6" +
    "PYWuUSDy3xgGwRxiC53_NfOl0yAGjRYRRCoqzhPA",
};

Deno.test("secret box: stored TOTP secrets still open; flow tokens keep their key", async () => {
  const { key, userId, sealed, token } = TWO_FACTOR;
  await useTwoFactorKey(key);
  assert.equal(await openTotp(userId, sealed), "JBSWY3DPEHPK3PXP");
  assert.equal(await openTotp("33333333-3333-4333-8333-333333333334", sealed), null);
  const fresh = await sealTotp(userId, "NEWSECRET");
  assert.equal(fresh.keyId, sealed.keyId);
  assert.equal(await openTotp(userId, fresh), "NEWSECRET");
  // The signing key is derived as before: the old token verifies at its time.
  const sign = await deriveKeyBytes(secretKeyBytes(key), "identity-two-factor-tokens");
  const { payload } = await jose.jwtVerify(token, sign, {
    algorithms: ["HS256"],
    audience: "identity-two-factor",
    currentDate: new Date(4102444300 * 1000),
  });
  assert.equal(payload.challenge, "abc");
  const signed = await signFlowToken({ purpose: "passkey-challenge", challenge: "c", use: "u" });
  assert.equal((await readFlowToken(signed.token, "passkey-challenge"))?.challenge, "c");
  assert.equal(await readFlowToken(signed.token, "second-factor"), null);
});

// Sealed by platform/identity/sso.crypto.lib.ts before the shared box.
const SSO = {
  key: "BxIdKDM+SVRfanWAi5ahrLfCzdjj7vkEDxolMDtGUVw=",
  tenantId: "44444444-4444-4444-8444-444444444444",
  sealed: sealedOf(
    "379803bce938c4d98e91f08d26ab2e351ae522a21b8f54af1efa984105",
    "3c47ef3c93a4c445b61d29e2",
    "c449540e562c",
  ),
};

Deno.test("secret box: stored SSO client secrets still open for their tenant only", async () => {
  const { key, tenantId, sealed } = SSO;
  await useSsoKey(key);
  assert.equal(await openSecret(tenantId, sealed), "client-secret");
  assert.equal(await openSecret("44444444-4444-4444-8444-444444444445", sealed), null);
  const fresh = await sealSecret(tenantId, "rotated");
  assert.equal(fresh.keyId, sealed.keyId);
  assert.equal(await openSecret(tenantId, fresh), "rotated");
});

import assert from "node:assert/strict";
import {
  fromBase64Url,
  randomToken,
  sha256Hex,
  timingSafeEqual,
  toBase64Url,
} from "../../shared/crypto/bytes.ts";

Deno.test("bytes: base64url round trip, random tokens, SHA-256, constant-time equality", async () => {
  const bytes = new Uint8Array([0, 251, 255, 62, 63, 1]);
  assert.equal(toBase64Url(bytes), "APv_Pj8B");
  assert.deepEqual(fromBase64Url("APv_Pj8B"), bytes);
  assert.match(randomToken(), /^[A-Za-z0-9_-]{43}$/);
  assert.notEqual(randomToken(), randomToken());
  assert.equal(
    await sha256Hex("abc"),
    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
  );
  assert.ok(timingSafeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2])));
  assert.ok(!timingSafeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 3])));
  assert.ok(!timingSafeEqual(new Uint8Array([1]), new Uint8Array([1, 2])));
});

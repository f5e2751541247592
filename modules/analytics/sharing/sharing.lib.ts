/**
 * The password proof of a public link: after the right password, a short-lived cookie scoped
 * to that link carries `expiry.HMAC(link id, expiry)` keyed by the link's password hash — so
 * it proves the password without holding it, ends by itself, and stops working when the link
 * is revoked (no hash to check it against). Web Crypto only.
 */
import { sha256Hex, timingSafeEqual, toBase64Url } from "../../../shared/crypto/bytes.ts";
import { PROOF_SECONDS } from "./sharing.rules.ts";

async function mac(key: string, text: string): Promise<Uint8Array> {
  const k = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(key),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  return new Uint8Array(await crypto.subtle.sign("HMAC", k, new TextEncoder().encode(text)));
}

/** The cookie's name: per link, without revealing the token. */
export async function proofCookieName(token: string) {
  return `apl_${(await sha256Hex(token)).slice(0, 16)}`;
}

export async function makeProof(
  linkId: string,
  passwordHash: string,
  now = Date.now(),
): Promise<string> {
  const exp = Math.floor(now / 1000) + PROOF_SECONDS;
  return `${exp}.${toBase64Url(await mac(passwordHash, `${linkId}:${exp}`))}`;
}

export async function checkProof(
  proof: string | undefined,
  linkId: string,
  passwordHash: string,
  now = Date.now(),
): Promise<boolean> {
  const m = /^(\d{10,12})\.([A-Za-z0-9_-]{43})$/.exec(proof ?? "");
  if (!m || Number(m[1]) * 1000 <= now) return false;
  const want = toBase64Url(await mac(passwordHash, `${linkId}:${m[1]}`));
  return timingSafeEqual(new TextEncoder().encode(want), new TextEncoder().encode(m[2]));
}

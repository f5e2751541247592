/**
 * The installation's two-factor key (32 random bytes, generated once and kept in
 * platform_secrets 'identity-two-factor-key', readable by the schema owner only; loaded at start
 * by `initTwoFactor`). Two keys are derived from it with HKDF: one seals TOTP secrets
 * (AES-256-GCM, bound to their account), one signs the short-lived tokens of a sign-in that waits
 * for its second factor and of passkey challenges (HS256; these tokens are read only by this
 * code, never accepted as a session).
 */
import * as jose from "jose";
import { PENDING_SECONDS } from "./two-factor.lib.ts";

interface Keys {
  seal: CryptoKey;
  sign: Uint8Array;
  id: string;
}

let current: Keys | null = null;

const bytes = (u: Uint8Array) => new Uint8Array(u) as Uint8Array<ArrayBuffer>;
const fromBase64 = (s: string) => Uint8Array.from(atob(s), (ch) => ch.charCodeAt(0));
const toBase64 = (b: Uint8Array) => btoa(Array.from(b, (x) => String.fromCharCode(x)).join(""));
const encode = (s: string) => new TextEncoder().encode(s);

/** A fresh random key, base64 (stored once on the first start). */
export const newTwoFactorKeyBase64 = () => toBase64(crypto.getRandomValues(new Uint8Array(32)));

async function derive(master: CryptoKey, info: string): Promise<Uint8Array> {
  return new Uint8Array(
    await crypto.subtle.deriveBits(
      { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(32), info: encode(info) },
      master,
      256,
    ),
  );
}

/** Uses this raw key (base64 of 32 bytes) from now on. */
export async function useTwoFactorKey(base64: string): Promise<void> {
  const raw = fromBase64(base64);
  if (raw.length !== 32) throw new Error("the two-factor key must be 32 bytes");
  const master = await crypto.subtle.importKey("raw", bytes(raw), "HKDF", false, ["deriveBits"]);
  const sealRaw = await derive(master, "identity-totp-seal");
  const seal = await crypto.subtle.importKey("raw", bytes(sealRaw), "AES-GCM", false, [
    "encrypt",
    "decrypt",
  ]);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes(sealRaw)));
  const id = Array.from(digest.slice(0, 6), (b) => b.toString(16).padStart(2, "0")).join("");
  current = { seal, sign: await derive(master, "identity-two-factor-tokens"), id };
}

function loaded(): Keys {
  if (!current) throw new Error("two-factor keys are not initialised (initTwoFactor at start)");
  return current;
}

const aad = (userId: string) => encode(`identity-totp\u0000${userId}`);

export interface SealedTotp {
  ciphertext: Uint8Array;
  nonce: Uint8Array;
  keyId: string;
}

/** A TOTP secret sealed for its account. */
export async function sealTotp(userId: string, secret: string): Promise<SealedTotp> {
  const { seal, id } = loaded();
  const nonce = crypto.getRandomValues(new Uint8Array(12));
  const ciphertext = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: "AES-GCM", iv: nonce, additionalData: aad(userId) },
      seal,
      encode(secret),
    ),
  );
  return { ciphertext, nonce, keyId: id };
}

/** The secret, or null when sealed with another key, for another account, or altered. */
export async function openTotp(userId: string, sealed: SealedTotp): Promise<string | null> {
  const { seal, id } = loaded();
  if (sealed.keyId !== id) return null;
  try {
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: bytes(sealed.nonce), additionalData: aad(userId) },
      seal,
      bytes(sealed.ciphertext),
    );
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}

/** What a token of this code carries; `purpose` keeps one kind from passing for another. */
export type FlowClaims =
  | { purpose: "second-factor"; sub: string; tid: string; email: string; enrol: boolean }
    & Record<string, unknown>
  | { purpose: "passkey-challenge"; challenge: string; sub?: string; use: string };

const AUDIENCE = "identity-two-factor";

/**
 * Signs a flow token valid for PENDING_SECONDS from `now` (seconds; tests pass an earlier time
 * to get an expired one). Returns the token and its id (single use: the id is spent on success).
 */
export async function signFlowToken(
  claims: FlowClaims,
  now = Math.floor(Date.now() / 1000),
): Promise<{ token: string; jti: string; exp: number }> {
  const jti = crypto.randomUUID();
  const exp = now + PENDING_SECONDS;
  const { sub, ...rest } = claims as Record<string, unknown>;
  let jwt = new jose.SignJWT(rest)
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setAudience(AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(exp)
    .setJti(jti);
  if (typeof sub === "string") jwt = jwt.setSubject(sub);
  return { token: await jwt.sign(loaded().sign), jti, exp };
}

/** The claims of a valid, unexpired flow token of this purpose, or null. */
export async function readFlowToken<P extends FlowClaims["purpose"]>(
  token: string,
  purpose: P,
): Promise<(Extract<FlowClaims, { purpose: P }> & { jti: string; exp: number }) | null> {
  try {
    const { payload } = await jose.jwtVerify(token, loaded().sign, {
      algorithms: ["HS256"],
      audience: AUDIENCE,
      requiredClaims: ["exp", "jti"],
    });
    if (payload.purpose !== purpose) return null;
    return payload as unknown as Extract<FlowClaims, { purpose: P }> & { jti: string; exp: number };
  } catch {
    return null;
  }
}

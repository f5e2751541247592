/**
 * The installation's two-factor key (32 random bytes, generated once and kept in
 * platform_secrets 'identity-two-factor-key', readable by the schema owner only; loaded at start
 * by `initTwoFactor`). Two keys are derived from it with HKDF: one seals TOTP secrets
 * (shared/crypto/secret-box.ts, bound to their account), one signs the short-lived tokens of a
 * sign-in that waits for its second factor and of passkey challenges (HS256 JWTs through jose;
 * these tokens are read only by this code, never accepted as a session).
 */
import * as jose from "jose";
import * as box from "../../shared/crypto/secret-box.ts";
import { PENDING_SECONDS } from "./two-factor.lib.ts";

interface Keys {
  seal: box.SecretKey;
  sign: Uint8Array;
}

let current: Keys | null = null;

/** A fresh random key, base64 (stored once on the first start). */
export const newTwoFactorKeyBase64 = box.newSecretKeyBase64;

/** Uses this raw key (base64 of 32 bytes) from now on. */
export async function useTwoFactorKey(base64: string): Promise<void> {
  const master = box.secretKeyBytes(base64, "the two-factor key");
  current = {
    seal: await box.importSecretKey(await box.deriveKeyBytes(master, "identity-totp-seal")),
    sign: await box.deriveKeyBytes(master, "identity-two-factor-tokens"),
  };
}

function loaded(): Keys {
  if (!current) throw new Error("two-factor keys are not initialised (initTwoFactor at start)");
  return current;
}

const context = (userId: string) => ["identity-totp", userId];

/** A TOTP secret sealed for its account. */
export function sealTotp(userId: string, secret: string): Promise<box.Sealed> {
  return box.seal(loaded().seal, context(userId), secret);
}

/** The secret, or null when sealed with another key, for another account, or altered. */
export function openTotp(userId: string, sealed: box.Sealed): Promise<string | null> {
  return box.open(loaded().seal, context(userId), sealed);
}

/**
 * A short mark of the account's current credentials (HMAC-SHA-256 under the signing key of the
 * account id and its password hash, 16 bytes base64url): a pending sign-in carries it as `cred`
 * and is refused once the password changed (a reset or a change between the two steps). Nothing
 * about the hash can be learnt from it without the installation's key.
 */
export async function credentialsMark(userId: string, passwordHash: string | null) {
  const key = await crypto.subtle.importKey(
    "raw",
    new Uint8Array(loaded().sign) as Uint8Array<ArrayBuffer>,
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = await crypto.subtle.sign(
    "HMAC",
    key,
    new TextEncoder().encode(`identity-credentials\0${userId}\0${passwordHash ?? ""}`),
  );
  return jose.base64url.encode(new Uint8Array(mac).slice(0, 16));
}

/** Whether two marks are the same, in constant time. */
export function sameMark(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** What a token of this code carries; `purpose` keeps one kind from passing for another. */
export type FlowClaims =
  | {
    purpose: "second-factor";
    sub: string;
    tid: string;
    email: string;
    enrol: boolean;
    /** credentialsMark of the account when the password step passed. */
    cred: string;
  } & Record<string, unknown>
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

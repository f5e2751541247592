/**
 * Pure helpers of two-factor sign-in: TOTP (RFC 6238 through otpauth), the QR code as SVG,
 * recovery codes, the workspace policy and base64url. No database, no HTTP.
 */
import * as OTPAuth from "otpauth";
import QRCode from "qrcode";
import { fromBase64Url } from "../../shared/crypto/bytes.ts";

/** TOTP parameters every authenticator app understands. */
export const TOTP_PERIOD = 30;
const TOTP_DIGITS = 6;
/** Codes of one step before or after now are accepted (clocks drift). */
const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** A pending second factor (and a passkey challenge) lasts this long. */
export const PENDING_SECONDS = 300;

export type TwoFactorPolicy = "none" | "admins" | "everyone";
export const TWO_FACTOR_POLICIES = ["none", "admins", "everyone"] as const;
/** The roles the "admins" policy covers. */
const ADMIN_ROLES = ["owner", "admin"];

/** Whether a workspace's policy asks a member with these roles for a second factor. */
export function policyRequires(policy: TwoFactorPolicy, roles: string[]): boolean {
  if (policy === "everyone") return true;
  if (policy === "admins") return roles.some((r) => ADMIN_ROLES.includes(r));
  return false;
}

/** A fresh TOTP secret (160 bits), base32 as apps show and type it. */
export const newTotpSecret = () => new OTPAuth.Secret({ size: 20 }).base32;

function totpOf(secret: string, issuer: string, label: string) {
  return new OTPAuth.TOTP({
    issuer,
    label,
    secret: OTPAuth.Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD,
  });
}

/** The otpauth:// address an authenticator app reads from the QR code. */
export const totpUri = (secret: string, issuer: string, label: string) =>
  totpOf(secret, issuer, label).toString();

/** The QR code of an otpauth:// address as an SVG document (drawn on the server). */
export async function qrSvg(uri: string): Promise<string> {
  return await QRCode.toString(uri, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
}

/** Only digits, six of them (spaces typed between groups are dropped). */
export function cleanTotpCode(code: string): string | null {
  const digits = code.replace(/\s+/g, "");
  return /^\d{6}$/.test(digits) ? digits : null;
}

/**
 * The time step a code belongs to, if it is valid at `now` (± one step), else null. The caller
 * accepts it only when that step is later than the last one used (once per window).
 */
export function totpStep(secret: string, code: string, now: number): number | null {
  const token = cleanTotpCode(code);
  if (!token) return null;
  const delta = totpOf(secret, "x", "x").validate({ token, timestamp: now, window: TOTP_WINDOW });
  if (delta === null) return null;
  return Math.floor(now / 1000 / TOTP_PERIOD) + delta;
}

// Recovery codes: ten groups of five letters and digits without look-alikes (0/o, 1/l/i).
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** Ten fresh recovery codes as people read them: `abcde-fghjk`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = crypto.getRandomValues(new Uint8Array(10));
    const chars = Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** A typed recovery code as stored: lower case, no spaces or hyphens; null if it cannot be one. */
export function normalRecoveryCode(code: string): string | null {
  const plain = code.toLowerCase().replace(/[\s-]+/g, "");
  return /^[a-z0-9]{10}$/.test(plain) ? plain : null;
}

/** A passkey's user handle: the account id's 16 bytes. */
export function userHandle(userId: string): Uint8Array {
  const hex = userId.replaceAll("-", "");
  return Uint8Array.from({ length: 16 }, (_, i) => parseInt(hex.slice(i * 2, i * 2 + 2), 16));
}

/** The account id a user handle stands for (null when it is not 16 bytes). */
export function userIdOfHandle(handle: string): string | null {
  let bytes: Uint8Array;
  try {
    bytes = fromBase64Url(handle);
  } catch {
    return null;
  }
  if (bytes.length !== 16) return null;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${
    hex.slice(20)
  }`;
}

/**
 * The WebAuthn relying party of a request: the host the browser sees (behind a trusted proxy,
 * its X-Forwarded-Host and -Proto) as RP ID (without port) and origin.
 */
export function passkeySiteOf(
  url: string,
  headers: { host?: string; forwardedHost?: string; forwardedProto?: string },
  trustProxy: boolean,
): { rpId: string; origin: string } {
  const u = new URL(url);
  const host = (trustProxy && headers.forwardedHost) || headers.host || u.host;
  const proto = (trustProxy && headers.forwardedProto?.split(",")[0]?.trim()) ||
    u.protocol.replace(":", "");
  const origin = `${proto}://${host}`;
  return { rpId: new URL(origin).hostname, origin };
}

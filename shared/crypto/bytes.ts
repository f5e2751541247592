/**
 * Byte helpers for secrets handed out in links and headers (API tokens, invitation, reset and
 * share links, recovery codes, passkeys): random tokens, base64url, SHA-256 and a constant-time
 * comparison. Pure: Web Crypto only.
 */

/** Bytes as base64url without padding. */
export function toBase64Url(bytes: Uint8Array): string {
  return btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(""))
    .replaceAll("+", "-").replaceAll("/", "_").replaceAll("=", "");
}

/** base64url (with or without padding) as bytes. */
export function fromBase64Url(text: string): Uint8Array {
  const b64 = text.replaceAll("-", "+").replaceAll("_", "/");
  return Uint8Array.from(atob(b64 + "=".repeat((4 - b64.length % 4) % 4)), (c) => c.charCodeAt(0));
}

/** `size` random bytes, base64url: 32 bytes (256 bits) make 43 characters. */
export const randomToken = (size = 32): string =>
  toBase64Url(crypto.getRandomValues(new Uint8Array(size)));

/** SHA-256 of a text (UTF-8). */
export async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
}

/** SHA-256 of a text, lowercase hex. */
export async function sha256Hex(text: string): Promise<string> {
  return Array.from(await sha256(text), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Equal bytes, compared in constant time (for equal lengths). */
export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}

/** Byte helpers of API tokens: encoding, hashing and a constant-time comparison. */

export function encodeBase64Url(bytes: Uint8Array) {
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** The SHA-256 of a token: the only form in which tokens are stored. */
export async function sha256(text: string) {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
}

/** Equal bytes, compared in constant time. */
export function sameBytes(a: Uint8Array, b: Uint8Array) {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}

/** The revocation key of a token in revoked_tokens (checked on every request). */
export const jtiOf = (id: string) => `tok:${id}`;

/** The token id of an API token's session jti, or null for a sign-in session's. */
export const tokenIdOfJti = (jti: string | undefined) =>
  jti?.startsWith("tok:") ? jti.slice(4) : null;

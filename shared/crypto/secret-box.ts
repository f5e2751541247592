/**
 * Secrets sealed at rest: AES-256-GCM (WebCrypto) with a 32-byte key, a fresh 12-byte nonce per
 * value and associated data that binds a ciphertext to its place (a row copied to another tenant,
 * account or name does not open). Pure: each caller keeps its own key (generated once, kept in
 * platform_secrets, loaded at start) and names its own associated data. Used by Automation's
 * environment variables, identity's TOTP secrets and SSO client secrets.
 *
 * The stored format: `ciphertext` (with GCM's 16-byte tag at its end), `nonce`, and `keyId`, the
 * first 6 bytes of the key's SHA-256 in hex, so a value sealed with another key is told apart
 * from an altered one.
 */

/** A sealed value as stored (bytea, bytea, text). */
export interface Sealed {
  ciphertext: Uint8Array;
  nonce: Uint8Array;
  keyId: string;
}

/** An imported key and its fingerprint. */
export interface SecretKey {
  readonly key: CryptoKey;
  readonly id: string;
}

const KEY_BYTES = 32;

/** A copy on a plain ArrayBuffer (what WebCrypto's types ask for; bytea values are Buffers). */
const bytes = (u: Uint8Array) => new Uint8Array(u) as Uint8Array<ArrayBuffer>;
const encode = (s: string) => new TextEncoder().encode(s);
const hex = (u: Uint8Array) => Array.from(u, (b) => b.toString(16).padStart(2, "0")).join("");
const toBase64 = (b: Uint8Array) => btoa(Array.from(b, (x) => String.fromCharCode(x)).join(""));

/** A fresh random key, base64 of 32 bytes (stored once on the first start). */
export const newSecretKeyBase64 = () => toBase64(crypto.getRandomValues(new Uint8Array(KEY_BYTES)));

/**
 * The raw bytes of a key given as base64; `what` names it in the error when it is not 32 bytes
 * (e.g. "the SSO secret key").
 */
export function secretKeyBytes(base64: string, what = "the secret key"): Uint8Array {
  const raw = Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0));
  if (raw.length !== KEY_BYTES) throw new Error(`${what} must be ${KEY_BYTES} bytes`);
  return raw;
}

/** A sealing key from its raw 32 bytes, or from their base64. */
export async function importSecretKey(
  raw: Uint8Array | string,
  what = "the secret key",
): Promise<SecretKey> {
  const material = typeof raw === "string" ? secretKeyBytes(raw, what) : raw;
  if (material.length !== KEY_BYTES) throw new Error(`${what} must be ${KEY_BYTES} bytes`);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes(material)));
  const key = await crypto.subtle.importKey("raw", bytes(material), "AES-GCM", false, [
    "encrypt",
    "decrypt",
  ]);
  return { key, id: hex(digest.slice(0, 6)) };
}

/**
 * 32 bytes derived from a master key for one use (HKDF-SHA-256, zero salt, `info` naming the
 * use), so one stored key can serve several purposes without one key doing two jobs.
 */
export async function deriveKeyBytes(master: Uint8Array, info: string): Promise<Uint8Array> {
  const base = await crypto.subtle.importKey("raw", bytes(master), "HKDF", false, ["deriveBits"]);
  return new Uint8Array(
    await crypto.subtle.deriveBits(
      { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(32), info: encode(info) },
      base,
      KEY_BYTES * 8,
    ),
  );
}

/** The associated data: the parts joined by NUL (a purpose first, then the ids of the place). */
const associated = (context: readonly string[]) => encode(context.join("\u0000"));

/** Seals `value` for the place named by `context` (e.g. ["identity-sso", tenantId]). */
export async function seal(
  { key, id }: SecretKey,
  context: readonly string[],
  value: string,
): Promise<Sealed> {
  const nonce = crypto.getRandomValues(new Uint8Array(12));
  const ciphertext = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: "AES-GCM", iv: nonce, additionalData: associated(context) },
      key,
      encode(value),
    ),
  );
  return { ciphertext, nonce, keyId: id };
}

/**
 * The value, or null when it was sealed with another key (compare `keyId` first to say which),
 * for another place, or altered.
 */
export async function open(
  { key, id }: SecretKey,
  context: readonly string[],
  sealed: Sealed,
): Promise<string | null> {
  if (sealed.keyId !== id) return null;
  try {
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: bytes(sealed.nonce), additionalData: associated(context) },
      key,
      bytes(sealed.ciphertext),
    );
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}

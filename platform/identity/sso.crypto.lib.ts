/**
 * Encryption of tenants' OpenID client secrets: AES-256-GCM (WebCrypto) with one key per
 * installation, generated once and kept in platform_secrets (sso.repo.ts `storedSsoKey`, loaded
 * at start by `initSso`). The associated data binds a ciphertext to its tenant, so a row copied
 * to another tenant does not open. (The same scheme as Automation's secrets, which identity may
 * not import: platform features do not know modules.)
 */
export interface SealedSecret {
  ciphertext: Uint8Array;
  nonce: Uint8Array;
  keyId: string;
}

interface LoadedKey {
  key: CryptoKey;
  id: string;
}

let current: LoadedKey | null = null;

const bytes = (u: Uint8Array) => new Uint8Array(u) as Uint8Array<ArrayBuffer>;
const fromBase64 = (s: string) => Uint8Array.from(atob(s), (ch) => ch.charCodeAt(0));
const toBase64 = (b: Uint8Array) => btoa(Array.from(b, (x) => String.fromCharCode(x)).join(""));
const aad = (tenantId: string) => new TextEncoder().encode(`identity-sso\u0000${tenantId}`);

/** A fresh random key, base64 (stored once on the first start). */
export const newSsoKeyBase64 = () => toBase64(crypto.getRandomValues(new Uint8Array(32)));

/** Uses this raw key (base64 of 32 bytes) from now on. */
export async function useSsoKey(base64: string): Promise<void> {
  const raw = fromBase64(base64);
  if (raw.length !== 32) throw new Error("the SSO secret key must be 32 bytes");
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes(raw)));
  const id = Array.from(digest.slice(0, 6), (b) => b.toString(16).padStart(2, "0")).join("");
  const key = await crypto.subtle.importKey("raw", bytes(raw), "AES-GCM", false, [
    "encrypt",
    "decrypt",
  ]);
  current = { key, id };
}

function loaded(): LoadedKey {
  if (!current) throw new Error("SSO secrets are not initialised (initSso at start)");
  return current;
}

export async function sealSecret(tenantId: string, value: string): Promise<SealedSecret> {
  const { key, id } = loaded();
  const nonce = crypto.getRandomValues(new Uint8Array(12));
  const ciphertext = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: "AES-GCM", iv: nonce, additionalData: aad(tenantId) },
      key,
      new TextEncoder().encode(value),
    ),
  );
  return { ciphertext, nonce, keyId: id };
}

/** The secret, or null when it was sealed with another key or altered (set it again). */
export async function openSecret(tenantId: string, sealed: SealedSecret): Promise<string | null> {
  const { key, id } = loaded();
  if (sealed.keyId !== id) return null;
  try {
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: bytes(sealed.nonce), additionalData: aad(tenantId) },
      key,
      bytes(sealed.ciphertext),
    );
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}

/** SHA-256 of a value, hex (the flow cookie's key is stored only as this). */
export async function sha256Hex(value: string): Promise<string> {
  const digest = new Uint8Array(
    await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value)),
  );
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A random URL-safe key (the flow cookie). */
export function randomKey(): string {
  return toBase64(crypto.getRandomValues(new Uint8Array(32)))
    .replaceAll("+", "-").replaceAll("/", "_").replaceAll("=", "");
}

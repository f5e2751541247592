/**
 * Encryption of agents' environment variables: AES-256-GCM (WebCrypto) with one key per
 * installation. The key comes from AUTOMATION_SECRET_KEY or is generated once and kept in
 * platform_secrets (readable by the schema owner only), so every instance shares it
 * (secrets.key.service.ts loads it at start).
 */
interface LoadedKey {
  key: CryptoKey;
  /** A short fingerprint: rows encrypted with another key are told apart from tampered ones. */
  id: string;
}

let current: LoadedKey | null = null;

/** A value that cannot be decrypted; the message says what to do about it. */
export class SecretError extends Error {}

/** A copy on a plain ArrayBuffer (what WebCrypto's types ask for; bytea values are Buffers). */
const bytes = (u: Uint8Array) => new Uint8Array(u) as Uint8Array<ArrayBuffer>;
const fromBase64 = (s: string) => Uint8Array.from(atob(s), (ch) => ch.charCodeAt(0));
const toBase64 = (b: Uint8Array) => btoa(Array.from(b, (x) => String.fromCharCode(x)).join(""));

async function importKey(raw: Uint8Array): Promise<LoadedKey> {
  if (raw.length !== 32) throw new Error("the automation secret key must be 32 bytes");
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes(raw)));
  const id = Array.from(digest.slice(0, 6), (b) => b.toString(16).padStart(2, "0")).join("");
  const key = await crypto.subtle.importKey("raw", bytes(raw), "AES-GCM", false, [
    "encrypt",
    "decrypt",
  ]);
  return { key, id };
}

/** Uses this raw key (base64 of 32 bytes) from now on (start-up: configured or stored). */
export async function useKey(base64: string): Promise<void> {
  current = await importKey(fromBase64(base64));
}

/** A fresh random key, base64 (stored once on the first start). */
export const newKeyBase64 = () => toBase64(crypto.getRandomValues(new Uint8Array(32)));

function loaded(): LoadedKey {
  if (!current) throw new Error("automation secrets are not initialised (initSecrets at start)");
  return current;
}

/** The fingerprint of the key in use (rows with another key_id need re-encrypting). */
export const currentKeyId = () => loaded().id;

/** Binds a ciphertext to its row: moved to another tenant, agent or name it fails to open. */
const aad = (tenantId: string, agentId: string, name: string) =>
  new TextEncoder().encode(`automation-env\u0000${tenantId}\u0000${agentId}\u0000${name}`);

export interface Sealed {
  ciphertext: Uint8Array;
  nonce: Uint8Array;
  keyId: string;
}

export async function encryptValue(
  where: { tenantId: string; agentId: string; name: string },
  value: string,
): Promise<Sealed> {
  const { key, id } = loaded();
  const nonce = crypto.getRandomValues(new Uint8Array(12));
  const ciphertext = new Uint8Array(
    await crypto.subtle.encrypt(
      {
        name: "AES-GCM",
        iv: nonce,
        additionalData: aad(where.tenantId, where.agentId, where.name),
      },
      key,
      new TextEncoder().encode(value),
    ),
  );
  return { ciphertext, nonce, keyId: id };
}

type Where = { tenantId: string; agentId: string; name: string };

export function decryptValue(where: Where, sealed: Sealed): Promise<string> {
  return openWith(loaded(), where, sealed);
}

/** A decryptor for values sealed with an earlier key (base64), for reencryptAll. */
export async function decryptorFor(
  base64: string,
): Promise<(where: Where, sealed: Sealed) => Promise<string>> {
  const old = await importKey(fromBase64(base64));
  return (where, sealed) => openWith(old, where, sealed);
}

async function openWith(k: LoadedKey, where: Where, sealed: Sealed): Promise<string> {
  const { key, id } = k;
  if (sealed.keyId !== id) {
    throw new SecretError(
      `environment variable ${where.name} was encrypted with another key; set it again`,
    );
  }
  try {
    const plain = await crypto.subtle.decrypt(
      {
        name: "AES-GCM",
        iv: bytes(sealed.nonce),
        additionalData: aad(where.tenantId, where.agentId, where.name),
      },
      key,
      bytes(sealed.ciphertext),
    );
    return new TextDecoder().decode(plain);
  } catch {
    throw new SecretError(
      `environment variable ${where.name} cannot be decrypted (it was altered or moved); set it again`,
    );
  }
}

/** Tests: use this raw key (base64 of 32 bytes) until the returned function restores the old. */
export async function swapKeyForTesting(base64: string): Promise<() => void> {
  const before = current;
  current = await importKey(fromBase64(base64));
  return () => {
    current = before;
  };
}

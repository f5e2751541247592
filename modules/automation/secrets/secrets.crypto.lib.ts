/**
 * Encryption of agents' environment variables (and Workflow's secret globals, Analytics' source
 * passwords): shared/crypto/secret-box.ts (AES-256-GCM) with one key per installation. The key
 * comes from AUTOMATION_SECRET_KEY or is generated once and kept in platform_secrets (readable by
 * the schema owner only), so every instance shares it (secrets.key.service.ts loads it at start).
 */
import * as box from "../../../shared/crypto/secret-box.ts";

export type Sealed = box.Sealed;

let current: box.SecretKey | null = null;

/** A value that cannot be decrypted; the message says what to do about it. */
export class SecretError extends Error {}

const importKey = (base64: string) => box.importSecretKey(base64, "the automation secret key");

/** Uses this raw key (base64 of 32 bytes) from now on (start-up: configured or stored). */
export async function useKey(base64: string): Promise<void> {
  current = await importKey(base64);
}

/** A fresh random key, base64 (stored once on the first start). */
export const newKeyBase64 = box.newSecretKeyBase64;

function loaded(): box.SecretKey {
  if (!current) throw new Error("automation secrets are not initialised (initSecrets at start)");
  return current;
}

/** The fingerprint of the key in use (rows with another key_id need re-encrypting). */
export const currentKeyId = () => loaded().id;

type Where = { tenantId: string; agentId: string; name: string };

/** Binds a ciphertext to its row: moved to another tenant, agent or name it fails to open. */
const context = (where: Where) => ["automation-env", where.tenantId, where.agentId, where.name];

export function encryptValue(where: Where, value: string): Promise<box.Sealed> {
  return box.seal(loaded(), context(where), value);
}

export function decryptValue(where: Where, sealed: box.Sealed): Promise<string> {
  return openWith(loaded(), where, sealed);
}

/** A decryptor for values sealed with an earlier key (base64), for reencryptAll. */
export async function decryptorFor(
  base64: string,
): Promise<(where: Where, sealed: box.Sealed) => Promise<string>> {
  const old = await importKey(base64);
  return (where, sealed) => openWith(old, where, sealed);
}

async function openWith(key: box.SecretKey, where: Where, sealed: box.Sealed): Promise<string> {
  if (sealed.keyId !== key.id) {
    throw new SecretError(
      `environment variable ${where.name} was encrypted with another key; set it again`,
    );
  }
  const plain = await box.open(key, context(where), sealed);
  if (plain === null) {
    throw new SecretError(
      `environment variable ${where.name} cannot be decrypted (it was altered or moved); set it again`,
    );
  }
  return plain;
}

/** Tests: use this raw key (base64 of 32 bytes) until the returned function restores the old. */
export async function swapKeyForTesting(base64: string): Promise<() => void> {
  const before = current;
  current = await importKey(base64);
  return () => {
    current = before;
  };
}

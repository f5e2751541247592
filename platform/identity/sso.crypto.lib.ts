/**
 * Encryption of tenants' OpenID client secrets: shared/crypto/secret-box.ts (AES-256-GCM) with
 * one key per installation, generated once and kept in platform_secrets (`initSso` loads it at
 * start through shared/db/platform-secrets.ts). The associated data binds a ciphertext to its
 * tenant, so a row copied to another tenant does not open.
 */
import * as box from "../../shared/crypto/secret-box.ts";
import { randomToken } from "../../shared/crypto/bytes.ts";

let current: box.SecretKey | null = null;

const context = (tenantId: string) => ["identity-sso", tenantId];

/** A fresh random key, base64 (stored once on the first start). */
export const newSsoKeyBase64 = box.newSecretKeyBase64;

/** Uses this raw key (base64 of 32 bytes) from now on. */
export async function useSsoKey(base64: string): Promise<void> {
  current = await box.importSecretKey(base64, "the SSO secret key");
}

function loaded(): box.SecretKey {
  if (!current) throw new Error("SSO secrets are not initialised (initSso at start)");
  return current;
}

export function sealSecret(tenantId: string, value: string): Promise<box.Sealed> {
  return box.seal(loaded(), context(tenantId), value);
}

/** The secret, or null when it was sealed with another key or altered (set it again). */
export function openSecret(tenantId: string, sealed: box.Sealed): Promise<string | null> {
  return box.open(loaded(), context(tenantId), sealed);
}

/** A random URL-safe key (the flow cookie; stored only as its SHA-256, two-factor.lib.ts). */
export const randomKey = () => randomToken();

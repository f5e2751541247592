/**
 * IMAP passwords of support mailboxes, sealed at rest with shared/crypto/secret-box.ts
 * (AES-256-GCM) under one key per installation, generated once and kept in platform_secrets
 * (loaded at start by initMailboxKey). The associated data binds a ciphertext to its tenant and
 * mailbox, so a row copied elsewhere does not open.
 */
import * as box from "../../../shared/crypto/secret-box.ts";

let current: box.SecretKey | null = null;

const context = (tenantId: string, mailboxId: string) => [
  "support-mailbox-imap",
  tenantId,
  mailboxId,
];

export const newMailboxKeyBase64 = box.newSecretKeyBase64;

/** Uses this raw key (base64 of 32 bytes) from now on. */
export async function useMailboxKey(base64: string): Promise<void> {
  current = await box.importSecretKey(base64, "the support mailbox key");
}

function loaded(): box.SecretKey {
  if (!current) throw new Error("Mailbox secrets are not initialised (support init at start)");
  return current;
}

export function sealPassword(tenantId: string, mailboxId: string, value: string) {
  return box.seal(loaded(), context(tenantId, mailboxId), value);
}

/** The password, or null when it was sealed with another key or altered (set it again). */
export function openPassword(tenantId: string, mailboxId: string, sealed: box.Sealed) {
  return box.open(loaded(), context(tenantId, mailboxId), sealed);
}

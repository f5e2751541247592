/** Start-up of mailboxes: the installation's key for their passwords and the IMAP address policy. */
import type { SystemActor } from "../../../shared/http/actor.ts";
import { storedPlatformSecret } from "../../../shared/db/platform-secrets.ts";
import { newMailboxKeyBase64, useMailboxKey } from "./mailboxes.crypto.lib.ts";
import { useImapPolicy } from "./mailboxes.imap.service.ts";

// A lock number of its own (jwt 7202614, automation 7202615, identity 7202637-8).
const SECRET = { name: "support-mailbox-key", lock: 7202644 };

/**
 * At start (module init; `actor.sql` is the owner connection): loads the key, and reads the
 * operator's SUPPORT_IMAP_ALLOW_PRIVATE from `config` each time a server is checked.
 */
export async function initMailboxes(
  actor: SystemActor,
  config: { SUPPORT_IMAP_ALLOW_PRIVATE: boolean },
): Promise<void> {
  await useMailboxKey(await storedPlatformSecret(actor.sql, SECRET, newMailboxKeyBase64));
  useImapPolicy(() => config.SUPPORT_IMAP_ALLOW_PRIVATE);
}

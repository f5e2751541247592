/**
 * The installation's key for agents' environment variables: AUTOMATION_SECRET_KEY, or the one
 * generated once and kept in platform_secrets, so every instance shares it.
 */
import type { SystemActor } from "../../../shared/http/actor.ts";
import { newKeyBase64, useKey } from "./secrets.crypto.lib.ts";
import { storedPlatformSecret } from "../../../shared/db/platform-secrets.ts";

// A lock number of its own (jwt uses 7202614).
const SECRET = { name: "automation-env-key", lock: 7202615 };

/**
 * Loads the key at start (module init; `actor.sql` the owner connection): the configured one
 * (AUTOMATION_SECRET_KEY), else the stored one. Safe to call again.
 */
export async function initSecrets(
  actor: SystemActor,
  configured: string | undefined,
): Promise<void> {
  await useKey(configured || await storedPlatformSecret(actor.sql, SECRET, newKeyBase64));
}

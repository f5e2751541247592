/**
 * Pure parts of inbound webhooks: the body cap, the headers a run sees, the secret's digest and
 * where a job receives its hooks.
 */
import { problems } from "../../../shared/http/problem.ts";

/** The largest body a webhook may carry (it becomes the run's input). */
export const MAX_HOOK_BYTES = 256 * 1024;
/** Request headers a run sees: what senders use to say what happened, never credentials. */
const HEADER_NAMES =
  /^(content-type|user-agent|x-(?!webhook-secret$|forwarded-|real-ip$)[a-z0-9-]+)$/;
const MAX_HEADERS = 20;
const MAX_HEADER_LENGTH = 500;

/** The headers passed on to the run (a bounded subset, no secret). */
export function hookHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of headers) {
    if (Object.keys(out).length >= MAX_HEADERS) break;
    if (HEADER_NAMES.test(name)) out[name] = value.slice(0, MAX_HEADER_LENGTH);
  }
  return out;
}

/** Refuses a body over the cap (413); counts bytes, not characters. */
export function checkHookSize(text: string) {
  if (new TextEncoder().encode(text).length > MAX_HOOK_BYTES) {
    throw problems.tooLarge(`A webhook body may be at most ${MAX_HOOK_BYTES / 1024} KB.`);
  }
}

/** Where a tenant's job receives webhooks (relative to the server's origin). */
export const webhookPath = (tenantId: string, jobId: string) =>
  `/api/automation/hooks/${tenantId}/${jobId}`;

export async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

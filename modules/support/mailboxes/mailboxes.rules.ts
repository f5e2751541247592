/** Pure rules of mailboxes: where relays post, how a bearer token is read, errors as text. */

/** Reasons of the failed list that the storage itself gives (the intake gives its own). */
export const REASON_TOO_LARGE = "too large";
export const REASON_UNPARSABLE = "unparsable";

/** Where a mailbox's relays POST raw messages (relative to the server's origin). */
export const inboundPath = (mailboxId: string) => `/api/support/inbound/${mailboxId}`;

/** The inbound endpoint's public path (no session: the mailbox's token is the key). */
export const INBOUND_PUBLIC_PATH = /^\/api\/support\/inbound\/[^/]+$/;

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(header: string | undefined | null): string | null {
  const m = /^Bearer\s+([A-Za-z0-9_\-.~+/=]{16,200})\s*$/i.exec(header ?? "");
  return m ? m[1] : null;
}

/** An error as one short line for the mailbox page (IMAP servers answer in several shapes). */
export function errorText(err: unknown): string {
  const e = err as { responseText?: string; code?: string; message?: string };
  const text = e?.responseText || e?.message || String(err);
  const line = e?.code && !text.includes(e.code) ? `${text} (${e.code})` : text;
  return line.replace(/\s+/g, " ").trim().slice(0, 500) || "Unknown error";
}

/**
 * A fixed window per key: at most `limit` hits each `windowMs`. Returns the seconds to wait when
 * the hit is refused, else 0. Per instance (a relay spreading over instances gets more).
 */
export function windowLimiter(limit: number, windowMs: number) {
  const windows = new Map<string, { start: number; count: number }>();
  return (key: string, now = Date.now()): number => {
    let w = windows.get(key);
    if (!w || now - w.start >= windowMs) {
      if (windows.size > 10_000) windows.clear();
      w = { start: now, count: 0 };
      windows.set(key, w);
    }
    w.count++;
    return w.count > limit ? Math.ceil((w.start + windowMs - now) / 1000) : 0;
  };
}

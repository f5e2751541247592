/**
 * Loop and flood protection for inbound mail (pure). A helpdesk that answers auto-replies, bounces
 * or mailing lists, or its own mail, talks to itself forever; such messages are kept but ignored.
 */

/** Header name (lower-case) → its raw value, first occurrence. */
export type HeaderMap = Record<string, string>;

/** Messages one address may send into one mailbox within RATE_WINDOW_MINUTES. */
export const RATE_LIMIT = 20;
export const RATE_WINDOW_MINUTES = 10;

/**
 * Why a message was written by a machine (auto-reply, bounce, bulk or list mail), or null when
 * nothing says so. Follows RFC 3834 (Auto-Submitted), the de-facto Precedence and X-Autoreply
 * headers, and RFC 3464/6522 reports (bounces, read receipts).
 */
export function automatedReason(h: HeaderMap, sender: string): string | null {
  const get = (k: string) => (h[k] ?? "").trim().toLowerCase();
  const auto = get("auto-submitted").split(";")[0].trim();
  if (auto && auto !== "no") return `Automatic message (Auto-Submitted: ${auto})`;
  const precedence = get("precedence");
  if (/^(bulk|junk|list|auto_reply)$/.test(precedence)) {
    return `Bulk or list mail (Precedence: ${precedence})`;
  }
  for (const k of ["x-autoreply", "x-autorespond", "x-autoresponder", "x-auto-reply"]) {
    if (h[k] !== undefined) return `Automatic reply (${k})`;
  }
  if (get("x-loop") && /support|helpdesk/.test(get("x-loop"))) return "Mail loop (X-Loop)";
  if (/^multipart\/report/.test(get("content-type"))) return "Delivery or read report";
  if (get("return-path") === "<>") return "Delivery report (empty return path)";
  if (/^(mailer-daemon|postmaster)@/i.test(sender)) return "Delivery report (mailer daemon)";
  return null;
}

/** Whether one more message from this sender is too many (count includes this one). */
export function overRate(countInWindow: number): boolean {
  return countInWindow > RATE_LIMIT;
}

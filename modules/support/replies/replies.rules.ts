/** When a comment goes out as e-mail, and how it threads. Pure. */

export type ReplyDecision = "send" | "none" | "internal" | "no-address";

/**
 * Whether a new comment is e-mailed: an internal note never ("internal" when asked to);
 * a public one when asked, or by default when the tenant e-mails customers; "no-address"
 * when asked for a customer without an e-mail address.
 */
export function replyDecision(o: {
  visibility: "public" | "internal";
  send: boolean | undefined;
  customerEmail: string | null | undefined;
  customerEmails: boolean;
}): ReplyDecision {
  if (o.visibility === "internal") return o.send ? "internal" : "none";
  if (o.send === false) return "none";
  if (!o.customerEmail) return o.send ? "no-address" : "none";
  return o.send || o.customerEmails ? "send" : "none";
}

/** A Message-ID as stored in support_mail_ids: between the angle brackets, lower-cased. */
export const bareMessageId = (id: string) => id.trim().replace(/^<|>$/g, "").toLowerCase();

const REFERENCES_KEPT = 20;
const REFERENCES_MAX_CHARS = 2_000;
// The shape mail.thread.rules normalizeMessageId stores; older rows may hold others.
const MESSAGE_ID = /^[^<>\s]{1,250}$/;

/**
 * In-Reply-To and References of the next reply on a ticket, from its earlier Message-IDs
 * (oldest first): it answers the customer's last message (else our last reply); References
 * carry the chain — the first and the latest ones when it is long (RFC 5322 3.6.4), within
 * 2,000 characters. An id not of Message-ID shape is left out: what a customer's mail carried
 * must never make a reply fail.
 */
export function threadHeaders(
  all: { messageId: string; direction: "in" | "out" }[],
): { inReplyTo?: string; references?: string } {
  const ids = all.filter((i) => MESSAGE_ID.test(i.messageId));
  if (!ids.length) return {};
  const lastIn = ids.findLast((i) => i.direction === "in") ?? ids[ids.length - 1];
  const latest: string[] = [];
  let size = ids[0].messageId.length + 2;
  for (const i of ids.slice(1).reverse()) {
    if (latest.length >= REFERENCES_KEPT - 1) break;
    size += i.messageId.length + 3;
    if (size > REFERENCES_MAX_CHARS) break;
    latest.unshift(i.messageId);
  }
  return {
    inReplyTo: `<${lastIn.messageId}>`,
    references: [ids[0].messageId, ...latest].map((id) => `<${id}>`).join(" "),
  };
}

/** The domain of an address (for Message-IDs), or null. */
export const domainOf = (address: string | null | undefined) =>
  address && /@([A-Za-z0-9.-]+)$/.exec(address.trim())?.[1] || null;

/** The CC field of the reply form: addresses split on commas, semicolons or spaces. */
export const ccList = (v: string) => v.split(/[\s,;]+/).map((x) => x.trim()).filter(Boolean);

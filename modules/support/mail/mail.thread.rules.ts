/**
 * How e-mail finds its ticket. Pure: intake reads a ticket token back out of a customer's reply
 * and the Message-IDs out of its headers; outbound replies (modules/support/replies) put the token in.
 */

/** `[#T-2026-00001]`: the marker every outgoing subject carries. */
export function ticketToken(number: string): string {
  return `[#${number}]`;
}

// A ticket number is letters, digits and - _ / . (numbering patterns), never spaces or brackets.
const TOKEN = /\[#([A-Za-z0-9][A-Za-z0-9\-_/.]{0,63})\]/;
const TOKENS = new RegExp(TOKEN.source, "g");

/** The ticket number inside the first token of a subject, or null. */
export function tokenIn(subject: string): string | null {
  const m = TOKEN.exec(subject ?? "");
  return m ? m[1] : null;
}

/** The subject without any ticket tokens (a new ticket must not carry another ticket's). */
export function withoutTokens(subject: string): string {
  return (subject ?? "").replace(TOKENS, " ").replace(/\s+/g, " ").trim();
}

// "Re:", "RE :", "Aw:", "Sv:", "Fwd:", Turkish Outlook "YNT:"/"İLT:", repeated ("Re: Re[2]:").
const PREFIX = /^\s*((re|aw|sv|ynt|yanıt|fw|fwd|ilt|i̇lt)\s*(\[\d+\])?\s*:\s*)+/iu;

/** "Re: <subject> [#number]" with exactly one "Re:" and one token, whatever was there before. */
export function replySubject(subject: string, number: string): string {
  const rest = withoutTokens((subject ?? "").replace(PREFIX, ""));
  const token = ticketToken(number);
  return rest ? `Re: ${rest} ${token}` : `Re: ${token}`;
}

/** What a stored Message-ID may be (between the brackets): it goes back out in headers. */
const MESSAGE_ID = /^[^<>\s]{1,250}$/;

/**
 * A Message-ID as stored in support_mail_ids: without angle brackets, lower-cased (receivers
 * and relays differ in case and brackets; ids are compared as one string). Null for anything
 * else (`<a>b@x>`, blanks, over 250 characters): such an id would later break our replies'
 * In-Reply-To / References, so it is neither stored nor threaded on.
 */
export function normalizeMessageId(id: string | null | undefined): string | null {
  const clean = (id ?? "").trim().replace(/^<|>$/g, "").toLowerCase();
  return MESSAGE_ID.test(clean) ? clean : null;
}

/**
 * The ids a reply names, nearest first: In-Reply-To, then References from the newest back
 * (a long thread's References lists the oldest first). At most 50, duplicates dropped.
 */
export function referencedIds(inReplyTo: string | null, references: string[]): string[] {
  const all = [inReplyTo ?? "", ...[...references].reverse()]
    .flatMap((h) => h.match(/<[^<>\s]+>/g) ?? (h.trim() ? [h.trim()] : []))
    .map(normalizeMessageId)
    .filter((x): x is string => !!x);
  return [...new Set(all)].slice(0, 50);
}

/**
 * Our own outgoing Message-ID shape (`<outbox uuid@domain>`, platform mail.service messageIdOf):
 * the uuid when the id has that shape, else null. Intake then checks the uuid is one we sent.
 */
export function outboxIdIn(id: string | null): string | null {
  const m = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})@[^@\s]+$/.exec(
    id ?? "",
  );
  return m ? m[1] : null;
}

/**
 * Whom a ticket token may thread: a token in a subject is no secret (it is in every mail of
 * the ticket and easy to guess), so a message carrying one lands on that ticket only when its
 * sender is someone the ticket already knows: the customer, the ticket's or the customer's
 * contact, or an address that was on one of the ticket's e-mails (from, to or cc). Anyone
 * else gets a ticket of their own.
 */
export function senderKnown(sender: string, known: (string | null | undefined)[]): boolean {
  const s = sender.trim().toLowerCase();
  return !!s && known.some((k) => (k ?? "").trim().toLowerCase() === s);
}

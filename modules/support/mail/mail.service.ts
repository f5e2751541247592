/**
 * The original of a received e-mail, for people: its headers, the HTML made safe (inline
 * images pointing at their stored copies), the whole text with the quoted history, its files.
 * Read afresh from the stored raw message each time; nothing but the raw is kept for it.
 */
import "./mail.messages.ts";
import type { Actor } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { hasPermission } from "../../../shared/rbac/permissions.ts";
import { ticketFiles } from "../attachments/attachments.service.ts";
import type { TicketAttachment } from "../attachments/attachments.schemas.ts";
import type { OriginalMail } from "./mail.schemas.ts";
import { cleanHtml } from "./mail.html.lib.ts";
import { parseMail } from "./mail.parse.lib.ts";
import { findInbound, inboundContext, openingMessageId } from "./mail.repo.ts";

export const MAILBOX_READ = "support.mailbox.read";

/** 404 for another tenant's id; a message on no ticket is for mailbox readers only. */
async function visible(actor: Actor, id: string) {
  const row = await findInbound(actor.sql, id);
  if (!row) throw problems.notFound("No such message.");
  if (!row.ticketId && !hasPermission(actor.session.permissions, MAILBOX_READ)) {
    throw problems.forbidden("Only mailbox managers see messages that are on no ticket.");
  }
  return row;
}

const attachmentUrl = (ticketId: string, fileId: string) =>
  `/api/support/support-ticket/${ticketId}/attachments/${fileId}/preview`;

export async function originalMail(actor: Actor, id: string): Promise<OriginalMail> {
  const row = await visible(actor, id);
  const ctx = await inboundContext(actor.sql, id);
  const ticket = ctx?.ticketId
    ? { id: ctx.ticketId, number: ctx.ticketNumber!, subject: ctx.ticketSubject! }
    : null;
  const base: OriginalMail = {
    id: row.id,
    state: row.state,
    reason: row.reason,
    receivedAt: row.receivedAt,
    hasRaw: !!row.raw,
    mailbox: ctx?.mailboxName ? { name: ctx.mailboxName, address: ctx.mailboxAddress ?? "" } : null,
    ticket,
    from: row.fromAddress,
    to: [],
    cc: [],
    date: null,
    subject: row.subject ?? "",
    html: null,
    text: "",
    unreadable: null,
    files: [],
    missing: [],
  };
  if (!row.raw) return base;
  const parsed = await parseMail(new Uint8Array(row.raw));
  if (!parsed.ok) return { ...base, unreadable: parsed.reason };
  const mail = parsed.mail;
  // The message's files as stored for the comment (or the new ticket) it became.
  const stored = ticket
    ? (await ticketFiles(actor, ticket.id)).filter((f) => f.commentId === (row.commentId ?? null))
    : [];
  const bySha = new Map(stored.map((f) => [f.sha256, f]));
  const cidUrl = new Map<string, string>();
  const files: TicketAttachment[] = [];
  const missing: string[] = [];
  for (const f of mail.files) {
    const copy = bySha.get(f.sha256);
    if (!copy) {
      missing.push(f.name);
      continue;
    }
    if (!files.includes(copy)) files.push(copy);
    if (f.cid && ticket) cidUrl.set(f.cid.toLowerCase(), attachmentUrl(ticket.id, copy.id));
  }
  const name = mail.from.name ? `${mail.from.name} <${mail.from.address}>` : mail.from.address;
  return {
    ...base,
    from: name,
    to: mail.to,
    cc: mail.cc,
    date: mail.date && !Number.isNaN(mail.date.getTime()) ? mail.date.toISOString() : null,
    subject: mail.subject,
    html: mail.html ? cleanHtml(mail.html, (cid) => cidUrl.get(cid.toLowerCase()) ?? null) : null,
    text: mail.text,
    files,
    missing,
  };
}

/** The stored raw message, as received (for download). */
export async function rawMail(actor: Actor, id: string): Promise<Uint8Array> {
  const row = await visible(actor, id);
  if (!row.raw) throw problems.notFound("The original message is no longer stored.");
  return new Uint8Array(row.raw);
}

/** The e-mail a ticket was opened from, if it came by e-mail (the ticket page links it). */
export async function openingMail(actor: Pick<Actor, "sql">, ticketId: string) {
  return await openingMessageId(actor.sql, ticketId);
}

/**
 * E-mail intake: one stored inbound message (support_inbound_messages, written by the
 * mailboxes) becomes a ticket, or a customer comment on the ticket it answers. Runs in the
 * caller's tenant-scoped transaction (the intake job's) as the platform itself: tickets made
 * from mail have no creating user. Bad mail never throws: it is recorded as failed or ignored
 * with a reason, and the raw message stays for a retry.
 */
import "./mail.messages.ts";
import { uuidv7 } from "uuidv7";
import type { SystemActor } from "../../../shared/http/actor.ts";
import { Problem } from "../../../shared/http/problem.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import { attachments } from "../../documents/public.ts";
import { addCustomerComment, changeTicket, createTicket } from "../tickets/tickets.service.ts";
import { customersRepo } from "../customers/customers.repo.ts";
import { readSettings } from "../settings/settings.repo.ts";
import { resumeOnCustomerReply } from "../waiting/waiting.service.ts";
import { commentOwner, ticketOwner } from "../attachments/attachments.lib.ts";
import { type MailFile, type ParsedMail, parseMail } from "./mail.parse.lib.ts";
import { automatedReason, overRate, RATE_LIMIT, RATE_WINDOW_MINUTES } from "./mail.loop.rules.ts";
import {
  normalizeMessageId,
  outboxIdIn,
  senderKnown,
  tokenIn,
  withoutTokens,
} from "./mail.thread.rules.ts";
import {
  contactByEmail,
  countFromSender,
  currentTenant,
  customerByEmail,
  finishInbound,
  type InboundRow,
  isMailboxAddress,
  isOurMessage,
  knownAddresses,
  lockInbound,
  lockIntakeKey,
  mailboxFacts,
  recordMailId,
  type ThreadTicket,
  ticketById,
  ticketByNumber,
  ticketOfReceived,
  ticketsByMailIds,
} from "./mail.repo.ts";

/** What became of one inbound message. */
export interface IntakeOutcome {
  state: "processed" | "ignored" | "failed";
  /** Why it was ignored or failed; for a processed one, a note (e.g. files not stored). */
  reason: string | null;
  ticketId: string | null;
  commentId: string | null;
  /** A new ticket was opened (false: a comment on an existing one, or nothing). */
  created: boolean;
}

const outcome = (
  state: IntakeOutcome["state"],
  reason: string | null,
  more: Partial<IntakeOutcome> = {},
): IntakeOutcome => ({ state, reason, ticketId: null, commentId: null, created: false, ...more });

const MAX_SUBJECT = 300;
const MAX_DESCRIPTION = 50_000;
const MAX_COMMENT = 20_000;

/**
 * Turns one stored inbound message into a ticket or a comment. Idempotent: the row is locked
 * and only a `queued` one is worked on, so a repeated job finds it done and changes nothing.
 */
export async function intakeMessage(
  actor: SystemActor,
  inboundId: string,
): Promise<IntakeOutcome> {
  const { sql } = actor;
  const row = await lockInbound(sql, inboundId);
  if (!row) return outcome("failed", "No such inbound message.");
  if (row.state !== "queued") {
    return outcome(row.state, row.reason, {
      ticketId: row.ticketId,
      commentId: row.commentId,
    });
  }
  const result = await decide(actor, row);
  await finishInbound(sql, row.id, result);
  return result;
}

async function decide(actor: SystemActor, row: InboundRow): Promise<IntakeOutcome> {
  const { sql } = actor;
  if (!row.raw) return outcome("failed", "The raw message is not stored.");
  const parsed = await parseMail(new Uint8Array(row.raw));
  if (!parsed.ok) return outcome("failed", parsed.reason);
  const mail = parsed.mail;
  const mailbox = await mailboxFacts(sql, row.mailboxId);
  if (!mailbox) return outcome("failed", "The mailbox no longer exists.");
  const messageId = mail.messageId ?? normalizeMessageId(row.messageId) ?? `${row.id}@intake`;
  const sender = mail.from.address;
  // The same message through two mailboxes: the second waits here, then sees the first's.
  await lockIntakeKey(sql, `id:${messageId}`);

  const loop = await loopReason(actor, row, mail, messageId);
  if (loop) return loop;

  const thread = await findThread(actor, mail, sender);
  const notes = thread.note ? [thread.note] : [];
  const target = thread.ticket && await followMerges(actor, thread.ticket);
  const settings = await readSettings(sql);
  const locale = settings.defaultLocale;

  if (target && target.status !== "kapandi") {
    if (target.status === "cozuldu") {
      await changeTicket(actor, { id: target.id, patch: { status: "acik" }, action: "reopened" });
    }
    const comment = await addCustomerComment(actor, {
      ticketId: target.id,
      body: clip(mail.visibleText, MAX_COMMENT) || t(locale, "support.mail.emptyBody"),
      channel: "email",
      fromAddress: sender,
      cc: mail.cc.slice(0, 100),
      messageId,
      inboundMessageId: row.id,
    });
    await resumeOnCustomerReply(actor, target.id);
    notes.push(...await storeFiles(actor, commentOwner(comment.id), mail.files));
    await remember(actor, mail, messageId, target.id, comment.id);
    return outcome("processed", notes.join(" ") || null, {
      ticketId: target.id,
      commentId: comment.id,
    });
  }

  // A new ticket: the sender's own, or a follow-up of a closed ticket (same customer).
  const customer = target
    ? { customerId: target.customerId, contactId: target.contactId, companyId: target.companyId }
    : await customerFor(actor, mail, locale);
  const subject = clip(withoutTokens(mail.subject), MAX_SUBJECT) ||
    t(locale, "support.mail.noSubject");
  const lead = target ? `${t(locale, "support.mail.followUp", { number: target.number })}\n\n` : "";
  const ticket = await createTicket(actor, {
    subject,
    description: clip(lead + mail.visibleText, MAX_DESCRIPTION),
    ...customer,
    tags: [],
    mailboxId: mailbox.id,
    teamId: mailbox.teamId,
  });
  notes.push(...await storeFiles(actor, ticketOwner(ticket.id), mail.files));
  await remember(actor, mail, messageId, ticket.id, null);
  return outcome("processed", notes.join(" ") || null, { ticketId: ticket.id, created: true });
}

const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s).trim();

/** Machine-written mail, our own mail coming back, floods and repeats: kept, ignored. */
async function loopReason(
  { sql }: SystemActor,
  row: InboundRow,
  mail: ParsedMail,
  messageId: string,
): Promise<IntakeOutcome | null> {
  const auto = automatedReason(mail.headers, mail.from.address);
  if (auto) return outcome("ignored", auto);
  if (await isOurMessage(sql, messageId, outboxIdIn(messageId))) {
    return outcome("ignored", "Our own message came back (mail loop).");
  }
  if (await isMailboxAddress(sql, mail.from.address)) {
    return outcome("ignored", "Sent from one of our own mailboxes (mail loop).");
  }
  const count = await countFromSender(sql, {
    mailboxId: row.mailboxId,
    address: mail.from.address,
    until: row.receivedAt,
    minutes: RATE_WINDOW_MINUTES,
  });
  if (overRate(count)) {
    return outcome(
      "ignored",
      `Rate: more than ${RATE_LIMIT} messages from this sender in ${RATE_WINDOW_MINUTES} minutes.`,
    );
  }
  const seen = await ticketOfReceived(sql, messageId);
  if (seen) {
    return outcome("ignored", "The same message was already received (another mailbox).", {
      ticketId: seen.ticketId,
      commentId: seen.commentId,
    });
  }
  return null;
}

/**
 * The ticket a message answers. 1. A Message-ID it names (In-Reply-To, References): one we
 * sent is proof the sender got our mail, so it threads whoever sends it; one we received
 * threads only a sender the ticket knows. 2. A ticket token in the subject, only from a
 * sender the ticket knows (see senderKnown). Anything else opens a new ticket.
 */
async function findThread(
  { sql }: SystemActor,
  mail: ParsedMail,
  sender: string,
): Promise<{ ticket: ThreadTicket | null; note: string | null }> {
  const found = await ticketsByMailIds(sql, mail.references);
  const byId = new Map(found.map((f) => [f.messageId, f]));
  for (const id of mail.references) {
    const hit = byId.get(id);
    if (!hit) continue;
    if (hit.direction === "out" || senderKnown(sender, await knownAddresses(sql, hit.id))) {
      return { ticket: hit, note: null };
    }
  }
  const number = tokenIn(mail.subject);
  if (!number) return { ticket: null, note: null };
  const ticket = await ticketByNumber(sql, number);
  if (!ticket) return { ticket: null, note: null };
  if (senderKnown(sender, await knownAddresses(sql, ticket.id))) return { ticket, note: null };
  return {
    ticket: null,
    note: `The subject names ticket ${number}, but the sender is not on it: opened a new ticket.`,
  };
}

/** A merged ticket's conversation goes on on the ticket it was merged into (a few hops). */
async function followMerges({ sql }: SystemActor, ticket: ThreadTicket) {
  let current = ticket;
  for (let hops = 0; current.mergedIntoId && hops < 5; hops++) {
    const next = await ticketById(sql, current.mergedIntoId);
    if (!next) break;
    current = next;
  }
  return current;
}

/** The sender's customer: by e-mail, else through a contact with that e-mail, else a new one. */
async function customerFor(actor: SystemActor, mail: ParsedMail, locale: string) {
  const { sql } = actor;
  const email = mail.from.address;
  // Two first messages from one new sender at once make one customer, not two.
  await lockIntakeKey(sql, `from:${email}`);
  const known = await customerByEmail(sql, email);
  if (known) return { customerId: known.id };
  const contact = await contactByEmail(sql, email);
  if (contact?.customerId) return { customerId: contact.customerId };
  const name = (mail.from.name.trim() || contact?.name || email.split("@")[0]).slice(0, 200);
  const id = uuidv7();
  const row = await customersRepo.insert(sql, id, {
    kind: "person",
    name,
    email,
    locale: /^[a-z]{2,3}(-[A-Z]{2})?$/.test(locale) ? locale : "en",
    contactId: contact?.id ?? null,
    companyId: contact?.companyId ?? null,
  });
  await recordActivity({ sql }, {
    module: "support",
    entityType: "customer",
    entityId: id,
    action: "created",
    summary: `Created customer ${name} (from an e-mail)`,
    after: row,
  });
  return { customerId: id };
}

/**
 * Stores the message's files (attachments and inline images) for their owner, one by one, so
 * one too big or over the quota does not cost the others. What could not be stored is said
 * in the returned notes (recorded as the message's reason); the ticket stands either way.
 */
async function storeFiles(
  actor: SystemActor,
  owner: { module: string; entityType: string; entityId: string },
  files: MailFile[],
): Promise<string[]> {
  if (!files.length) return [];
  const tenantId = await currentTenant(actor.sql);
  const failed: string[] = [];
  for (const f of files) {
    try {
      await attachments.storeBytes({ sql: actor.sql, tenantId }, {
        owner,
        files: [{ name: f.name, contentType: f.contentType, bytes: f.bytes }],
      });
    } catch (err) {
      if (!(err instanceof Problem)) throw err;
      failed.push(`${f.name} (${err.detail ?? err.title})`);
    }
  }
  return failed.length ? [`Attachments not stored: ${failed.join("; ")}.`] : [];
}

/** The Message-ID and everyone the message was between: later replies thread through them. */
async function remember(
  { sql }: SystemActor,
  mail: ParsedMail,
  messageId: string,
  ticketId: string,
  commentId: string | null,
) {
  const addresses = [...new Set([mail.from.address, ...mail.to, ...mail.cc])].slice(0, 200);
  await recordMailId(sql, { messageId, ticketId, commentId, direction: "in", addresses });
}

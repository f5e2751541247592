/**
 * An agent's public comment sent to the customer as an e-mail: the tenant's "reply" template
 * and signature, "Re: … [#number]" subject, CC, the comment's files, and Message-ID /
 * In-Reply-To / References so the customer's answer threads back onto the ticket.
 *
 * From stays MAIL_FROM's address (the domain the operator's SPF and DKIM cover) with the
 * mailbox's name; Reply-To is the mailbox's address, so answers reach the mailbox's intake.
 */
import type { Actor } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { newMessageId, queueMail } from "../../../platform/notifications/public.ts";
import { memberName } from "../../../platform/identity/public.ts";
import { customersRepo } from "../customers/customers.repo.ts";
import { readSettings } from "../settings/settings.repo.ts";
import { findTemplate } from "../email-templates/email-templates.repo.ts";
import { DEFAULT_TEMPLATES } from "../email-templates/email-templates.lib.ts";
import { replySubject } from "../mail/mail.thread.rules.ts";
import type { TicketAttachment } from "../attachments/attachments.schemas.ts";
import { markEmailed, recordSent, replyMailbox, threadIds } from "./replies.repo.ts";
import { bareMessageId, domainOf, replyDecision, threadHeaders } from "./replies.rules.ts";
import { renderReply } from "./replies.lib.ts";
import type { ReplyEmailInput, ReplySent } from "./replies.schemas.ts";

/** What one reply e-mail may carry in files (SMTP servers commonly refuse past 25 MB). */
export const REPLY_MAX_BYTES = 20 * 1024 * 1024;

export interface ReplyPlan {
  to: string;
  locales: string[];
  signature: string;
}

/**
 * Whether a new comment is e-mailed, checked before it is stored: null when not; 422 when
 * asked for an internal note or for a customer without an address.
 */
export async function replyPlan(
  actor: Pick<Actor, "sql">,
  input: {
    customerId: string;
    visibility: "public" | "internal";
    email?: ReplyEmailInput;
  },
): Promise<ReplyPlan | null> {
  const send = input.email?.send;
  if (input.visibility === "internal") {
    if (send) throw problems.unprocessable("An internal note is never e-mailed.");
    return null;
  }
  const [customer, settings] = await Promise.all([
    customersRepo.get(actor.sql, input.customerId),
    readSettings(actor.sql),
  ]);
  const decision = replyDecision({
    visibility: input.visibility,
    send,
    customerEmail: customer?.email,
    customerEmails: settings.customerEmails,
  });
  if (decision === "no-address") {
    throw problems.unprocessable("The customer has no e-mail address to reply to.");
  }
  if (decision !== "send") return null;
  return {
    to: customer!.email!,
    locales: [customer!.locale ?? "", settings.defaultLocale, "en"].filter(Boolean),
    signature: settings.signature,
  };
}

/**
 * The envelope of an automatic ticket mail (opened, updated, closed): the ticket's mailbox as
 * for a reply (name, Reply-To, Message-ID domain), the thread so far, and Auto-Submitted
 * (RFC 3834: "auto-replied" for the answer to a new request, "auto-generated" otherwise).
 */
export async function ticketMailEnvelope(
  sql: Actor["sql"],
  ticketId: string,
  autoSubmitted: "auto-replied" | "auto-generated",
) {
  const [mailbox, earlier] = await Promise.all([
    replyMailbox(sql, ticketId),
    threadIds(sql, ticketId),
  ]);
  return {
    replyTo: mailbox?.address,
    fromName: mailbox?.name,
    messageId: newMessageId(domainOf(mailbox?.address) ?? "localhost"),
    ...threadHeaders(earlier),
    autoSubmitted,
  };
}

/** An automatic mail's Message-ID on its ticket: an answer to it threads back (as 'out'). */
export async function recordTicketMail(sql: Actor["sql"], ticketId: string, messageId: string) {
  await recordSent(sql, { messageId: bareMessageId(messageId), ticketId, commentId: null });
}

/** Queues the reply e-mail in the comment's transaction and notes it on the comment. */
export async function sendReply(
  actor: Actor,
  input: {
    plan: ReplyPlan;
    ticket: { id: string; number: string; subject: string };
    commentId: string;
    comment: { body: string; html: string };
    cc: string[];
    files: TicketAttachment[];
    /** The ticket e-mails' variables (ticket, customer, comment). */
    vars: Record<string, unknown>;
  },
): Promise<ReplySent> {
  const { sql } = actor;
  const { plan, ticket, commentId, files } = input;
  if (files.reduce((n, f) => n + f.size, 0) > REPLY_MAX_BYTES) {
    throw problems.unprocessable("The files are too large to send by e-mail (20 MB at most).");
  }
  const cc = [...new Set(input.cc.map((a) => a.toLowerCase()))]
    .filter((a) => a !== plan.to.toLowerCase());
  const [mailbox, earlier, template, agent] = await Promise.all([
    replyMailbox(sql, ticket.id),
    threadIds(sql, ticket.id),
    findTemplate(sql, "reply", plan.locales),
    memberName(sql, actor.session.userId),
  ]);
  const message = renderReply(
    template ?? DEFAULT_TEMPLATES.reply,
    { ...input.vars, agent: { name: agent } },
    { text: input.comment.body, html: input.comment.html, signature: plan.signature },
  );
  const messageId = newMessageId(domainOf(mailbox?.address) ?? "localhost");
  await queueMail({ sql }, {
    to: plan.to,
    cc,
    subject: replySubject(message.subject || ticket.subject, ticket.number),
    text: message.text,
    html: message.html,
    replyTo: mailbox?.address,
    fromName: mailbox?.name,
    messageId,
    ...threadHeaders(earlier),
    attachments: files.map((f) => ({
      source: "documents",
      id: f.id,
      name: f.name,
      contentType: f.contentType,
      // Said in the mail, in the customer's language, if the file is deleted before it goes.
      missingNote: t(plan.locales[0], "support.reply.fileMissing", { name: f.name }),
    })),
  });
  const bare = bareMessageId(messageId);
  await recordSent(sql, { messageId: bare, ticketId: ticket.id, commentId });
  await markEmailed(sql, commentId, { cc, messageId: bare });
  return { to: plan.to, cc, messageId };
}

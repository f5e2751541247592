/**
 * A signed-in customer's tickets in the portal. Every call runs in the portal's transaction
 * (withPortal: the platform_portal role, scoped to the customer), so a ticket the customer may
 * not see is simply not found. Writes go through the tickets service as the platform acting
 * for the customer (a SystemActor: no user, so created_by and comment authors stay empty), so
 * numbering, SLA clocks, history, events and the customer e-mails happen as for any ticket.
 */
import "./portal-tickets.messages.ts";
import type { Bus } from "../../../shared/realtime/bus.ts";
import type { SystemActor } from "../../../shared/http/actor.ts";
import { decodeCursor, encodeCursor } from "../../../shared/http/paging.ts";
import { problems } from "../../../shared/http/problem.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { renderMarkdown } from "../../../shared/text/markdown.ts";
import { escapeHtml } from "../../../platform/notifications/public.ts";
import type { Actor } from "../../../shared/http/actor.ts";
import type { Session } from "../../../shared/http/env.ts";
import {
  attachments,
  documentsSettings,
  listOwnersAttachments,
  moveAttachments,
  type Upload,
} from "../../documents/public.ts";
import type { PortalContext, PortalCustomer } from "../portal/portal.access.service.ts";
import { addCustomerComment, changeTicket, createTicket } from "../tickets/tickets.service.ts";
import { resumeOnCustomerReply } from "../waiting/waiting.service.ts";
import { ticketFiles } from "../attachments/attachments.service.ts";
import { commentOwner, ticketOwner } from "../attachments/attachments.lib.ts";
import { recordDeflection, suggestArticles } from "../kb/kb.search.service.ts";
import {
  rateTicketAsCustomer,
  type TicketRating,
  ticketRating,
} from "../satisfaction/satisfaction.service.ts";
import {
  companySharesTickets,
  findPortalTicket,
  type PortalTicketRow,
  selectPortalTickets,
  selectPublicComments,
} from "./portal-tickets.repo.ts";
import {
  canClose,
  canRate,
  canReopen,
  canReply,
  closingMoves,
  reopenDeadline,
  STATUS_FILTERS,
} from "./portal-tickets.rules.ts";
import type {
  ListQuery,
  NewTicketForm,
  PortalFile,
  PortalListItem,
  PortalMessage,
  PortalTicket,
  RatingForm,
  ReplyForm,
} from "./portal-tickets.schemas.ts";

/** A signed-in customer's portal request: its transaction, tenant, settings and the bus. */
export type PortalActor = PortalContext & { customer: PortalCustomer; bus: Bus };

const system = (p: PortalActor): SystemActor => ({ sql: p.sql, bus: p.bus });

/**
 * Where a customer's files wait between upload and the form that uses them: the upload
 * streams on its own (outside any transaction), the form then takes them by id. Keyed by the
 * customer, so nobody else's form can take them.
 */
export const draftOwner = (customerId: string) => ({
  module: "support",
  entityType: "portal-draft",
  entityId: customerId,
});

const PAGE = 20;

/** A page of the customer's tickets (or their company's, when it shares), newest first. */
export async function listPortalTickets(
  p: PortalActor,
  q: ListQuery,
): Promise<
  { items: PortalListItem[]; nextCursor: string | null; company: boolean; companyShared: boolean }
> {
  // Read here rather than trusted from the session's customer: the flag may change any time.
  const companyShared = !!p.customer.companyId &&
    await companySharesTickets(p.sql, p.customer.companyId);
  const company = q.whose === "company" && companyShared;
  const after = decodeCursor(q.cursor, ["timestamp", "uuid"]) as [string, string] | null;
  const rows = await selectPortalTickets(p.sql, {
    customerId: company ? null : p.customer.id,
    companyId: company ? p.customer.companyId : null,
    statuses: q.status ? STATUS_FILTERS[q.status] : null,
    after,
    limit: PAGE,
  });
  const more = rows.length > PAGE;
  const items = rows.slice(0, PAGE);
  const last = items.at(-1);
  return {
    items: items.map((r) => ({
      id: r.id,
      number: r.number,
      subject: r.subject,
      status: r.status,
      mine: r.customerId === p.customer.id,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    })),
    nextCursor: more && last ? encodeCursor([last.createdKey, last.id]) : null,
    company,
    companyShared,
  };
}

/** The ticket or the portal's 404 (another customer's, another tenant's, or no such id). */
async function visibleTicket(p: PortalActor, id: string): Promise<PortalTicketRow> {
  const row = await findPortalTicket(p.sql, id, p.settings.showAssigneeNames);
  if (!row) throw problems.notFound(t(p.locale, "support.portalTickets.notFoundText"));
  return row;
}

const asPortalTicket = (p: PortalActor, r: PortalTicketRow): PortalTicket => ({
  id: r.id,
  number: r.number,
  subject: r.subject,
  description: r.description,
  status: r.status,
  priority: r.priority,
  mine: r.customerId === p.customer.id,
  assigneeName: p.settings.showAssigneeNames ? r.assigneeName : null,
  mergedIntoId: r.mergedIntoId,
  resolvedAt: r.resolvedAt,
  closedAt: r.closedAt,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

const textHtml = (body: string) => `<p>${escapeHtml(body).replace(/\r?\n/g, "<br>")}</p>`;

export interface PortalTicketPage {
  ticket: PortalTicket;
  messages: PortalMessage[];
  rating: TicketRating | null;
  /** When the reopen window ends (solved or closed tickets), else null. */
  reopenUntil: string | null;
  may: { reply: boolean; close: boolean; reopen: boolean; rate: boolean };
}

/** The ticket page: the ticket and its public conversation with their files. */
export async function portalTicketPage(p: PortalActor, id: string): Promise<PortalTicketPage> {
  const row = await visibleTicket(p, id);
  const names = p.settings.showAssigneeNames;
  const [comments, files, rating] = await Promise.all([
    selectPublicComments(p.sql, id, names),
    ticketFiles({ sql: p.sql }, id),
    ticketRating(p.sql, id),
  ]);
  const filesOf = (commentId: string | null): PortalFile[] =>
    files.filter((f) => f.commentId === commentId && !f.internal)
      .map((f) => ({ id: f.id, name: f.name, size: f.size }));
  const mine = row.customerId === p.customer.id;
  const customerAuthor = mine
    ? { kind: "you" as const, name: null }
    : { kind: "customer" as const, name: null };
  const messages: PortalMessage[] = [
    {
      id: row.id,
      author: customerAuthor,
      html: textHtml(row.description),
      createdAt: row.createdAt,
      files: filesOf(null),
    },
    ...comments.map((c) => ({
      id: c.id,
      author: c.authorId
        ? (c.authorName ? { kind: "agent" as const, name: c.authorName } : {
          kind: "team" as const,
          name: null,
        })
        : customerAuthor,
      html: c.format === "markdown" ? renderMarkdown(c.body) : textHtml(c.body),
      createdAt: c.createdAt,
      files: filesOf(c.id),
    })),
  ];
  const ticket = asPortalTicket(p, row);
  const until = reopenDeadline(ticket, p.settings.reopenDays);
  const now = new Date();
  return {
    ticket,
    messages,
    rating,
    reopenUntil: until && now < until ? until.toISOString() : null,
    may: {
      reply: canReply(ticket),
      close: canClose(ticket),
      reopen: !ticket.mergedIntoId && canReopen(ticket, p.settings.reopenDays, now),
      rate: canRate(ticket, rating !== null),
    },
  };
}

/** How many of the customer's uploads wait for a form. */
export async function waitingDraftCount(p: PortalActor): Promise<number> {
  const files = await listOwnersAttachments({ sql: p.sql }, {
    module: "support",
    entityType: "portal-draft",
    entityIds: [p.customer.id],
  });
  return files.length;
}

/** The customer's files still waiting for a form, by id (others' and used ones are left out). */
export async function draftFiles(p: PortalActor, ids: string[]): Promise<PortalFile[]> {
  if (!ids.length) return [];
  const wanted = new Set(ids);
  const files = await listOwnersAttachments({ sql: p.sql }, {
    module: "support",
    entityType: "portal-draft",
    entityIds: [p.customer.id],
  });
  return files.filter((f) => wanted.has(f.id)).map((f) => ({
    id: f.id,
    name: f.name,
    size: f.size,
  }));
}

/** Hands waiting files to the ticket or a comment; a file no longer waiting is a clear 422. */
async function takeDrafts(
  p: PortalActor,
  ids: string[],
  to: { module: string; entityType: string; entityId: string },
) {
  if (!ids.length) return;
  try {
    await moveAttachments({ sql: p.sql }, { ids, from: draftOwner(p.customer.id), to });
  } catch {
    throw problems.unprocessable(t(p.locale, "support.portalTickets.fileGone"));
  }
}

/** Opens a ticket for the signed-in customer, with the files they uploaded for it. */
export async function openPortalTicket(p: PortalActor, form: NewTicketForm): Promise<string> {
  const ticket = await createTicket(system(p), {
    subject: form.subject,
    description: form.description,
    // Without the tenant's leave the customer does not choose: the default priority applies.
    priority: p.settings.allowPriority ? form.priority : undefined,
    customerId: p.customer.id,
    tags: [],
  });
  await takeDrafts(p, form.attachmentIds, ticketOwner(ticket.id));
  return ticket.id;
}

/**
 * The customer's message on their ticket, the way an e-mail reply is taken (mail intake): a
 * solved ticket opens again, a wait on the customer ends, the assignee hears of it. A closed
 * ticket takes none (the page offers reopening within the window instead).
 */
export async function replyAsCustomer(
  p: PortalActor,
  input: { id: string } & ReplyForm,
): Promise<void> {
  const row = await visibleTicket(p, input.id);
  if (!canReply(row)) throw problems.unprocessable(t(p.locale, "support.portalTickets.notOpen"));
  if (row.status === "cozuldu") {
    await changeTicket(system(p), { id: row.id, patch: { status: "acik" }, action: "reopened" });
  }
  const comment = await addCustomerComment(system(p), {
    ticketId: row.id,
    body: input.body,
    channel: "portal",
    fromAddress: p.customer.email || null,
    cc: [],
    messageId: null,
    inboundMessageId: null,
  });
  await resumeOnCustomerReply(system(p), row.id);
  await takeDrafts(p, input.attachmentIds, commentOwner(comment.id));
}

/**
 * The customer closes their ticket. One not yet solved is solved first (the status rules allow
 * closing only a solved ticket), so the history shows both steps.
 */
export async function closeAsCustomer(p: PortalActor, id: string): Promise<void> {
  const row = await visibleTicket(p, id);
  if (!canClose(row)) throw problems.unprocessable(t(p.locale, "support.portalTickets.notOpen"));
  for (const to of closingMoves(row.status)) {
    await changeTicket(system(p), {
      id,
      patch: { status: to },
      action: to === "kapandi" ? "closed" : "resolved",
    });
  }
}

/** Reopens a solved or closed ticket within the tenant's window (422 after it, saying so). */
export async function reopenAsCustomer(p: PortalActor, id: string): Promise<void> {
  const row = await visibleTicket(p, id);
  if (row.mergedIntoId || !canReopen(row, p.settings.reopenDays, new Date())) {
    throw problems.unprocessable(
      t(p.locale, "support.portalTickets.reopenExpired", { days: p.settings.reopenDays }),
    );
  }
  await changeTicket(system(p), { id, patch: { status: "acik" }, action: "reopened" });
}

/** The customer's rating of their solved ticket (satisfaction: 404, 409 twice, 422 open). */
export async function rateAsCustomer(
  p: PortalActor,
  input: { id: string } & RatingForm,
): Promise<void> {
  await visibleTicket(p, input.id);
  await rateTicketAsCustomer(p.sql, {
    ticketId: input.id,
    rating: input.rating,
    comment: input.comment,
  });
}

/** Articles that may answer the subject being typed (public, published, in the reader's language). */
export async function suggestForSubject(p: PortalActor, subject: string) {
  const q = subject.trim();
  if (q.length < 3) return [];
  return await suggestArticles(p.sql, { q: q.slice(0, 200), locale: p.locale, limit: 5 });
}

/** "This solved my problem": counted on the article; false when it is not a public article. */
export async function deflectWith(p: PortalActor, articleId: string): Promise<boolean> {
  return await recordDeflection(p.sql, articleId, p.customer.id);
}

/** A visible ticket's public file (its own or a public comment's), for download. */
export async function portalFileOwner(p: PortalActor, input: { id: string; fileId: string }) {
  await visibleTicket(p, input.id);
  const file = (await ticketFiles({ sql: p.sql }, input.id)).find((f) =>
    f.id === input.fileId && !f.internal
  );
  if (!file) throw problems.notFound(t(p.locale, "support.portalTickets.notFoundText"));
  return file.commentId ? commentOwner(file.commentId) : ticketOwner(input.id);
}

/** The largest file the tenant takes (told beside the upload field and in its refusal). */
export async function maxFileBytes(p: Pick<PortalActor, "sql">): Promise<number> {
  return (await documentsSettings({ sql: p.sql })).maxFileBytes;
}

/**
 * Stores a streaming upload as the customer's waiting files. The bytes flow outside any
 * transaction; `upload.scope` opens the portal's short ones before and after. The Documents
 * service reads only the tenant of its actor (for the storage key): the customer is no member,
 * so the actor carries no more than that.
 */
export async function uploadDrafts(
  who: { tenantId: string; customerId: string; bus: Bus },
  upload: Upload,
): Promise<PortalFile[]> {
  const actor = { session: { tenantId: who.tenantId } as Session, bus: who.bus } as Actor;
  const stored = await attachments.storeFromRequest(actor, {
    owner: draftOwner(who.customerId),
    upload,
  });
  return stored.map((f) => ({ id: f.id, name: f.name, size: f.size }));
}

/** A public file of a visible ticket as a download (bytes stream after the transaction). */
export async function downloadPortalFile(
  p: PortalActor,
  input: { id: string; fileId: string; request: Request },
): Promise<Response> {
  const owner = await portalFileOwner(p, input);
  const actor = { sql: p.sql, bus: p.bus } as Actor;
  return await attachments.download(actor, {
    owner,
    id: input.fileId,
    upload: { request: input.request, scope: (fn) => fn(p.sql) },
  });
}

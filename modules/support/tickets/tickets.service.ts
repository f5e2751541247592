import "../common/common.messages.ts"; // the status and priority texts it names
import { uuidv7 } from "uuidv7";
import type { Sql } from "../../../shared/db/database.ts";
import type { Actor, SystemActor } from "../../../shared/http/actor.ts";
import { decodeCursor, toPage } from "../../../shared/http/paging.ts";
import { problems } from "../../../shared/http/problem.ts";
import { hasPermission } from "../../../shared/rbac/permissions.ts";
import { listActivity, recordActivity } from "../../../platform/activity/public.ts";
import { escapeHtml, eventPublisher, notify } from "../../../platform/notifications/public.ts";
import { memberName, memberPermissions } from "../../../platform/identity/public.ts";
import { supportEvents } from "../events.ts";
import { renderMarkdown } from "../../../shared/text/markdown.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import type { Priority, Status } from "../common/common.schemas.ts";
import { takeNumber } from "../numbering/numbering.service.ts";
import { policyForCustomer, slaRepo } from "../sla/sla.repo.ts";
import { computeClocks } from "../sla/sla.clock.rules.ts";
import { customersRepo } from "../customers/customers.repo.ts";
import { readSettings } from "../settings/settings.repo.ts";
import { sendTemplated } from "../email-templates/email-templates.service.ts";
import { ratingLinkForMail } from "../satisfaction/satisfaction.service.ts";
import { replyPlan, sendReply } from "../replies/replies.service.ts";
import type { ReplyEmailInput, ReplySent } from "../replies/replies.schemas.ts";
import { giveFilesToComment } from "../attachments/attachments.comment.service.ts";
import type { TemplateKind } from "../email-templates/email-templates.schemas.ts";
import {
  findTicket,
  insertComment,
  insertTicket,
  selectComments,
  selectTickets,
  ticketCursor,
  type TicketRow,
  updateTicket,
} from "./tickets.repo.ts";
import { canMove, OPEN_STATUSES } from "./tickets.rules.ts";
import { toTicket } from "./tickets.lib.ts";
import { assertTeam } from "../queues/queues.service.ts";
import { autoAssign } from "../assignment/assignment.service.ts";
import { pauseFieldsForChange } from "../waiting/waiting.service.ts";
import type { Comment, Ticket, TicketInput, TicketQuery, TicketUpdate } from "./tickets.schemas.ts";

export type { Actor };

const publish = eventPublisher(supportEvents);

export const AGENT_PERMISSION = "support.ticket.write";

async function getTicketRow(sql: Sql, id: string, lock = false) {
  const row = await findTicket(sql, id, lock);
  if (!row) throw problems.notFound("No such ticket.");
  return row;
}

/** The ticket, or 404 (another tenant's id finds nothing). */
export async function getTicket(actor: Actor, id: string): Promise<Ticket> {
  return toTicket(await getTicketRow(actor.sql, id));
}

/** Refuses (422) a user who may not work tickets as an assignee. */
export async function assertAgent(actor: SystemActor, userId: string) {
  const perms = await memberPermissions(actor.sql, userId);
  if (!perms || !hasPermission(perms, AGENT_PERMISSION)) {
    throw problems.unprocessable("The assignee must be an active member who can work tickets.");
  }
}

/**
 * A page of tickets; `assignee: "me"` means the actor. With `fields` (a sparse fieldset) only
 * those columns are read, and the rows go out as read: the router narrows them to the fields.
 */
export async function listTickets(actor: Actor, q: TicketQuery, fields?: readonly string[]) {
  const { sql } = actor;
  const me = actor.session.userId;
  const parts = {
    created: ["timestamp", "uuid"],
    updated: ["timestamp", "uuid"],
    priority: ["number", "timestamp", "uuid"],
    due: ["text", "uuid"],
  } as const;
  const after = decodeCursor(q.cursor, [...parts[q.sort]]);
  if (
    after && q.sort === "due" && after[0] !== "infinity" &&
    Number.isNaN(Date.parse(String(after[0])))
  ) {
    throw problems.validation([{ path: "query.cursor", message: "Invalid cursor" }]);
  }
  const assignee = q.assignee === "me" ? me : q.assignee === "none" ? null : q.assignee;
  const rows = await selectTickets(sql, { ...q, assignee, after, fields });
  const page = toPage(rows, q.limit, (r) => ticketCursor(q.sort, r));
  return { items: fields ? page.items : page.items.map(toTicket), nextCursor: page.nextCursor };
}

/**
 * The home page's lists, soonest due first: the reader's tickets that are not closed, and
 * the open tickets whose SLA is at risk (due soon or breached).
 */
export async function myOpenTickets(actor: Actor, limit: number) {
  const rows = await selectTickets(actor.sql, {
    assignee: actor.session.userId,
    statuses: ["acik", "islemde", "cozuldu"],
    sort: "due",
    limit,
    after: null,
  });
  return rows.slice(0, limit).map(toTicket);
}

export async function ticketsAtRisk(actor: Actor, limit: number) {
  const rows = await selectTickets(actor.sql, {
    statuses: OPEN_STATUSES,
    slaStates: ["warning", "breached"],
    sort: "due",
    limit,
    after: null,
  });
  return rows.slice(0, limit).map(toTicket);
}

/** Variables of the customer e-mails and rules (and of macros' placeholders). */
export async function eventData<E extends Record<string, unknown>>(
  sql: Sql,
  row: TicketRow,
  extra = {} as E,
) {
  const customer = await customersRepo.get(sql, row.customerId);
  const locale = customer?.locale ?? "en";
  return {
    ticket: {
      ...toTicket(row),
      statusLabel: t(locale, `support.status.${row.status}`),
      priorityLabel: t(locale, `support.priority.${row.priority}`),
      assignee: await memberName(sql, row.assigneeId),
      link: `/support/tickets/${row.id}`,
    },
    customer: customer
      ? { id: customer.id, name: customer.name, email: customer.email, locale }
      : null,
    ...extra,
  };
}

async function mailCustomer(
  actor: SystemActor,
  kind: TemplateKind,
  data: Awaited<ReturnType<typeof eventData<Record<string, unknown>>>>,
) {
  const settings = await readSettings(actor.sql);
  if (!settings.customerEmails || !data.customer?.email) return;
  // Solved or closed: a single-use link to rate the help ({{ratingLink}}).
  const ratingLink = await ratingLinkForMail(actor.sql, kind, data);
  await sendTemplated(actor, {
    kind,
    to: data.customer.email,
    locales: [data.customer.locale, settings.defaultLocale, "en"],
    vars: { ...data, ratingLink },
    ticket: { id: data.ticket.id, number: data.ticket.number },
  });
}

/** The signed-in user behind an actor; null for the platform's own work (e-mail intake). */
const userOf = (actor: Actor | SystemActor) => ("session" in actor ? actor.session.userId : null);

async function tellAssignee(actor: Actor | SystemActor, row: TicketRow) {
  if (!row.assigneeId || row.assigneeId === userOf(actor)) return;
  await notify(actor, {
    userId: row.assigneeId,
    module: "support",
    title: `${row.number}: ${row.subject}`,
    body: "Assigned to you",
    link: `/support/tickets/${row.id}`,
  });
}

/** Opens a ticket; a system actor (e-mail intake) opens it with no creating user. */
export async function createTicket(
  actor: Actor | SystemActor,
  input: TicketInput & { mailboxId?: string | null },
) {
  const { sql } = actor;
  const customer = await customersRepo.get(sql, input.customerId);
  if (!customer) throw problems.unprocessable("No such customer.");
  if (input.assigneeId) await assertAgent(actor, input.assigneeId);
  if (input.teamId) await assertTeam(actor, input.teamId);
  const priority = input.priority ?? (await readSettings(sql)).defaultPriority;
  const now = new Date();
  const clocks = computeClocks(await policyForCustomer(sql, customer.id), priority, now);
  const id = uuidv7();
  await insertTicket(sql, {
    id,
    number: await takeNumber(actor, now),
    subject: input.subject,
    description: input.description,
    priority,
    assigneeId: input.assigneeId ?? null,
    teamId: input.teamId ?? null,
    customerId: customer.id,
    contactId: input.contactId ?? customer.contactId ?? null,
    companyId: input.companyId ?? customer.companyId ?? null,
    tags: [...new Set(input.tags)],
    ...clocks,
    createdBy: userOf(actor),
    mailboxId: input.mailboxId ?? null,
    createdAt: now,
    updatedAt: now,
  });
  let row = await getTicketRow(sql, id);
  await recordActivity({ sql }, {
    module: "support",
    entityType: "ticket",
    entityId: id,
    action: "created",
    summary: `Opened ${row.number}`,
    after: toTicket(row),
  });
  // A team that assigns by itself picks the member now (nobody free: it waits in the queue).
  if (input.teamId && !input.assigneeId) {
    if (await autoAssign(actor, { ticketId: id, teamId: input.teamId })) {
      row = await getTicketRow(sql, id);
    }
  }
  const data = await eventData(sql, row);
  await publish(sql, "support.ticket.created", data);
  await mailCustomer(actor, "opened", data);
  await tellAssignee(actor, row);
  return toTicket(row);
}

const FIELDS = [
  "subject",
  "description",
  "status",
  "priority",
  "assigneeId",
  "customerId",
  "contactId",
  "companyId",
  "tags",
  "teamId",
] as const;

/** Applies a change; checks status moves and the assignee, keeps SLA clocks and history. */
export async function changeTicket(
  actor: Actor | SystemActor,
  input: { id: string; patch: TicketUpdate; action?: string },
) {
  const { sql } = actor;
  const { id, patch, action = "updated" } = input;
  const before = await getTicketRow(sql, id, true);
  const data: Record<string, unknown> = {};
  for (const f of FIELDS) {
    const v = patch[f];
    if (v !== undefined && JSON.stringify(v) !== JSON.stringify(before[f])) data[f] = v;
  }
  const to = (data.status ?? before.status) as Status;
  // A closed ticket is read-only: the one change it takes is reopening (back to acik).
  if (before.status === "kapandi" && to === "kapandi" && Object.keys(data).length > 0) {
    throw problems.unprocessable("A closed ticket cannot be changed; reopen it first.");
  }
  // A merged ticket stays closed: its conversation goes on in the ticket it was merged into.
  if (before.mergedIntoId && Object.keys(data).length > 0) {
    throw problems.unprocessable("A merged ticket cannot be changed or reopened.");
  }
  if (!canMove(before.status, to)) {
    throw problems.unprocessable(`A ticket cannot move from ${before.status} to ${to}.`);
  }
  if (data.assigneeId) await assertAgent(actor, data.assigneeId as string);
  if (data.teamId) await assertTeam(actor, data.teamId as string);
  if (data.customerId && !(await customersRepo.get(sql, data.customerId as string))) {
    throw problems.unprocessable("No such customer.");
  }
  if (data.tags) data.tags = [...new Set(data.tags as string[])];
  if (data.status) {
    if (to !== "acik" && !before.firstRespondedAt) data.firstRespondedAt = new Date();
    if (to === "cozuldu") data.resolvedAt = new Date();
    if (to === "kapandi") data.closedAt = new Date();
    if (to === "kapandi" && !before.resolvedAt) data.resolvedAt = new Date();
    if (to === "acik" || to === "islemde") {
      Object.assign(data, { resolvedAt: null, closedAt: null });
    }
  }
  if (data.customerId) {
    // Another customer may have another contract, so another policy (or none).
    const policy = await policyForCustomer(sql, data.customerId as string);
    const priority = (data.priority ?? before.priority) as Priority;
    Object.assign(data, computeClocks(policy, priority, new Date(before.createdAt)));
  } else if (data.priority && before.slaPolicyId) {
    const policy = await slaRepo.get(sql, before.slaPolicyId);
    const { slaPolicyId: _, ...clocks } = computeClocks(
      policy,
      data.priority as Priority,
      new Date(before.createdAt),
    );
    Object.assign(data, clocks);
  }
  // Leaving islemde ends a wait; recomputed clocks keep the earlier pauses (waiting.service).
  Object.assign(data, await pauseFieldsForChange(actor, before, to, data));
  if (!Object.keys(data).length) return toTicket(before);
  await updateTicket(sql, id, data);
  if (data.teamId) {
    const auto = await autoAssign(actor, { ticketId: id, teamId: data.teamId as string });
    if (auto) data.assigneeId = auto;
  }
  const after = await getTicketRow(sql, id);
  await recordActivity({ sql }, {
    module: "support",
    entityType: "ticket",
    entityId: id,
    action,
    summary: `${action[0].toUpperCase()}${action.slice(1)} ${after.number}`,
    before: toTicket(before),
    after: toTicket(after),
    ignore: ["updatedAt", "slaState"],
  });
  // The event follows the move, whichever route made it (PUT can close and reopen too).
  const reopened = data.status === "acik" && ["cozuldu", "kapandi"].includes(before.status);
  const event = data.status === "kapandi" ? "closed" : reopened ? "reopened" : "updated";
  const eventPayload = await eventData(sql, after, { changes: Object.keys(data) });
  await publish(sql, `support.ticket.${event}`, eventPayload);
  if (data.assigneeId) await tellAssignee(actor, after);
  if (data.status || data.priority || data.subject) {
    await mailCustomer(actor, event === "closed" ? "closed" : "updated", eventPayload);
  }
  return toTicket(after);
}

export const closeTicket = async (actor: Actor, id: string) => {
  const row = await getTicketRow(actor.sql, id, true);
  if (row.status !== "cozuldu") {
    throw problems.unprocessable("Only a resolved (cozuldu) ticket can be closed.");
  }
  return await changeTicket(actor, { id, patch: { status: "kapandi" }, action: "closed" });
};

export const reopenTicket = async (actor: Actor, id: string) => {
  const row = await getTicketRow(actor.sql, id, true);
  if (row.status !== "cozuldu" && row.status !== "kapandi") {
    throw problems.unprocessable("Only a resolved or closed ticket can be reopened.");
  }
  return await changeTicket(actor, { id, patch: { status: "acik" }, action: "reopened" });
};

export const assignTicket = (
  actor: Actor,
  { id, assigneeId }: { id: string; assigneeId: string | null },
) => changeTicket(actor, { id, patch: { assigneeId }, action: "assigned" });

const withHtml = (c: Omit<Comment, "html">): Comment => ({
  ...c,
  html: c.format === "markdown"
    ? renderMarkdown(c.body)
    : `<p>${escapeHtml(c.body).replace(/\r?\n/g, "<br>")}</p>`,
});

export async function listComments(
  actor: Actor,
  input: { ticketId: string; limit: number; cursor?: string },
) {
  const { ticketId, limit, cursor } = input;
  await getTicketRow(actor.sql, ticketId);
  const after = decodeCursor(cursor, ["timestamp", "uuid"]) as [string, string] | null;
  return await commentPage(actor.sql, ticketId, limit, after);
}

/** A page of a ticket's comments (the caller has found the ticket). */
async function commentPage(
  sql: Sql,
  ticketId: string,
  limit: number,
  after: [string, string] | null,
) {
  const rows = await selectComments(sql, ticketId, limit, after);
  const page = toPage(rows, limit, (r) => [r.sortKey, r.id]);
  return {
    items: page.items.map(({ sortKey: _, ...c }) => withHtml(c)),
    nextCursor: page.nextCursor,
  };
}

export async function addComment(
  actor: Actor,
  {
    ticketId,
    email,
    attachmentIds = [],
    ...input
  }: {
    ticketId: string;
    body: string;
    format: "text" | "markdown";
    visibility: "public" | "internal";
    minutes?: number | null;
    email?: ReplyEmailInput;
    attachmentIds?: string[];
  },
) {
  const { sql } = actor;
  const ticket = await getTicketRow(sql, ticketId, true);
  if (ticket.status === "kapandi") {
    throw problems.unprocessable("A closed ticket takes no comments; reopen it first.");
  }
  // Whether it goes out by e-mail, refused (422) before anything is written.
  const plan = await replyPlan(actor, { customerId: ticket.customerId, ...input, email });
  const id = uuidv7();
  await insertComment(sql, {
    id,
    ticketId,
    authorId: actor.session.userId,
    ...input,
    minutes: input.minutes ?? null,
  });
  // The first public answer by an agent stops the first-response clock.
  if (input.visibility === "public" && !ticket.firstRespondedAt && actor.session.userId) {
    await updateTicket(sql, ticketId, { firstRespondedAt: new Date() });
  } else await updateTicket(sql, ticketId, {});
  await recordActivity({ sql }, {
    module: "support",
    entityType: "ticket",
    entityId: ticketId,
    action: "commented",
    summary: `${input.visibility === "internal" ? "Internal note" : "Comment"} on ${ticket.number}`,
  });
  const files = await giveFilesToComment(actor, {
    ticketId,
    commentId: id,
    ids: attachmentIds,
    internal: input.visibility === "internal",
  });
  const [comment] = await selectComments(sql, ticketId, 1, null, id);
  const { sortKey: _, ...plain } = comment;
  let sent: ReplySent | null = null;
  if (input.visibility === "public") {
    const data = await eventData(sql, ticket, { comment: { body: input.body } });
    await publish(sql, "support.ticket.commented", data);
    // The reply e-mail is the customer's news of the comment (no "updated" mail beside it).
    if (plan) {
      sent = await sendReply(actor, {
        plan,
        ticket,
        commentId: id,
        comment: withHtml(plain),
        cc: email?.cc ?? [],
        files,
        vars: data,
      });
    }
  }
  const out = withHtml(plain);
  return {
    ...out,
    ...(sent ? { channel: "email" as const, cc: sent.cc } : {}),
    attachments: files,
    email: sent,
  };
}

/**
 * A customer's own message on a ticket (e-mail intake): no author, public, plain text, with the
 * sender, CC list and Message-ID it came with. It does not mail the customer back (they wrote
 * it) and stops no first-response clock; the assignee hears of it. A closed ticket takes none
 * (intake opens a follow-up ticket instead).
 */
export async function addCustomerComment(
  actor: SystemActor,
  input: {
    ticketId: string;
    body: string;
    channel: "email" | "portal";
    fromAddress: string | null;
    cc: string[];
    messageId: string | null;
    inboundMessageId: string | null;
  },
) {
  const { sql } = actor;
  const { ticketId, ...rest } = input;
  const ticket = await getTicketRow(sql, ticketId, true);
  if (ticket.status === "kapandi") {
    throw problems.unprocessable("A closed ticket takes no comments; reopen it first.");
  }
  const id = uuidv7();
  await insertComment(sql, {
    id,
    ticketId,
    authorId: null,
    format: "text",
    visibility: "public",
    ...rest,
  });
  await updateTicket(sql, ticketId, {});
  await recordActivity({ sql }, {
    module: "support",
    entityType: "ticket",
    entityId: ticketId,
    action: "commented",
    summary: `Customer reply on ${ticket.number}`,
  });
  const [comment] = await selectComments(sql, ticketId, 1, null, id);
  const { sortKey: _, ...plain } = comment;
  await publish(
    sql,
    "support.ticket.commented",
    await eventData(sql, ticket, {
      comment: { body: input.body },
    }),
  );
  if (ticket.assigneeId) {
    await notify(actor, {
      userId: ticket.assigneeId,
      module: "support",
      title: `${ticket.number}: ${ticket.subject}`,
      body: "The customer replied",
      link: `/support/tickets/${ticket.id}`,
    }).catch(() => {}); // an assignee who has left since hears nothing; the reply stays
  }
  return withHtml(plain);
}

/** A ticket with its history and comments; with `fields`, only the reads those need. */
export async function ticketDetail(actor: Actor, id: string, fields?: readonly string[]) {
  const { sql } = actor;
  const wants = (name: string) => !fields || fields.includes(name);
  const none = Promise.resolve({ items: [] });
  // Three independent reads sent together (pipelined on the request's connection): one round
  // trip instead of three. Another tenant's id finds nothing in any of them (RLS), so the 404
  // of getTicketRow is all the caller learns.
  const [row, history, comments] = await Promise.all([
    findTicket(sql, id, false, fields).then((r) =>
      r ?? Promise.reject(problems.notFound("No such ticket."))
    ),
    wants("history")
      ? listActivity({ sql }, { module: "support", entityType: "ticket", entityId: id, limit: 100 })
      : none,
    wants("comments") ? commentPage(sql, id, 100, null) : none,
  ]);
  return {
    ...(fields ? row : toTicket(row)),
    history: history.items.map((h) => ({
      id: h.id,
      at: h.occurredAt,
      actorId: h.actorId,
      actorName: h.actorName,
      action: h.action,
      summary: h.summary,
      changes: h.changes,
    })),
    comments: comments.items,
  };
}

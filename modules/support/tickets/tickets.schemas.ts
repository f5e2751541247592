import { z } from "@hono/zod-openapi";
import { PageQuery } from "../../../shared/http/paging.ts";
import { PrioritySchema, StatusSchema } from "../common/common.schemas.ts";
import { TicketAttachmentSchema } from "../attachments/attachments.schemas.ts";
import { ReplyAttachmentIds, ReplyEmailInput, ReplySent } from "../replies/replies.schemas.ts";

export const SLA_STATES = ["none", "ok", "warning", "breached", "met"] as const;
export type SlaState = (typeof SLA_STATES)[number];

export const TicketSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  subject: z.string(),
  description: z.string(),
  status: StatusSchema,
  priority: PrioritySchema,
  assigneeId: z.uuid().nullable(),
  customerId: z.uuid(),
  contactId: z.uuid().nullable(),
  companyId: z.uuid().nullable(),
  tags: z.array(z.string()),
  slaPolicyId: z.uuid().nullable(),
  firstResponseDue: z.string().nullable(),
  resolutionDue: z.string().nullable(),
  firstRespondedAt: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  slaState: z.enum(SLA_STATES),
  /** The team (queue) the ticket belongs to. */
  teamId: z.uuid().nullable(),
  /** Why an `islemde` ticket waits (its SLA clocks stand still meanwhile); null: not waiting. */
  pendingReason: z.enum(["customer", "third_party"]).nullable(),
  pausedAt: z.string().nullable(),
  /** A merged ticket (closed): the ticket its comments and files went to. */
  mergedIntoId: z.uuid().nullable(),
  createdBy: z.uuid().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
}).openapi("SupportTicket");
export type Ticket = z.infer<typeof TicketSchema>;

const Tags = z.array(z.string().trim().min(1).max(50)).max(20);

export const TicketInput = z.object({
  subject: z.string().trim().min(1).max(300),
  description: z.string().max(50_000).default(""),
  priority: PrioritySchema.optional(),
  assigneeId: z.uuid().nullish(),
  customerId: z.uuid(),
  contactId: z.uuid().nullish(),
  companyId: z.uuid().nullish(),
  tags: Tags.default([]),
  /** The team (queue) the ticket belongs to; a support team of the tenant. */
  teamId: z.uuid().nullish(),
}).openapi("SupportTicketInput");
export type TicketInput = z.infer<typeof TicketInput>;

export const TicketUpdate = z.object({
  subject: z.string().trim().min(1).max(300),
  description: z.string().max(50_000),
  status: StatusSchema,
  priority: PrioritySchema,
  assigneeId: z.uuid().nullable(),
  customerId: z.uuid(),
  contactId: z.uuid().nullable(),
  companyId: z.uuid().nullable(),
  tags: Tags,
  teamId: z.uuid().nullable(),
}).partial().openapi("SupportTicketUpdate");
export type TicketUpdate = z.infer<typeof TicketUpdate>;

export const AssignInput = z.object({ assigneeId: z.uuid().nullable() }).openapi("SupportAssign");

const DateTime = z.iso.datetime({ offset: true });
const q = (name: string) => ({ param: { name, in: "query" as const } });
export const TicketQuery = PageQuery.extend({
  status: StatusSchema.optional().openapi(q("status")),
  priority: PrioritySchema.optional().openapi(q("priority")),
  /** A user id, `me`, or `none` for unassigned tickets. */
  assignee: z.union([z.uuid(), z.enum(["me", "none"])]).optional().openapi(q("assignee")),
  customerId: z.uuid().optional().openapi(q("customerId")),
  companyId: z.uuid().optional().openapi(q("companyId")),
  /** A team id, or `none` for tickets without a team. */
  team: z.union([z.uuid(), z.enum(["none"])]).optional().openapi(q("team")),
  sla: z.enum(SLA_STATES).optional().openapi(q("sla")),
  q: z.string().trim().max(200).optional().openapi(q("q")),
  createdFrom: DateTime.optional().openapi(q("createdFrom")),
  createdTo: DateTime.optional().openapi(q("createdTo")),
  updatedFrom: DateTime.optional().openapi(q("updatedFrom")),
  updatedTo: DateTime.optional().openapi(q("updatedTo")),
  sort: z.enum(["created", "updated", "priority", "due"]).default("created").openapi(q("sort")),
});
export type TicketQuery = z.infer<typeof TicketQuery>;

export const CommentSchema = z.object({
  id: z.uuid(),
  ticketId: z.uuid(),
  authorId: z.uuid().nullable(),
  authorName: z.string().nullable(),
  body: z.string(),
  format: z.enum(["text", "markdown"]),
  visibility: z.enum(["public", "internal"]),
  /** The body as sanitized HTML (Markdown rendered, or plain text escaped). */
  html: z.string(),
  /** Time spent on the ticket, recorded with this comment (minutes); null: none recorded. */
  minutes: z.number().int().nullable(),
  /** How it came: written here (web), by e-mail (a customer's message) or the portal. */
  channel: z.enum(["web", "email", "portal"]),
  /** An e-mail comment's sender and CC list, and its stored original message. */
  fromAddress: z.string().nullable(),
  cc: z.array(z.string()),
  inboundMessageId: z.uuid().nullable(),
  createdAt: z.string(),
  /** The comment's files (on the comment just added; the ticket's attachments list has all). */
  attachments: z.array(TicketAttachmentSchema).optional(),
  /** On the comment just added: the e-mail it went out as, or null when it was not sent. */
  email: ReplySent.nullable().optional(),
}).openapi("SupportComment");
export type Comment = z.infer<typeof CommentSchema>;

export const CommentInput = z.object({
  body: z.string().trim().min(1).max(20_000),
  format: z.enum(["text", "markdown"]).default("text"),
  visibility: z.enum(["public", "internal"]).default("public"),
  /** Time spent on the ticket with this comment, in minutes (1 to 1440). */
  minutes: z.int().min(1).max(1440).nullish(),
  /** Public comments: sent to the customer as a threaded e-mail (see SupportReplyEmailInput). */
  email: ReplyEmailInput.optional(),
  /** Files uploaded to the ticket beforehand (POST …/attachments) that go with this comment. */
  attachmentIds: ReplyAttachmentIds.default([]),
}).openapi("SupportCommentInput");

export const HistoryEntry = z.object({
  id: z.uuid(),
  at: z.string(),
  actorId: z.uuid().nullable(),
  actorName: z.string().nullable(),
  action: z.string(),
  summary: z.string(),
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
}).openapi("SupportTicketHistoryEntry");

export const TicketDetail = TicketSchema.extend({
  history: z.array(HistoryEntry),
  comments: z.array(CommentSchema),
}).openapi("SupportTicketDetail");

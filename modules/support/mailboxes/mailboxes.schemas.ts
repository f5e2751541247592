import { z } from "@hono/zod-openapi";
import { PageQuery } from "../../../shared/http/paging.ts";
import { Email, IdParam, ListQuery, Timestamps } from "../common/common.schemas.ts";

export const MESSAGE_STATES = ["queued", "processed", "ignored", "failed"] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];
export const MessageStateSchema = z.enum(MESSAGE_STATES).openapi("SupportInboundMessageState");

/** The largest message a mailbox can be set to take (100 MB); the default is 25 MB. */
export const MAX_MESSAGE_BYTES = 100 * 1024 * 1024;
export const DEFAULT_MESSAGE_BYTES = 25 * 1024 * 1024;

/** A mailbox as the API shows it: never its IMAP password nor its inbound token. */
export const MailboxSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  address: z.string(),
  enabled: z.boolean(),
  imapHost: z.string().nullable(),
  imapPort: z.number().int().nullable(),
  imapTls: z.boolean(),
  imapUser: z.string().nullable(),
  imapFolder: z.string(),
  hasPassword: z.boolean().describe("Whether an IMAP password is stored (it is never returned)"),
  hasInboundToken: z.boolean().describe("Whether the inbound HTTP endpoint has a token"),
  inboundPath: z.string().describe("Where relays POST raw messages (with the token as Bearer)"),
  teamId: z.uuid().nullable(),
  maxMessageBytes: z.number().int(),
  lastCheckedAt: z.string().nullable(),
  lastError: z.string().nullable(),
  ...Timestamps,
}).openapi("SupportMailbox");
export type Mailbox = z.infer<typeof MailboxSchema>;

const Host = z.string().trim().min(1).max(255).regex(/^[A-Za-z0-9.\-:[\]]+$/, "a host name");

export const MailboxInput = z.object({
  name: z.string().trim().min(1).max(200),
  address: Email,
  enabled: z.boolean().default(true),
  imapHost: Host.nullish(),
  imapPort: z.number().int().min(1).max(65535).nullish(),
  imapTls: z.boolean().default(true),
  imapUser: z.string().trim().min(1).max(320).nullish(),
  imapPassword: z.string().min(1).max(1000).nullish()
    .describe("Write-only: stored sealed, never returned"),
  imapFolder: z.string().trim().min(1).max(200).default("INBOX"),
  teamId: z.uuid().nullish(),
  maxMessageBytes: z.number().int().min(1024).max(MAX_MESSAGE_BYTES).default(
    DEFAULT_MESSAGE_BYTES,
  ),
}).openapi("SupportMailboxInput");
export type MailboxInput = z.infer<typeof MailboxInput>;

export const MailboxUpdate = z.object({
  name: z.string().trim().min(1).max(200),
  address: Email,
  enabled: z.boolean(),
  imapHost: Host.nullable(),
  imapPort: z.number().int().min(1).max(65535).nullable(),
  imapTls: z.boolean(),
  imapUser: z.string().trim().min(1).max(320).nullable(),
  imapPassword: z.string().min(1).max(1000).nullable()
    .describe("Write-only: a new password, or null to remove it; left out keeps it"),
  imapFolder: z.string().trim().min(1).max(200),
  teamId: z.uuid().nullable(),
  maxMessageBytes: z.number().int().min(1024).max(MAX_MESSAGE_BYTES),
}).partial().openapi("SupportMailboxUpdate");
export type MailboxUpdate = z.infer<typeof MailboxUpdate>;

/** A created mailbox with its inbound token, the only time the token is shown. */
export const CreatedMailboxSchema = MailboxSchema.extend({
  inboundToken: z.string().describe("The inbound endpoint's secret: shown this once"),
}).openapi("SupportMailboxCreated");

export const InboundTokenSchema = z.object({
  inboundToken: z.string().describe("The new secret: shown this once; the old one stops working"),
  inboundPath: z.string(),
}).openapi("SupportMailboxInboundToken");

export const ConnectionTestSchema = z.object({
  ok: z.boolean(),
  error: z.string().nullable(),
  messages: z.number().int().nullable().describe("Messages in the folder, when it could be opened"),
}).openapi("SupportMailboxConnectionTest");

export const MailboxQuery = ListQuery;

/** A stored inbound message (without its raw bytes; see the raw route). */
export const InboundMessageSchema = z.object({
  id: z.uuid(),
  mailboxId: z.uuid(),
  messageId: z.string(),
  source: z.enum(["imap", "http"]),
  receivedAt: z.string(),
  size: z.number().int(),
  fromAddress: z.string().nullable(),
  subject: z.string().nullable(),
  hasRaw: z.boolean(),
  state: MessageStateSchema,
  reason: z.string().nullable(),
  attempts: z.number().int(),
  ticketId: z.uuid().nullable(),
  commentId: z.uuid().nullable(),
  processedAt: z.string().nullable(),
}).openapi("SupportInboundMessage");
export type InboundMessage = z.infer<typeof InboundMessageSchema>;

export const MessageQuery = PageQuery.extend({
  state: MessageStateSchema.optional().openapi({ param: { name: "state", in: "query" } }),
});

export const MessageParams = IdParam.extend({
  messageId: z.uuid().openapi({ param: { name: "messageId", in: "path" } }),
});

export const MailboxIdParam = z.object({
  mailboxId: z.uuid().openapi({ param: { name: "mailboxId", in: "path" } }),
});

export const InboundResultSchema = z.object({
  id: z.uuid(),
  duplicate: z.boolean().describe("The Message-ID was seen before: nothing new was stored"),
}).openapi("SupportInboundResult");

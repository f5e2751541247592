import { z } from "@hono/zod-openapi";

/** How a public comment goes out by e-mail (part of the comment input). */
export const ReplyEmailInput = z.object({
  /**
   * Send the comment to the customer as a threaded e-mail. Left out: sent when the customer
   * has an address and the tenant e-mails customers. An internal note is never sent (422).
   */
  send: z.boolean().optional(),
  /** More recipients, each one plain address. */
  cc: z.array(z.email().max(254)).max(20).default([]),
}).openapi("SupportReplyEmailInput");
export type ReplyEmailInput = z.infer<typeof ReplyEmailInput>;

/** The files uploaded to the ticket beforehand that go with the comment (and its e-mail). */
export const ReplyAttachmentIds = z.array(z.uuid()).max(20);

/** What was sent: the e-mail's recipients and the Message-ID a customer's answer threads on. */
export const ReplySent = z.object({
  to: z.string(),
  cc: z.array(z.string()),
  messageId: z.string(),
}).openapi("SupportReplySent");
export type ReplySent = z.infer<typeof ReplySent>;

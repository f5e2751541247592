import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { pageSchema } from "../../../shared/http/paging.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { Deleted, IdParam } from "../common/common.schemas.ts";
import {
  ConnectionTestSchema,
  CreatedMailboxSchema,
  InboundMessageSchema,
  InboundResultSchema,
  InboundTokenSchema,
  MailboxIdParam,
  MailboxInput,
  MailboxQuery,
  MailboxSchema,
  MailboxUpdate,
  MessageParams,
  MessageQuery,
} from "./mailboxes.schemas.ts";

export const MAILBOX_READ = "support.mailbox.read";
export const MAILBOX_WRITE = "support.mailbox.write";

const tags = ["support"];
const read = [requirePermission(MAILBOX_READ)];
const write = [requirePermission(MAILBOX_WRITE)];
const rawMessage = (description: string) => ({
  description,
  content: { "message/rfc822": { schema: z.string().openapi({ format: "binary" }) } },
});

export const listMailboxesRoute = createRoute({
  operationId: "listSupportMailboxes",
  method: "get",
  path: "/mailboxes",
  tags,
  summary: "List support mailboxes",
  middleware: read,
  request: { query: MailboxQuery },
  responses: {
    200: jsonResponse(pageSchema(MailboxSchema, "SupportMailboxPage"), "A page of mailboxes"),
    ...errorResponses(400, 401, 403),
  },
});

export const getMailboxRoute = createRoute({
  operationId: "getSupportMailbox",
  method: "get",
  path: "/mailboxes/{id}",
  tags,
  summary: "Read a support mailbox (never its password or token)",
  middleware: read,
  request: { params: IdParam },
  responses: {
    200: jsonResponse(MailboxSchema, "The mailbox"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const createMailboxRoute = createRoute({
  operationId: "createSupportMailbox",
  method: "post",
  path: "/mailboxes",
  tags,
  summary: "Create a support mailbox (its inbound token is in the answer this once)",
  middleware: write,
  request: { body: jsonBody(MailboxInput) },
  responses: {
    201: jsonResponse(CreatedMailboxSchema, "Created"),
    ...errorResponses(400, 401, 403, 409, 422),
  },
});

export const updateMailboxRoute = createRoute({
  operationId: "updateSupportMailbox",
  method: "put",
  path: "/mailboxes/{id}",
  tags,
  summary: "Update a support mailbox (fields left out keep their values)",
  middleware: write,
  request: { params: IdParam, body: jsonBody(MailboxUpdate) },
  responses: {
    200: jsonResponse(MailboxSchema, "Updated"),
    ...errorResponses(400, 401, 403, 404, 409, 422),
  },
});

export const deleteMailboxRoute = createRoute({
  operationId: "deleteSupportMailbox",
  method: "delete",
  path: "/mailboxes/{id}",
  tags,
  summary: "Delete a support mailbox and its stored messages",
  middleware: write,
  request: { params: IdParam },
  responses: {
    200: jsonResponse(Deleted, "Deleted"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const rotateTokenRoute = createRoute({
  operationId: "rotateSupportMailboxInboundToken",
  method: "post",
  path: "/mailboxes/{id}/inbound-token",
  tags,
  summary: "Make a new inbound token for a mailbox (shown once; the old one stops working)",
  middleware: write,
  request: { params: IdParam },
  responses: {
    200: jsonResponse(InboundTokenSchema, "The new token"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const testMailboxRoute = createRoute({
  operationId: "testSupportMailboxConnection",
  method: "post",
  path: "/mailboxes/{id}/test",
  tags,
  summary: "Test a mailbox's IMAP connection with its saved settings",
  middleware: write,
  request: { params: IdParam },
  responses: {
    200: jsonResponse(ConnectionTestSchema, "Whether the server answered and the folder opened"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

export const checkMailboxRoute = createRoute({
  operationId: "checkSupportMailbox",
  method: "post",
  path: "/mailboxes/{id}/check",
  tags,
  summary: "Read a mailbox's IMAP folder now (queued; new messages appear in its list)",
  middleware: write,
  request: { params: IdParam },
  responses: {
    202: jsonResponse(z.object({ queued: z.literal(true) }), "A pass over the folder is queued"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

export const listMessagesRoute = createRoute({
  operationId: "listSupportMailboxMessages",
  method: "get",
  path: "/mailboxes/{id}/messages",
  tags,
  summary: "List a mailbox's received messages, newest first (state=failed: the failed list)",
  middleware: read,
  request: { params: IdParam, query: MessageQuery },
  responses: {
    200: jsonResponse(
      pageSchema(InboundMessageSchema, "SupportInboundMessagePage"),
      "A page of messages",
    ),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const getMessageRoute = createRoute({
  operationId: "getSupportMailboxMessage",
  method: "get",
  path: "/mailboxes/{id}/messages/{messageId}",
  tags,
  summary: "Read one received message's record",
  middleware: read,
  request: { params: MessageParams },
  responses: {
    200: jsonResponse(InboundMessageSchema, "The message"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const retryMessageRoute = createRoute({
  operationId: "retrySupportMailboxMessage",
  method: "post",
  path: "/mailboxes/{id}/messages/{messageId}/retry",
  tags,
  summary: "Retry a failed message (back to the queue and into the intake again)",
  middleware: write,
  request: { params: MessageParams },
  responses: {
    200: jsonResponse(InboundMessageSchema, "The message, queued again"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

export const rawMessageRoute = createRoute({
  operationId: "downloadSupportMailboxMessage",
  method: "get",
  path: "/mailboxes/{id}/messages/{messageId}/raw",
  tags,
  summary: "Download a received message as it arrived (message/rfc822)",
  description: "Needs support.mailbox.write: the original may hold more than the ticket shows.",
  middleware: write,
  request: { params: MessageParams },
  responses: {
    200: rawMessage("The original message"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const inboundRoute = createRoute({
  operationId: "receiveSupportInboundMessage",
  method: "post",
  path: "/inbound/{mailboxId}",
  tags,
  summary: "Inbound e-mail: store one raw RFC 5322 message for a mailbox (no sign-in)",
  description: "For mail relays and services that POST mail. `Authorization: Bearer <the " +
    "mailbox's inbound token>`; the body is the raw message (message/rfc822 or " +
    "application/octet-stream). 202: stored and queued; 200 with duplicate=true: this " +
    "Message-ID was received before. A message over the mailbox's size limit answers 413 and " +
    "is recorded with its headers in the mailbox's failed list.",
  security: [],
  request: {
    params: MailboxIdParam,
    body: {
      required: true,
      content: {
        "message/rfc822": { schema: z.string().openapi({ format: "binary" }) },
        "application/octet-stream": { schema: z.string().openapi({ format: "binary" }) },
      },
    },
  },
  responses: {
    200: jsonResponse(InboundResultSchema, "Seen before: nothing new was stored"),
    202: jsonResponse(InboundResultSchema, "Stored; a ticket or comment follows"),
    ...errorResponses(400, 401, 403, 404, 413, 429),
  },
});

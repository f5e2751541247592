import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import * as r from "./mailboxes.routes.ts";
import * as svc from "./mailboxes.service.ts";
import { receiveInbound } from "./mailboxes.inbound.service.ts";

type H<R extends Parameters<OpenAPIHono<AppEnv>["openapi"]>[0]> = RouteHandler<R, AppEnv>;

const list: H<typeof r.listMailboxesRoute> = async (c) =>
  c.json(await svc.listMailboxes(actorOf(c), c.req.valid("query")), 200);
const get: H<typeof r.getMailboxRoute> = async (c) =>
  c.json(await svc.getMailbox(actorOf(c), c.req.valid("param").id), 200);
const create: H<typeof r.createMailboxRoute> = async (c) =>
  c.json(await svc.createMailbox(actorOf(c), c.req.valid("json")), 201);
const update: H<typeof r.updateMailboxRoute> = async (c) =>
  c.json(
    await svc.updateMailbox(actorOf(c), {
      id: c.req.valid("param").id,
      patch: c.req.valid("json"),
    }),
    200,
  );
const remove: H<typeof r.deleteMailboxRoute> = async (c) =>
  c.json(await svc.deleteMailbox(actorOf(c), c.req.valid("param").id), 200);
const rotate: H<typeof r.rotateTokenRoute> = async (c) =>
  c.json(await svc.rotateInboundToken(actorOf(c), c.req.valid("param").id), 200);
/** Unscoped (no request-wide transaction): the IMAP server may take seconds to answer. */
const test: H<typeof r.testMailboxRoute> = async (c) =>
  c.json(await svc.testMailbox(c.var.scope, c.var.session, c.req.valid("param").id), 200);
const check: H<typeof r.checkMailboxRoute> = async (c) =>
  c.json(await svc.checkMailbox(actorOf(c), c.req.valid("param").id), 202);
const messages: H<typeof r.listMessagesRoute> = async (c) =>
  c.json(
    await svc.listMessages(actorOf(c), { ...c.req.valid("query"), id: c.req.valid("param").id }),
    200,
  );
const message: H<typeof r.getMessageRoute> = async (c) => {
  const { id, messageId } = c.req.valid("param");
  return c.json(await svc.getMessage(actorOf(c), id, messageId), 200);
};
const retry: H<typeof r.retryMessageRoute> = async (c) =>
  c.json(await svc.retryMessage(actorOf(c), c.req.valid("param")), 200);
const raw: H<typeof r.rawMessageRoute> = async (c) => {
  const bytes = await svc.messageRaw(actorOf(c), c.req.valid("param"));
  return c.body(new Uint8Array(bytes), 200, {
    "Content-Type": "message/rfc822",
    "Content-Disposition": `attachment; filename="message-${c.req.valid("param").messageId}.eml"`,
  });
};
/** Public (no session): the mailbox's token is the key; the body is read as a stream. */
const inbound: H<typeof r.inboundRoute> = async (c) => {
  const length = Number(c.req.header("content-length"));
  const out = await receiveInbound(c.var.platform, {
    mailboxId: c.req.valid("param").mailboxId,
    authorization: c.req.header("authorization"),
    contentLength: Number.isFinite(length) && length > 0 ? length : null,
    body: c.req.raw.body,
  });
  return c.json(out, out.duplicate ? 200 : 202);
};

/** Paths served without the request-wide transaction: the test and the inbound endpoint. */
export const MAILBOX_UNSCOPED_PATHS = [
  /^\/api\/support\/mailboxes\/[^/]+\/test$/,
  /^\/api\/support\/inbound\/[^/]+$/,
  /^\/support\/mailboxes\/[^/]+\/test$/,
];

export const mountMailboxes = (app: OpenAPIHono<AppEnv>) => {
  app.openapi(r.listMailboxesRoute, list);
  app.openapi(r.createMailboxRoute, create);
  app.openapi(r.getMailboxRoute, get);
  app.openapi(r.updateMailboxRoute, update);
  app.openapi(r.deleteMailboxRoute, remove);
  app.openapi(r.rotateTokenRoute, rotate);
  app.openapi(r.testMailboxRoute, test);
  app.openapi(r.checkMailboxRoute, check);
  app.openapi(r.listMessagesRoute, messages);
  app.openapi(r.getMessageRoute, message);
  app.openapi(r.retryMessageRoute, retry);
  app.openapi(r.rawMessageRoute, raw);
  app.openapi(r.inboundRoute, inbound);
};

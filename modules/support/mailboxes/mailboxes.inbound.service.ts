/**
 * The inbound endpoint: relays and mail services POST one raw RFC 5322 message to a mailbox's
 * address, with the mailbox's token as Bearer. No session exists: the mailbox id and the token's
 * hash find the tenant (a narrow definer function), then short transactions under that tenant
 * store the message. The body is read only up to the mailbox's limit: past it the message is
 * recorded in the failed list with its headers (413), so it is never silently lost.
 */
import type { Database } from "../../../shared/db/database.ts";
import { withScope } from "../../../shared/db/scope.ts";
import { sha256Hex } from "../../../shared/crypto/bytes.ts";
import { problems } from "../../../shared/http/problem.ts";
import type { Bus } from "../../../shared/realtime/bus.ts";
import { getMailbox, inboundMailbox } from "./mailboxes.repo.ts";
import { bearerToken, windowLimiter } from "./mailboxes.rules.ts";
import { REASON_TOO_LARGE, storeMessage } from "./mailboxes.store.service.ts";
import { HEADER_BYTES } from "./mailboxes.headers.lib.ts";

/** Messages one mailbox may receive per minute on one instance. */
export const INBOUND_PER_MINUTE = 600;
const limited = windowLimiter(INBOUND_PER_MINUTE, 60_000);

export interface InboundInput {
  mailboxId: string;
  authorization: string | undefined;
  contentLength: number | null;
  body: ReadableStream<Uint8Array> | null;
}

/** The body, or its first HEADER_BYTES when it passes `max` (then `size` is a lower bound). */
async function readBounded(body: ReadableStream<Uint8Array>, max: number, declared: number | null) {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let kept = 0;
  const reader = body.getReader();
  const tooLargeAtOnce = declared !== null && declared > max;
  try {
    while (true) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > max || tooLargeAtOnce) {
        if (kept < HEADER_BYTES) chunks.push(value.subarray(0, HEADER_BYTES - kept));
        kept = Math.min(HEADER_BYTES, kept + value.length);
        if (kept >= HEADER_BYTES || size > max) break;
        continue;
      }
      chunks.push(value);
      kept += value.length;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  const tooLarge = tooLargeAtOnce || size > max;
  const raw = new Uint8Array(tooLarge ? Math.min(kept, HEADER_BYTES) : size);
  let at = 0;
  for (const c of chunks) {
    const part = c.subarray(0, raw.length - at);
    raw.set(part, at);
    at += part.length;
    if (at >= raw.length) break;
  }
  return { raw, size: tooLarge ? Math.max(size, declared ?? 0) : size, tooLarge };
}

/** Stores a message posted to a mailbox's endpoint; see the module comment for the answers. */
export async function receiveInbound(
  platform: { db: Database; bus: Bus },
  input: InboundInput,
) {
  const token = bearerToken(input.authorization);
  const hash = token ? await sha256Hex(token) : "";
  const found = await withScope(
    platform.db.sql,
    {},
    (sql) => inboundMailbox(sql, input.mailboxId, hash),
  );
  if (!found) throw problems.notFound("No such mailbox.");
  if (!token || !found.tokenOk) throw problems.unauthorized("The mailbox's token is not valid.");
  if (!found.enabled) throw problems.forbidden("This mailbox is switched off.");
  const wait = limited(input.mailboxId);
  if (wait) throw problems.tooManyRequests(wait, "Too many messages for this mailbox.");
  const scope = { tenantId: found.tenantId };
  const mailbox = await withScope(
    platform.db.sql,
    scope,
    (sql) => getMailbox(sql, input.mailboxId),
  );
  if (!mailbox) throw problems.notFound("No such mailbox.");
  if (!input.body) throw problems.badRequest("The body must be the raw message.");
  const { raw, size, tooLarge } = await readBounded(
    input.body,
    mailbox.maxMessageBytes,
    input.contentLength,
  );
  if (!raw.length) throw problems.badRequest("The body must be the raw message.");
  const stored = await withScope(
    platform.db.sql,
    scope,
    (sql) =>
      storeMessage({ sql, bus: platform.bus }, {
        mailboxId: mailbox.id,
        source: "http",
        raw,
        size,
        tooLarge,
      }),
  );
  if (tooLarge) {
    throw problems.tooLarge(
      `The message (${size} bytes or more) is over this mailbox's limit of ` +
        `${mailbox.maxMessageBytes} bytes; it was recorded as failed (${REASON_TOO_LARGE}).`,
    );
  }
  return { id: stored.id, duplicate: stored.duplicate };
}

/**
 * Storing a received message, whatever brought it (IMAP or the inbound endpoint): one row per
 * Message-ID and mailbox, kept whole before anything reads it, and its intake queued in the
 * same transaction. A message too large or unreadable goes to the mailbox's failed list with
 * its reason instead (never dropped).
 */
import { uuidv7 } from "uuidv7";
import type { SystemActor } from "../../../shared/http/actor.ts";
import { enqueue } from "../../../shared/jobs/queue.ts";
import { insertMessage, messageByMessageId } from "./mailboxes.repo.ts";
import { summarize } from "./mailboxes.headers.lib.ts";
import { REASON_TOO_LARGE, REASON_UNPARSABLE } from "./mailboxes.rules.ts";

/** The job that turns a stored message into a ticket or a comment (modules/support/mail). */
export const INTAKE_JOB = "support.mail.intake";
const INTAKE_PRIORITY = 5;

export { REASON_TOO_LARGE, REASON_UNPARSABLE };

export interface Received {
  mailboxId: string;
  source: "imap" | "http";
  imapUid?: number | null;
  /** The whole message, or only its beginning when `tooLarge`. */
  raw: Uint8Array;
  /** The message's real size (it may exceed raw's length when too large). */
  size: number;
  tooLarge: boolean;
}

export interface Stored {
  id: string;
  /** The Message-ID was stored before: nothing new. */
  duplicate: boolean;
  state: "queued" | "failed";
}

/**
 * Queues the intake of a stored message (a retry uses a fresh key: keys are used once). Ahead of
 * ordinary background work: a customer waits for the ticket (and its "opened" answer).
 */
export async function queueIntake(actor: SystemActor, id: string, attempt = 0) {
  await enqueue(actor.sql, INTAKE_JOB, {
    payload: { id },
    priority: INTAKE_PRIORITY,
    dedupeKey: attempt ? `mail-intake:${id}:${attempt}` : `mail-intake:${id}`,
  });
}

/** Stores one message in the actor's (tenant-scoped) transaction. */
export async function storeMessage(actor: SystemActor, m: Received): Promise<Stored> {
  const head = await summarize(m.raw);
  const failed = m.tooLarge ? REASON_TOO_LARGE : head.parsable ? null : REASON_UNPARSABLE;
  const id = uuidv7();
  const inserted = await insertMessage(actor.sql, {
    id,
    mailboxId: m.mailboxId,
    messageId: head.messageId,
    source: m.source,
    imapUid: m.imapUid ?? null,
    size: m.size,
    fromAddress: head.fromAddress,
    subject: head.subject,
    // A refused message keeps its headers only; an unparsable one is kept whole for a look.
    raw: m.tooLarge ? null : m.raw,
    state: failed ? "failed" : "queued",
    reason: failed,
  });
  if (!inserted) {
    const seen = await messageByMessageId(actor.sql, m.mailboxId, head.messageId);
    return { id: seen.id, duplicate: true, state: failed ? "failed" : "queued" };
  }
  if (!failed) await queueIntake(actor, id);
  return { id, duplicate: false, state: failed ? "failed" : "queued" };
}

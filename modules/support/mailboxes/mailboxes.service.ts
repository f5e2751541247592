/**
 * Support mailboxes: list, read and write them, their inbound token (shown once, stored as its
 * SHA-256), the IMAP password (sealed, never returned), their stored messages, the failed list
 * and its retry. Every change is one activity line, without secrets.
 */
import { uuidv7 } from "uuidv7";
import type { Actor } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { decodeCursor, toPage } from "../../../shared/http/paging.ts";
import { randomToken, sha256Hex } from "../../../shared/crypto/bytes.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import type { Page } from "../common/crud.service.ts";
import * as repo from "./mailboxes.repo.ts";
import type { MailboxRow } from "./mailboxes.repo.ts";
import type {
  InboundMessage,
  Mailbox,
  MailboxInput,
  MailboxUpdate,
  MessageState,
} from "./mailboxes.schemas.ts";
import { sealPassword } from "./mailboxes.crypto.lib.ts";
import { queueIntake } from "./mailboxes.store.service.ts";
import { inboundPath } from "./mailboxes.rules.ts";
import { enqueue } from "../../../shared/jobs/queue.ts";
import { accountOf, type Scoped, testAccount } from "./mailboxes.imap.service.ts";
import { POLL_JOB } from "./mailboxes.job.service.ts";
import { afterCommit } from "../../../shared/db/scope.ts";
import { wakeMailboxWatchers } from "./mailboxes.watch.service.ts";

/**
 * This instance's IMAP watcher looks at the mailboxes again once the change is committed (a
 * page's write runs in a savepoint, which cannot say when: then a moment later).
 */
function wakeAfterCommit(actor: Actor) {
  try {
    afterCommit(actor.sql, wakeMailboxWatchers);
  } catch {
    setTimeout(wakeMailboxWatchers, 1000);
  }
}

/** The API's view of a row: no password, no token hash. */
export function toMailbox(r: MailboxRow): Mailbox {
  return {
    id: r.id,
    name: r.name,
    address: r.address,
    enabled: r.enabled,
    imapHost: r.imapHost,
    imapPort: r.imapPort,
    imapTls: r.imapTls,
    imapUser: r.imapUser,
    imapFolder: r.imapFolder,
    hasPassword: r.imapPasswordCiphertext !== null,
    hasInboundToken: r.inboundTokenHash !== null,
    inboundPath: inboundPath(r.id),
    teamId: r.teamId,
    maxMessageBytes: r.maxMessageBytes,
    lastCheckedAt: r.lastCheckedAt,
    lastError: r.lastError,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

/** What the activity log keeps of a mailbox (no secrets, no timestamps of checks). */
const audited = (m: Mailbox) => {
  const { lastCheckedAt: _c, lastError: _e, inboundPath: _p, ...rest } = m;
  return rest;
};

async function loadRow(actor: Actor, id: string, lock = false) {
  const row = await repo.getMailbox(actor.sql, id, lock);
  if (!row) throw problems.notFound("No such mailbox.");
  return row;
}

export async function listMailboxes(
  actor: Actor,
  input: { limit: number; cursor?: string; q?: string },
): Promise<Page<Mailbox>> {
  const after = decodeCursor(input.cursor, ["text", "uuid"]) as [string, string] | null;
  const rows = await repo.listMailboxes(actor.sql, { limit: input.limit, after, q: input.q });
  const page = toPage(rows, input.limit, (r) => [r.sortKey, r.id]);
  return { items: page.items.map(toMailbox), nextCursor: page.nextCursor };
}

export const getMailbox = async (actor: Actor, id: string) => toMailbox(await loadRow(actor, id));

async function checkTeam(actor: Actor, teamId: string | null | undefined) {
  if (teamId && !(await repo.teamExists(actor.sql, teamId))) {
    throw problems.validation([{ path: "teamId", message: "No such team" }]);
  }
}

/** IMAP needs a host, a user and a password together (or none of them). */
function checkImap(m: { imapHost: string | null; imapUser: string | null; hasPassword: boolean }) {
  const given = [m.imapHost, m.imapUser].filter(Boolean).length + (m.hasPassword ? 1 : 0);
  if (given > 0 && given < 3) {
    throw problems.validation([
      ...(!m.imapHost ? [{ path: "imapHost", message: "Give the IMAP server" }] : []),
      ...(!m.imapUser ? [{ path: "imapUser", message: "Give the IMAP user" }] : []),
      ...(!m.hasPassword ? [{ path: "imapPassword", message: "Give the IMAP password" }] : []),
    ], "IMAP needs a server, a user and a password.");
  }
}

async function sealedColumns(actor: Actor, id: string, password: string | null) {
  if (password === null) {
    return { imapPasswordCiphertext: null, imapPasswordNonce: null, imapPasswordKeyId: null };
  }
  const sealed = await sealPassword(actor.session.tenantId, id, password);
  return {
    imapPasswordCiphertext: sealed.ciphertext,
    imapPasswordNonce: sealed.nonce,
    imapPasswordKeyId: sealed.keyId,
  };
}

/** A unique address per workspace: said as a conflict on the field. */
function addressTaken(err: unknown): never {
  if ((err as { code?: string })?.code === "23505") {
    throw problems.conflict("Another mailbox already has this address.");
  }
  throw err;
}

/** Creates a mailbox with its inbound token, which the answer shows this once. */
export async function createMailbox(actor: Actor, input: MailboxInput) {
  const { imapPassword, ...rest } = input;
  const id = uuidv7();
  checkImap({
    ...rest,
    imapHost: rest.imapHost ?? null,
    imapUser: rest.imapUser ?? null,
    hasPassword: !!imapPassword,
  });
  await checkTeam(actor, rest.teamId);
  const token = randomToken();
  const row = await repo.insertMailbox(actor.sql, id, {
    ...rest,
    imapHost: rest.imapHost ?? null,
    imapPort: rest.imapPort ?? null,
    imapUser: rest.imapUser ?? null,
    teamId: rest.teamId ?? null,
    ...(await sealedColumns(actor, id, imapPassword ?? null)),
    inboundTokenHash: await sha256Hex(token),
  }).catch(addressTaken);
  const mailbox = toMailbox(row);
  await recordActivity({ sql: actor.sql }, {
    module: "support",
    entityType: "mailbox",
    entityId: id,
    action: "created",
    summary: `Created mailbox ${mailbox.name}`,
    after: audited(mailbox),
  });
  if (mailbox.imapHost) wakeAfterCommit(actor);
  return { ...mailbox, inboundToken: token };
}

export async function updateMailbox(
  actor: Actor,
  { id, patch }: { id: string; patch: MailboxUpdate },
) {
  const before = await loadRow(actor, id, true);
  const { imapPassword, ...rest } = patch;
  const next = { ...toMailbox(before), ...rest };
  checkImap({
    imapHost: next.imapHost,
    imapUser: next.imapUser,
    hasPassword: imapPassword === undefined
      ? before.imapPasswordCiphertext !== null
      : !!imapPassword,
  });
  if (rest.teamId !== undefined) await checkTeam(actor, rest.teamId);
  const data: Record<string, unknown> = Object.fromEntries(
    Object.entries(rest).filter(([, v]) => v !== undefined),
  );
  if (imapPassword !== undefined) Object.assign(data, await sealedColumns(actor, id, imapPassword));
  // Another server or folder: its UIDs mean nothing here, start over from its unread mail.
  if (
    (rest.imapHost !== undefined && rest.imapHost !== before.imapHost) ||
    (rest.imapUser !== undefined && rest.imapUser !== before.imapUser) ||
    (rest.imapFolder !== undefined && rest.imapFolder !== before.imapFolder)
  ) Object.assign(data, { imapUidValidity: null, imapLastUid: 0 });
  if (Object.keys(data).length) data.lastError = null;
  const after = Object.keys(data).length
    ? toMailbox(await repo.updateMailbox(actor.sql, id, data).catch(addressTaken))
    : toMailbox(before);
  wakeAfterCommit(actor);
  await recordActivity({ sql: actor.sql }, {
    module: "support",
    entityType: "mailbox",
    entityId: id,
    action: "updated",
    summary: `Updated mailbox ${after.name}` +
      (imapPassword !== undefined ? " (IMAP password changed)" : ""),
    before: audited(toMailbox(before)),
    after: audited(after),
  });
  return after;
}

export async function deleteMailbox(actor: Actor, id: string) {
  const before = toMailbox(await loadRow(actor, id, true));
  await repo.deleteMailbox(actor.sql, id);
  await recordActivity({ sql: actor.sql }, {
    module: "support",
    entityType: "mailbox",
    entityId: id,
    action: "deleted",
    summary: `Deleted mailbox ${before.name}`,
    before: audited(before),
  });
  return { id, deleted: true as const };
}

/** A new inbound token: the answer shows it this once; the old one stops working at once. */
export async function rotateInboundToken(actor: Actor, id: string) {
  const row = await loadRow(actor, id, true);
  const token = randomToken();
  await repo.updateMailbox(actor.sql, id, { inboundTokenHash: await sha256Hex(token) });
  await recordActivity({ sql: actor.sql }, {
    module: "support",
    entityType: "mailbox",
    entityId: id,
    action: "updated",
    summary: `New inbound token for mailbox ${row.name}`,
  });
  return { inboundToken: token, inboundPath: inboundPath(id) };
}

// ---- Messages ----

export async function listMessages(
  actor: Actor,
  input: { id: string; state?: MessageState; limit: number; cursor?: string },
): Promise<Page<InboundMessage>> {
  await loadRow(actor, input.id);
  const after = decodeCursor(input.cursor, ["timestamp", "uuid"]) as [string, string] | null;
  const rows = await repo.listMessages(actor.sql, {
    mailboxId: input.id,
    state: input.state,
    limit: input.limit,
    after,
  });
  return toPage(rows, input.limit, (r) => [new Date(r.receivedAt).toISOString(), r.id]);
}

export async function messageCounts(actor: Actor, id: string) {
  await loadRow(actor, id);
  return await repo.countByState(actor.sql, id);
}

async function loadMessage(actor: Actor, mailboxId: string, id: string, lock = false) {
  await loadRow(actor, mailboxId);
  const row = await repo.getMessage(actor.sql, mailboxId, id, lock);
  if (!row) throw problems.notFound("No such message.");
  return row;
}

export const getMessage = (actor: Actor, mailboxId: string, id: string) =>
  loadMessage(actor, mailboxId, id);

/**
 * A failed message back to the queue and into the intake again. One refused as too large was
 * not kept: from IMAP it is fetched again (it stayed there) once the limit allows it; from
 * the endpoint the sender must send it again (422).
 */
export async function retryMessage(actor: Actor, input: { id: string; messageId: string }) {
  const msg = await loadMessage(actor, input.id, input.messageId, true);
  if (msg.state !== "failed") {
    throw problems.unprocessable("Only a failed message can be retried.");
  }
  if (!msg.hasRaw) {
    const uid = await repo.messageImapUid(actor.sql, msg.id);
    if (msg.source !== "imap" || uid === null) {
      throw problems.unprocessable(
        "This message was refused as too large and not kept; the sender must send it again.",
      );
    }
    await repo.forgetMessage(actor.sql, msg.id);
    await repo.rewindImapCursor(actor.sql, input.id, uid);
    await recordRetry(actor, msg.id, msg.subject);
    return { ...msg, state: "queued" as const, reason: null };
  }
  const { attempts } = await repo.requeueMessage(actor.sql, msg.id);
  await queueIntake(actor, msg.id, attempts);
  await recordRetry(actor, msg.id, msg.subject);
  return { ...msg, state: "queued" as const, reason: null, attempts, processedAt: null };
}

async function recordRetry(actor: Actor, id: string, subject: string | null) {
  await recordActivity({ sql: actor.sql }, {
    module: "support",
    entityType: "mailbox-message",
    entityId: id,
    action: "retried",
    summary: `Retried inbound message ${subject ?? ""}`.trim(),
  });
}

/** A stored message's original bytes (null: refused as too large, only headers were kept). */
export async function messageRaw(actor: Actor, input: { id: string; messageId: string }) {
  await loadMessage(actor, input.id, input.messageId);
  const row = await repo.messageRaw(actor.sql, input.id, input.messageId);
  if (!row?.raw) throw problems.notFound("This message was not kept whole (too large).");
  return row.raw;
}

/**
 * Tests the saved IMAP settings. Runs outside the request's transaction (the server may take
 * seconds to answer): `scope` opens the short ones it needs.
 */
export async function testMailbox(
  scope: Scoped,
  session: { tenantId: string },
  id: string,
) {
  const row = await scope((sql) => repo.getMailbox(sql, id));
  if (!row) throw problems.notFound("No such mailbox.");
  const account = await accountOf(session.tenantId, row);
  if (typeof account === "string") throw problems.unprocessable(account);
  const result = await testAccount(account);
  await scope((sql) => repo.recordCheck(sql, id, result.error));
  return result;
}

/** Queues a pass over the mailbox's IMAP folder now. */
export async function checkMailbox(actor: Actor, id: string) {
  const row = await loadRow(actor, id);
  if (!row.imapHost) throw problems.unprocessable("IMAP is not set up for this mailbox.");
  await enqueue(actor.sql, POLL_JOB, { payload: { mailboxId: id }, maxAttempts: 1 });
  return { queued: true as const };
}

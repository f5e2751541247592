/**
 * Mailboxes and their stored inbound messages: SQL only, through a tenant-scoped transaction
 * (RLS), except the two definer lookups that find a tenant before any session exists.
 */
import type { Sql } from "../../../shared/db/database.ts";
import { foldedContains } from "../../../shared/text/fold.ts";
import type { MessageState } from "./mailboxes.schemas.ts";

/** A mailbox row as stored, the sealed password's parts included (never sent out as is). */
export interface MailboxRow {
  id: string;
  name: string;
  address: string;
  enabled: boolean;
  imapHost: string | null;
  imapPort: number | null;
  imapTls: boolean;
  imapUser: string | null;
  imapPasswordCiphertext: Uint8Array | null;
  imapPasswordNonce: Uint8Array | null;
  imapPasswordKeyId: string | null;
  imapFolder: string;
  imapUidValidity: string | null;
  imapLastUid: string;
  inboundTokenHash: string | null;
  teamId: string | null;
  maxMessageBytes: number;
  lastCheckedAt: string | null;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
}

const MAILBOX_COLUMNS = [
  "id",
  "name",
  "address",
  "enabled",
  "imapHost",
  "imapPort",
  "imapTls",
  "imapUser",
  "imapPasswordCiphertext",
  "imapPasswordNonce",
  "imapPasswordKeyId",
  "imapFolder",
  "imapUidValidity",
  "imapLastUid",
  "inboundTokenHash",
  "teamId",
  "maxMessageBytes",
  "lastCheckedAt",
  "lastError",
  "createdAt",
  "updatedAt",
];

export async function listMailboxes(
  sql: Sql,
  opts: { limit: number; after: [string, string] | null; q?: string },
): Promise<(MailboxRow & { sortKey: string })[]> {
  const pattern = opts.q ? foldedContains(opts.q) : null;
  return await sql<(MailboxRow & { sortKey: string })[]>`
    select ${sql(MAILBOX_COLUMNS)}, lower(name) as sort_key from support_mailboxes
    where true
      ${
    pattern
      ? sql`and (platform_fold(name) like ${pattern} or platform_fold(address) like ${pattern})`
      : sql``
  }
      ${opts.after ? sql`and (lower(name), id) > (${opts.after[0]}, ${opts.after[1]})` : sql``}
    order by lower(name), id limit ${opts.limit + 1}`;
}

export async function getMailbox(sql: Sql, id: string, lock = false) {
  const [row] = await sql<MailboxRow[]>`
    select ${sql(MAILBOX_COLUMNS)} from support_mailboxes where id = ${id}
    ${lock ? sql`for update` : sql``}`;
  return row;
}

export async function insertMailbox(sql: Sql, id: string, data: Record<string, unknown>) {
  const [row] = await sql<MailboxRow[]>`
    insert into support_mailboxes ${sql({ id, ...data })} returning ${sql(MAILBOX_COLUMNS)}`;
  return row;
}

export async function updateMailbox(sql: Sql, id: string, data: Record<string, unknown>) {
  const [row] = await sql<MailboxRow[]>`
    update support_mailboxes set ${sql({ ...data, updatedAt: sql`now()` } as never)}
    where id = ${id} returning ${sql(MAILBOX_COLUMNS)}`;
  return row;
}

export async function deleteMailbox(sql: Sql, id: string) {
  await sql`delete from support_mailboxes where id = ${id}`;
}

export async function teamExists(sql: Sql, teamId: string): Promise<boolean> {
  const [row] = await sql`select 1 from support_teams where id = ${teamId}`;
  return !!row;
}

/** Records the outcome of a check of the mailbox (null: it worked). */
export async function recordCheck(sql: Sql, id: string, error: string | null) {
  await sql`update support_mailboxes set last_checked_at = now(), last_error = ${error}
            where id = ${id}`;
}

/**
 * Takes (or keeps) the mailbox's IMAP lease for `holder` for `seconds`: true when this holder
 * has it now (it was free, expired or already this holder's).
 */
export async function takeLease(sql: Sql, id: string, holder: string, seconds: number) {
  const rows = await sql`
    update support_mailboxes
    set imap_lease_holder = ${holder}, imap_lease_until = now() + make_interval(secs => ${seconds})
    where id = ${id} and enabled and imap_host is not null
      and (imap_lease_holder is null or imap_lease_holder = ${holder}
           or imap_lease_until < now())
    returning id`;
  return rows.length > 0;
}

export async function releaseLease(sql: Sql, id: string, holder: string) {
  await sql`update support_mailboxes set imap_lease_holder = null, imap_lease_until = null
            where id = ${id} and imap_lease_holder = ${holder}`;
}

/** Moves the mailbox's IMAP cursor on (never back, within one UIDVALIDITY). */
export async function saveImapCursor(sql: Sql, id: string, uidValidity: string, lastUid: number) {
  await sql`
    update support_mailboxes
    set imap_last_uid = case when imap_uid_validity = ${uidValidity}::bigint
                             then greatest(imap_last_uid, ${lastUid}) else ${lastUid} end,
        imap_uid_validity = ${uidValidity}::bigint
    where id = ${id}`;
}

/** The mailbox the inbound endpoint names, with whether the token's hash is its own. */
export async function inboundMailbox(sql: Sql, mailboxId: string, hash: string) {
  const [row] = await sql<{ tenantId: string; tokenOk: boolean; enabled: boolean }[]>`
    select tenant_id, token_ok, enabled from support_mailbox_inbound(${mailboxId}, ${hash})`;
  return row;
}

/** Every enabled IMAP mailbox of an active workspace (the worker role, across tenants). */
export async function imapMailboxes(sql: Sql) {
  return await sql<{ tenantId: string; id: string }[]>`
    select tenant_id, id from support_imap_mailboxes()`;
}

export async function imapTenants(sql: Sql): Promise<string[]> {
  const rows = await sql<{ t: string }[]>`select support_imap_tenants() as t`;
  return rows.map((r) => r.t);
}

// ---- Inbound messages ----

export interface NewMessage {
  id: string;
  mailboxId: string;
  messageId: string;
  source: "imap" | "http";
  imapUid: number | null;
  size: number;
  fromAddress: string | null;
  subject: string | null;
  raw: Uint8Array | null;
  state: "queued" | "failed";
  reason: string | null;
}

/** Stores a message once per Message-ID and mailbox: the new row's id, or null if seen. */
export async function insertMessage(sql: Sql, m: NewMessage): Promise<string | null> {
  const rows = await sql`
    insert into support_inbound_messages ${sql(m as never)}
    on conflict (tenant_id, mailbox_id, message_id) do nothing
    returning id`;
  return rows.length ? rows[0].id as string : null;
}

export async function messageByMessageId(sql: Sql, mailboxId: string, messageId: string) {
  const [row] = await sql<{ id: string }[]>`
    select id from support_inbound_messages
    where mailbox_id = ${mailboxId} and message_id = ${messageId}`;
  return row;
}

const MESSAGE_COLUMNS = [
  "id",
  "mailboxId",
  "messageId",
  "source",
  "receivedAt",
  "size",
  "fromAddress",
  "subject",
  "state",
  "reason",
  "attempts",
  "ticketId",
  "commentId",
  "processedAt",
];

export interface MessageRow {
  id: string;
  mailboxId: string;
  messageId: string;
  source: "imap" | "http";
  receivedAt: string;
  size: number;
  fromAddress: string | null;
  subject: string | null;
  hasRaw: boolean;
  state: MessageState;
  reason: string | null;
  attempts: number;
  ticketId: string | null;
  commentId: string | null;
  processedAt: string | null;
}

/** A mailbox's messages, newest first, optionally of one state. */
export async function listMessages(
  sql: Sql,
  opts: {
    mailboxId: string;
    state?: MessageState;
    limit: number;
    after: [string, string] | null;
  },
): Promise<MessageRow[]> {
  return await sql<MessageRow[]>`
    select ${sql(MESSAGE_COLUMNS)}, raw is not null as has_raw from support_inbound_messages
    where mailbox_id = ${opts.mailboxId}
      ${opts.state ? sql`and state = ${opts.state}` : sql``}
      ${
    opts.after
      ? sql`and (received_at, id) < (${opts.after[0]}::timestamptz, ${opts.after[1]}::uuid)`
      : sql``
  }
    order by received_at desc, id desc limit ${opts.limit + 1}`;
}

/** Counts of a mailbox's messages by state. */
export async function countByState(sql: Sql, mailboxId: string) {
  const rows = await sql<{ state: MessageState; n: number }[]>`
    select state, count(*)::int as n from support_inbound_messages
    where mailbox_id = ${mailboxId} group by state`;
  return Object.fromEntries(rows.map((r) => [r.state, r.n])) as Partial<
    Record<MessageState, number>
  >;
}

export async function getMessage(sql: Sql, mailboxId: string, id: string, lock = false) {
  const [row] = await sql<MessageRow[]>`
    select ${sql(MESSAGE_COLUMNS)}, raw is not null as has_raw from support_inbound_messages
    where mailbox_id = ${mailboxId} and id = ${id} ${lock ? sql`for update` : sql``}`;
  return row;
}

export async function messageRaw(sql: Sql, mailboxId: string, id: string) {
  const [row] = await sql<{ raw: Uint8Array | null }[]>`
    select raw from support_inbound_messages where mailbox_id = ${mailboxId} and id = ${id}`;
  return row;
}

/** A failed message back in the queue; counts the attempt. */
export async function requeueMessage(sql: Sql, id: string) {
  const [row] = await sql<{ attempts: number }[]>`
    update support_inbound_messages
    set state = 'queued', reason = null, attempts = attempts + 1, processed_at = null
    where id = ${id} and state = 'failed' returning attempts`;
  return row;
}

/** Drops a message that was refused whole, so that the mailbox can fetch it again. */
export async function forgetMessage(sql: Sql, id: string) {
  await sql`delete from support_inbound_messages where id = ${id}`;
}

/** Lets the IMAP sweep fetch from `uid` on again (a refused message under a raised limit). */
export async function rewindImapCursor(sql: Sql, id: string, uid: number) {
  await sql`update support_mailboxes set imap_last_uid = least(imap_last_uid, ${uid - 1})
            where id = ${id}`;
}

export async function messageImapUid(sql: Sql, id: string): Promise<number | null> {
  const [row] = await sql<{ imapUid: string | null }[]>`
    select imap_uid from support_inbound_messages where id = ${id}`;
  return row?.imapUid ? Number(row.imapUid) : null;
}

/** The intake gave up on a message: it joins the failed list (unless it got further). */
export async function markIntakeFailed(sql: Sql, id: string, reason: string) {
  await sql`update support_inbound_messages set state = 'failed', reason = ${reason.slice(0, 1000)}
            where id = ${id} and state = 'queued'`;
}

/** The tenant's enabled IMAP mailboxes that no live watcher holds. */
export async function unwatchedImapMailboxes(sql: Sql): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`
    select id from support_mailboxes
    where enabled and imap_host is not null
      and (imap_lease_until is null or imap_lease_until < now())
    order by id`;
  return rows.map((r) => r.id);
}

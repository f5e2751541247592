import type { Sql } from "../../../shared/db/database.ts";
import { rowOf, rowsOf } from "../../../shared/db/rows.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const US = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;

export interface InboundRow {
  id: string;
  mailboxId: string;
  messageId: string;
  source: "imap" | "http";
  receivedAt: string;
  size: number;
  fromAddress: string | null;
  subject: string | null;
  raw: Uint8Array | null;
  state: "queued" | "processed" | "ignored" | "failed";
  reason: string | null;
  ticketId: string | null;
  commentId: string | null;
  processedAt: string | null;
}

const INBOUND = (sql: Sql) =>
  sql`id, mailbox_id, message_id, source,
    to_char(received_at at time zone 'UTC', ${sql.unsafe(US)}) as received_at, size,
    from_address, subject, raw, state, reason, ticket_id, comment_id,
    to_char(processed_at at time zone 'UTC', ${sql.unsafe(US)}) as processed_at`;

/** One stored message, locked for its intake (a second run waits, then sees it done). */
export async function lockInbound(sql: Sql, id: string): Promise<InboundRow | undefined> {
  if (!UUID.test(id)) return undefined;
  return await rowOf<InboundRow>(sql`
    select ${INBOUND(sql)} from support_inbound_messages where id = ${id} for update`);
}

export async function findInbound(sql: Sql, id: string): Promise<InboundRow | undefined> {
  if (!UUID.test(id)) return undefined;
  return await rowOf<InboundRow>(sql`
    select ${INBOUND(sql)} from support_inbound_messages where id = ${id}`);
}

export async function finishInbound(
  sql: Sql,
  id: string,
  o: { state: string; reason: string | null; ticketId: string | null; commentId: string | null },
) {
  await sql`update support_inbound_messages set state = ${o.state}, reason = ${o.reason},
    ticket_id = ${o.ticketId}, comment_id = ${o.commentId}, processed_at = now()
    where id = ${id}`;
}

export interface MailboxFacts {
  id: string;
  name: string;
  address: string;
  teamId: string | null;
}

export async function mailboxFacts(sql: Sql, id: string) {
  return await rowOf<MailboxFacts>(sql`
    select id, name, address, team_id from support_mailboxes where id = ${id}`);
}

export async function currentTenant(sql: Sql): Promise<string> {
  const [r] = await sql<{ id: string }[]>`select current_setting('app.tenant_id', true) as id`;
  return r.id;
}

/** Whether a Message-ID is one we sent: a ticket reply's, or a platform e-mail's (outbox id). */
export async function isOurMessage(sql: Sql, messageId: string, outboxId: string | null) {
  const [r] = await sql<{ ours: boolean }[]>`select
    exists (select 1 from support_mail_ids where message_id = ${messageId} and direction = 'out')
    or (${outboxId}::uuid is not null
        and exists (select 1 from mail_outbox where id = ${outboxId}::uuid)) as ours`;
  return r.ours;
}

/**
 * Waits for, then holds until commit, a lock on `key` in the tenant (e.g. a Message-ID or a
 * sender address): intake of the same mail through two mailboxes at once must decide one
 * after the other, or both would see "not received yet" and open two tickets.
 */
export async function lockIntakeKey(sql: Sql, key: string) {
  await sql`select pg_advisory_xact_lock(hashtextextended(
    'support-mail:' || coalesce(current_setting('app.tenant_id', true), '') || ':' || ${key},
    0))`;
}

/** The ticket a received Message-ID is already on (the same mail through another mailbox). */
export async function ticketOfReceived(sql: Sql, messageId: string) {
  const r = await rowOf<{ ticketId: string; commentId: string | null }>(sql`
    select ticket_id, comment_id from support_mail_ids
    where message_id = ${messageId} and direction = 'in'`);
  return r ?? null;
}

export async function isMailboxAddress(sql: Sql, address: string) {
  const [r] = await sql<{ found: boolean }[]>`select exists (
    select 1 from support_mailboxes where lower(address) = lower(${address})) as found`;
  return r.found;
}

/** Messages from one sender into one mailbox in the minutes up to this one's arrival. */
export async function countFromSender(
  sql: Sql,
  o: { mailboxId: string; address: string; until: string; minutes: number },
) {
  const [r] = await sql<{ n: number }[]>`
    select count(*)::int as n from support_inbound_messages
    where mailbox_id = ${o.mailboxId} and lower(from_address) = lower(${o.address})
      and received_at > ${o.until}::timestamptz - make_interval(mins => ${o.minutes})
      and received_at <= ${o.until}::timestamptz`;
  return r.n;
}

export interface ThreadTicket {
  id: string;
  number: string;
  status: string;
  customerId: string;
  contactId: string | null;
  companyId: string | null;
  /** A merged ticket (closed) points at the ticket that took its conversation. */
  mergedIntoId: string | null;
}

const TICKET = (sql: Sql) =>
  sql`t.id, t.number, t.status, t.customer_id, t.contact_id, t.company_id, t.merged_into_id`;

/** The tickets of known Message-IDs, with each id's direction (the caller keeps the order). */
export async function ticketsByMailIds(sql: Sql, ids: string[]) {
  if (!ids.length) return [];
  return await rowsOf<ThreadTicket & { messageId: string; direction: "in" | "out" }>(sql`
    select m.message_id, m.direction, ${TICKET(sql)}
    from support_mail_ids m join support_tickets t on t.id = m.ticket_id
    where m.message_id = any(${ids}::text[])`);
}

export async function ticketById(sql: Sql, id: string) {
  return await rowOf<ThreadTicket>(
    sql`select ${TICKET(sql)} from support_tickets t where t.id = ${id}`,
  );
}

export async function ticketByNumber(sql: Sql, number: string) {
  return await rowOf<ThreadTicket>(sql`
    select ${TICKET(sql)} from support_tickets t where t.number = ${number}`);
}

/**
 * Every address a ticket knows: its customer's, its contact's and its customer's contact's
 * e-mail, and everyone on its e-mails (support_mail_ids.addresses, e-mail comments' sender
 * and CC list).
 */
export async function knownAddresses(sql: Sql, ticketId: string): Promise<string[]> {
  const rows = await sql<{ a: string | null }[]>`
    select cu.email as a from support_tickets t
      join support_customers cu on cu.id = t.customer_id where t.id = ${ticketId}
    union select co.email from support_tickets t
      join support_contacts co on co.id = t.contact_id where t.id = ${ticketId}
    union select co.email from support_tickets t
      join support_customers cu on cu.id = t.customer_id
      join support_contacts co on co.id = cu.contact_id where t.id = ${ticketId}
    union select unnest(addresses) from support_mail_ids where ticket_id = ${ticketId}
    union select from_address from support_comments where ticket_id = ${ticketId}
    union select unnest(cc) from support_comments where ticket_id = ${ticketId}`;
  return rows.map((r) => r.a).filter((a): a is string => !!a);
}

export async function recordMailId(
  sql: Sql,
  m: {
    messageId: string;
    ticketId: string;
    commentId: string | null;
    direction: "in" | "out";
    addresses: string[];
  },
) {
  await sql`insert into support_mail_ids ${sql(m)} on conflict (tenant_id, message_id) do nothing`;
}

/** The customer to file a sender's mail under: by the customer's e-mail, oldest first. */
export async function customerByEmail(sql: Sql, email: string) {
  return await rowOf<{ id: string }>(sql`
    select id from support_customers where lower(email) = lower(${email})
    order by created_at, id limit 1`);
}

/** A contact with this e-mail, and the oldest customer that names it (if any). */
export async function contactByEmail(sql: Sql, email: string) {
  return await rowOf<
    { id: string; name: string; companyId: string | null; customerId: string | null }
  >(sql`
    select co.id, co.name, co.company_id,
      (select cu.id from support_customers cu where cu.contact_id = co.id
       order by cu.created_at, cu.id limit 1) as customer_id
    from support_contacts co where lower(co.email) = lower(${email})
    order by co.created_at, co.id limit 1`);
}

/** What the original-message page shows beside the message itself. */
export async function inboundContext(sql: Sql, id: string) {
  return await rowOf<{
    mailboxName: string | null;
    mailboxAddress: string | null;
    ticketId: string | null;
    ticketNumber: string | null;
    ticketSubject: string | null;
  }>(sql`
    select mb.name as mailbox_name, mb.address as mailbox_address, t.id as ticket_id,
      t.number as ticket_number, t.subject as ticket_subject
    from support_inbound_messages m
      left join support_mailboxes mb on mb.id = m.mailbox_id
      left join support_tickets t on t.id = m.ticket_id
    where m.id = ${id}`);
}

/** The received message a ticket was opened from (its first processed one with no comment). */
export async function openingMessageId(sql: Sql, ticketId: string): Promise<string | null> {
  const r = await rowOf<{ id: string }>(sql`
    select id from support_inbound_messages
    where ticket_id = ${ticketId} and comment_id is null and state = 'processed'
    order by received_at, id limit 1`);
  return r?.id ?? null;
}

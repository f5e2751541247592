import type { Sql } from "../../../shared/db/database.ts";

/**
 * The mailbox a reply goes out through: the one the ticket came in by, else the tenant's
 * first enabled mailbox; undefined when the tenant has none.
 */
export async function replyMailbox(
  sql: Sql,
  ticketId: string,
): Promise<{ address: string; name: string } | undefined> {
  const [row] = await sql<{ address: string; name: string }[]>`
    select address, name from (
      select m.address, m.name, 0 as rank, m.created_at, m.id
      from support_tickets t join support_mailboxes m on m.id = t.mailbox_id
      where t.id = ${ticketId} and m.enabled
      union all
      select address, name, 1, created_at, id from support_mailboxes where enabled
    ) candidates order by rank, created_at, id limit 1`;
  return row;
}

/** The ticket's Message-IDs so far (received and sent), oldest first. */
export async function threadIds(
  sql: Sql,
  ticketId: string,
): Promise<{ messageId: string; direction: "in" | "out" }[]> {
  return await sql<{ messageId: string; direction: "in" | "out" }[]>`
    select message_id, direction from support_mail_ids where ticket_id = ${ticketId}
    order by created_at, message_id`;
}

/** Our reply's Message-ID, so the customer's answer to it lands on the ticket. */
export async function recordSent(
  sql: Sql,
  r: { messageId: string; ticketId: string; commentId: string | null },
) {
  await sql`insert into support_mail_ids (message_id, ticket_id, comment_id, direction)
    values (${r.messageId}, ${r.ticketId}, ${r.commentId}, 'out')`;
}

/** The comment went out by e-mail: its channel, CC list and Message-ID. */
export async function markEmailed(
  sql: Sql,
  commentId: string,
  r: { cc: string[]; messageId: string },
) {
  await sql`update support_comments set channel = 'email', cc = ${r.cc}::text[],
    message_id = ${r.messageId} where id = ${commentId}`;
}

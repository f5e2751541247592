import type { Sql } from "../../../shared/db/database.ts";

/** Moves a ticket's comments to another, keeping their ids and times. */
export async function moveComments(sql: Sql, from: string, to: string): Promise<number> {
  const moved = await sql`update support_comments set ticket_id = ${to} where ticket_id = ${from}`;
  // The e-mails those comments came from follow them (their original view finds the files
  // on the target); the mail the source was opened from stays with it, as do its files.
  await sql`update support_inbound_messages set ticket_id = ${to}
    where ticket_id = ${from} and comment_id is not null`;
  return moved.count;
}

/** Message-IDs of the source's mail thread now lead to the target (replies land there). */
export async function moveMailIds(sql: Sql, from: string, to: string) {
  await sql`update support_mail_ids set ticket_id = ${to} where ticket_id = ${from}`;
}

/**
 * Closes the merged ticket and points it at the target. A running pause must be ended before
 * (waiting.service `endPauseBeforeClose`: it also moves the clocks on by the paused time).
 */
export async function closeMerged(sql: Sql, id: string, into: string) {
  await sql`update support_tickets set status = 'kapandi', merged_into_id = ${into},
      closed_at = now(), resolved_at = coalesce(resolved_at, now()),
      pending_reason = null, paused_at = null, updated_at = now()
    where id = ${id}`;
}

/** Whom a merged ticket points at (id and number), for its page's link. */
export async function mergedInto(sql: Sql, id: string) {
  const [row] = await sql<{ id: string; number: string }[]>`
    select t.id, t.number from support_tickets s join support_tickets t on t.id = s.merged_into_id
    where s.id = ${id}`;
  return row ?? null;
}

/** A ticket's id by its number (the merge dialog asks for a number; case does not matter). */
export async function ticketIdByNumber(sql: Sql, number: string) {
  const [row] = await sql<{ id: string }[]>`
    select id from support_tickets where lower(number) = lower(${number}) limit 1`;
  return row?.id ?? null;
}

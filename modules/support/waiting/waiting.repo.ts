import type { Sql } from "../../../shared/db/database.ts";

export async function insertPause(
  sql: Sql,
  p: { id: string; ticketId: string; reason: string; startedAt: Date },
) {
  await sql`insert into support_ticket_pauses (id, ticket_id, reason, started_at)
    values (${p.id}, ${p.ticketId}, ${p.reason}, ${p.startedAt})`;
}

export async function changePauseReason(sql: Sql, ticketId: string, reason: string) {
  await sql`update support_ticket_pauses set reason = ${reason}
    where ticket_id = ${ticketId} and ended_at is null`;
}

export async function endPause(
  sql: Sql,
  ticketId: string,
  endedAt: Date,
  businessMinutes: number,
) {
  await sql`update support_ticket_pauses
    set ended_at = greatest(${endedAt}::timestamptz, started_at),
      business_minutes = ${businessMinutes}
    where ticket_id = ${ticketId} and ended_at is null`;
}

/** A ticket's finished pauses, oldest first. */
export async function endedPauses(sql: Sql, ticketId: string) {
  return await sql<{ startedAt: Date; endedAt: Date }[]>`
    select started_at, ended_at from support_ticket_pauses
    where ticket_id = ${ticketId} and ended_at is not null order by started_at, id`;
}

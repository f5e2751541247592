import type { Sql } from "../../../shared/db/database.ts";
import type { TimeRow } from "./time.schemas.ts";

/** Start of a UTC day (report days are UTC days whatever the server's time zone). */
const utcDay = (sql: Sql, d: string, plus = 0) =>
  sql`((${d}::date + ${plus}::int)::timestamp at time zone 'UTC')`;

const inPeriod = (sql: Sql, from: string, to: string) =>
  sql`c.minutes is not null and c.created_at >= ${utcDay(sql, from)}
    and c.created_at < ${utcDay(sql, to, 1)}`;

/** Minutes recorded on comments in the period, per comment author (most time first). */
export async function timeByAgent(sql: Sql, from: string, to: string): Promise<TimeRow[]> {
  return await sql<TimeRow[]>`
    select c.author_id as id, md.name, sum(c.minutes)::int as minutes,
      count(distinct c.ticket_id)::int as tickets, count(*)::int as comments
    from support_comments c left join member_directory md on md.user_id = c.author_id
    where ${inPeriod(sql, from, to)}
    group by c.author_id, md.name order by minutes desc, md.name nulls last`;
}

/** The same per customer of the ticket. */
export async function timeByCustomer(sql: Sql, from: string, to: string): Promise<TimeRow[]> {
  return await sql<TimeRow[]>`
    select t.customer_id as id, cu.name, sum(c.minutes)::int as minutes,
      count(distinct c.ticket_id)::int as tickets, count(*)::int as comments
    from support_comments c
    join support_tickets t on t.id = c.ticket_id
    join support_customers cu on cu.id = t.customer_id
    where ${inPeriod(sql, from, to)}
    group by t.customer_id, cu.name order by minutes desc, cu.name`;
}

/** Tickets with time in the period (each once). */
export async function ticketsWithTime(sql: Sql, from: string, to: string): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    select count(distinct c.ticket_id)::int as n from support_comments c
    where ${inPeriod(sql, from, to)}`;
  return row.n;
}

/** A ticket's recorded time (its page shows the total). */
export async function ticketMinutes(sql: Sql, ticketId: string): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    select coalesce(sum(minutes), 0)::int as n from support_comments where ticket_id = ${ticketId}`;
  return row.n;
}

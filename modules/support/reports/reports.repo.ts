import type { Sql } from "../../../shared/db/database.ts";
import { SLA_STATE_SQL } from "../tickets/tickets.repo.ts";

type Rows = Record<string, string | number | null>[];

/** Start of a UTC day (report days are UTC days whatever the server's time zone). */
const utcDay = (sql: Sql, d: string, plus = 0) =>
  sql`((${d}::date + ${plus}::int)::timestamp at time zone 'UTC')`;

/** Open tickets now, by status and priority (in their workflow and rank order). */
export async function openByStatus(sql: Sql): Promise<Rows> {
  return await sql`
    select status, priority, count(*)::int as tickets from support_tickets
    where status in ('acik', 'islemde')
    group by status, priority
    order by array_position('{acik,islemde}'::text[], status),
      array_position('{dusuk,normal,yuksek,kritik}'::text[], priority)`;
}

/** Per day (by due date): tickets whose resolution clock was met or breached. */
export async function slaCompliance(sql: Sql, from: string, to: string): Promise<Rows> {
  return await sql`
    select to_char((resolution_due at time zone 'UTC')::date, 'YYYY-MM-DD') as day,
      count(*) filter (where resolved_at is not null and resolved_at <= resolution_due)::int as met,
      count(*) filter (where coalesce(resolved_at, paused_at, now()) > resolution_due)::int
        as breached
    from support_tickets
    where resolution_due >= ${utcDay(sql, from)} and resolution_due < ${utcDay(sql, to, 1)}
      and (resolved_at is not null or resolution_due < coalesce(paused_at, now()))
    group by 1 order by 1`;
}

/**
 * Per agent: tickets assigned, resolved, median first response and resolution (minutes). Time
 * spent waiting on the customer (support_ticket_pauses) does not count towards resolution.
 */
export async function teamPerformance(sql: Sql, from: string, to: string): Promise<Rows> {
  return await sql`
    select t.assignee_id as agent_id, d.name as agent,
      count(*)::int as assigned,
      count(*) filter (where t.resolved_at is not null)::int as resolved,
      round((percentile_cont(0.5) within group (order by
        extract(epoch from t.first_responded_at - t.created_at) / 60))::numeric, 1)::float8
        as median_first_response_minutes,
      round((percentile_cont(0.5) within group (order by
        extract(epoch from t.resolved_at - t.created_at - coalesce((
          select sum(least(coalesce(p.ended_at, t.resolved_at), t.resolved_at)
            - greatest(p.started_at, t.created_at))
          from support_ticket_pauses p
          where p.ticket_id = t.id and p.started_at < t.resolved_at), interval '0')) / 60
      ))::numeric, 1)::float8
        as median_resolution_minutes
    from support_tickets t
    join member_directory d on d.user_id = t.assignee_id
    where t.assignee_id is not null
      and t.created_at >= ${utcDay(sql, from)} and t.created_at < ${utcDay(sql, to, 1)}
    group by t.assignee_id, d.name order by assigned desc, agent`;
}

/** Tickets created and resolved per day (one pass over each index range). */
export async function volume(sql: Sql, from: string, to: string): Promise<Rows> {
  return await sql`
    with days as (
      select generate_series(${from}::date, ${to}::date, interval '1 day')::date as day
    ), c as (
      select (created_at at time zone 'UTC')::date as day, count(*)::int as n from support_tickets
      where created_at >= ${utcDay(sql, from)} and created_at < ${utcDay(sql, to, 1)} group by 1
    ), r as (
      select (resolved_at at time zone 'UTC')::date as day, count(*)::int as n from support_tickets
      where resolved_at >= ${utcDay(sql, from)} and resolved_at < ${utcDay(sql, to, 1)}
      group by 1
    )
    select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(c.n, 0) as created,
      coalesce(r.n, 0) as resolved
    from days d left join c using (day) left join r using (day) order by d.day`;
}

/** Open tickets by SLA state (dashboard). */
export async function openBySla(sql: Sql): Promise<Rows> {
  return await sql`
    select sla_state, count(*)::int as tickets from (
      select (${sql.unsafe(SLA_STATE_SQL)}) as sla_state from support_tickets
      where status in ('acik', 'islemde')
    ) s group by sla_state order by sla_state`;
}

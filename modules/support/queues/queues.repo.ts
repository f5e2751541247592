import type { Sql } from "../../../shared/db/database.ts";
import { columns, type TicketRow } from "../tickets/tickets.repo.ts";

const US = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;

export async function findTeam(sql: Sql, id: string) {
  const [row] = await sql<{ id: string; name: string }[]>`
    select id, name from support_teams where id = ${id}`;
  return row;
}

/** Every team with its open and unassigned tickets and its assignment mode (name order). */
export async function queueSummaries(sql: Sql) {
  return await sql<
    {
      teamId: string;
      name: string;
      mode: string;
      maxOpenPerAgent: number | null;
      open: number;
      unassigned: number;
    }[]
  >`
    select t.id as team_id, t.name, coalesce(a.mode, 'none') as mode, a.max_open_per_agent,
      count(k.id)::int as open, count(k.id) filter (where k.assignee_id is null)::int as unassigned
    from support_teams t
    left join support_team_assignment a on a.team_id = t.id
    left join support_tickets k on k.team_id = t.id and k.status in ('acik', 'islemde')
    group by t.id, t.name, a.mode, a.max_open_per_agent
    order by lower(t.name), t.id limit 500`;
}

export type QueueRow = TicketRow & { assignedKey: number; createdKey: string };

/** A team's open tickets: unassigned first, then oldest first (keyset on those keys). */
export async function queueTickets(
  sql: Sql,
  teamId: string,
  limit: number,
  after: (string | number)[] | null,
) {
  return await sql<QueueRow[]>`
    select ${columns(sql)}, (assignee_id is not null)::int as assigned_key,
      to_char(created_at at time zone 'UTC', ${sql.unsafe(US)}) as created_key
    from support_tickets
    where team_id = ${teamId} and status in ('acik', 'islemde')
    ${
    after
      ? sql`and (assignee_id is not null, created_at, id)
          > (${after[0] === 1}::boolean, ${after[1]}::timestamptz, ${after[2]}::uuid)`
      : sql``
  }
    order by (assignee_id is not null), created_at, id limit ${limit + 1}`;
}

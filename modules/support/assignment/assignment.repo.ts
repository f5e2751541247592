import type { Sql } from "../../../shared/db/database.ts";
import type { AssignmentMode, AssignmentSettings } from "./assignment.rules.ts";

const SETTINGS = `mode, max_open_per_agent, last_assigned_user_id`;

/** A team's settings, locked until the transaction ends (one assignment at a time per team). */
export async function lockSettings(sql: Sql, teamId: string) {
  const [row] = await sql<AssignmentSettings[]>`select ${sql.unsafe(SETTINGS)}
    from support_team_assignment where team_id = ${teamId} for update`;
  return row;
}

export async function readSettings(sql: Sql, teamId: string) {
  const [row] = await sql<AssignmentSettings[]>`select ${sql.unsafe(SETTINGS)}
    from support_team_assignment where team_id = ${teamId}`;
  return row;
}

export async function saveSettings(
  sql: Sql,
  teamId: string,
  s: { mode: AssignmentMode; maxOpenPerAgent: number | null },
) {
  await sql`insert into support_team_assignment (team_id, mode, max_open_per_agent)
    values (${teamId}, ${s.mode}, ${s.maxOpenPerAgent})
    on conflict (tenant_id, team_id) do update set mode = excluded.mode,
      max_open_per_agent = excluded.max_open_per_agent, updated_at = now()`;
}

export async function setLastAssigned(sql: Sql, teamId: string, userId: string) {
  await sql`update support_team_assignment set last_assigned_user_id = ${userId}
    where team_id = ${teamId}`;
}

/**
 * A team's members with their open tickets (in any team) and their own out-of-office flag
 * (an `until` in the past no longer counts).
 */
export async function teamLoad(sql: Sql, teamId: string) {
  return await sql<{ userId: string; open: number; outOfOffice: boolean }[]>`
    select m.user_id,
      (select count(*) from support_tickets t
        where t.assignee_id = m.user_id and t.status in ('acik', 'islemde'))::int as open,
      coalesce(s.out_of_office and (s.until is null or s.until > now()), false) as out_of_office
    from support_team_members m
    left join support_agent_status s on s.user_id = m.user_id
    where m.team_id = ${teamId} order by m.user_id`;
}

export async function agentStatus(sql: Sql, userId: string) {
  const [row] = await sql<{ outOfOffice: boolean; until: Date | null }[]>`
    select out_of_office, until from support_agent_status where user_id = ${userId}`;
  return row;
}

export async function saveAgentStatus(
  sql: Sql,
  userId: string,
  s: { outOfOffice: boolean; until: string | null },
) {
  await sql`insert into support_agent_status (user_id, out_of_office, until)
    values (${userId}, ${s.outOfOffice}, ${s.until})
    on conflict (tenant_id, user_id) do update set out_of_office = excluded.out_of_office,
      until = excluded.until, updated_at = now()`;
}

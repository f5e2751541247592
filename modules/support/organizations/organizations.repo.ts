import type { Sql } from "../../../shared/db/database.ts";
import { tableRepo } from "../common/table.repo.ts";
import type { Department, Team } from "./organizations.schemas.ts";

export const departmentsRepo = tableRepo<Department>({
  table: "support_departments",
  columns: ["name", "description"],
  sort: "lower(name)",
  search: ["name", "description"],
});

export const teamsRepo = tableRepo<Omit<Team, "memberIds">>({
  table: "support_teams",
  columns: ["name", "departmentId"],
  sort: "lower(name)",
  search: ["name"],
});

export async function membersOf(sql: Sql, teamIds: string[]): Promise<Map<string, string[]>> {
  const rows = await sql`select team_id, user_id from support_team_members
                         where team_id = any(${teamIds}::uuid[]) order by user_id`;
  const out = new Map<string, string[]>(teamIds.map((id) => [id, []]));
  for (const r of rows) out.get(r.teamId)?.push(r.userId);
  return out;
}

export async function replaceMembers(sql: Sql, teamId: string, userIds: string[]) {
  await sql`delete from support_team_members where team_id = ${teamId}`;
  if (userIds.length) {
    await sql`insert into support_team_members (team_id, user_id)
              select ${teamId}, unnest(${userIds}::uuid[])`;
  }
}

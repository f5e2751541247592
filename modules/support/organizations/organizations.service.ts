import type { Sql } from "../../../shared/db/database.ts";
import { problems } from "../../../shared/http/problem.ts";
import { activeMembers } from "../../../platform/identity/public.ts";
import { crudService, type ListInput } from "../common/crud.service.ts";
import { departmentsRepo, membersOf, replaceMembers, teamsRepo } from "./organizations.repo.ts";
import type { Team } from "./organizations.schemas.ts";

export const departmentsService = crudService(departmentsRepo, {
  entityType: "department",
  noun: "department",
  label: (r) => r.name,
});

const teams = crudService(teamsRepo, { entityType: "team", noun: "team", label: (r) => r.name });

async function withMembers<T extends { id: string }>(sql: Sql, rows: T[]) {
  const members = await membersOf(sql, rows.map((r) => r.id));
  return rows.map((r) => ({ ...r, memberIds: members.get(r.id) ?? [] }));
}

async function setMembers(sql: Sql, teamId: string, memberIds: string[] | undefined) {
  if (!memberIds) return;
  const unique = [...new Set(memberIds)];
  const ok = await activeMembers(sql, unique);
  const missing = unique.filter((id) => !ok.includes(id));
  if (missing.length) throw problems.unprocessable(`Not active members: ${missing.join(", ")}`);
  await replaceMembers(sql, teamId, unique);
}

export const teamsService = {
  async list(sql: Sql, input: ListInput) {
    const page = await teams.list(sql, input);
    return { items: await withMembers(sql, page.items), nextCursor: page.nextCursor };
  },
  get: async (sql: Sql, id: string): Promise<Team> =>
    (await withMembers(sql, [await teams.get(sql, id)]))[0],
  async create(sql: Sql, input: Record<string, unknown>) {
    const { memberIds, ...rest } = input as { memberIds?: string[] };
    const row = await teams.create(sql, rest);
    await setMembers(sql, row.id, memberIds);
    return await teamsService.get(sql, row.id);
  },
  async update(sql: Sql, id: string, input: Record<string, unknown>) {
    const { memberIds, ...rest } = input as { memberIds?: string[] };
    await teams.update(sql, id, rest);
    await setMembers(sql, id, memberIds);
    return await teamsService.get(sql, id);
  },
  remove: teams.remove,
};

/** Active members of a team (escalation recipients). */
export async function teamMemberIds(sql: Sql, teamId: string): Promise<string[]> {
  return (await membersOf(sql, [teamId])).get(teamId) ?? [];
}

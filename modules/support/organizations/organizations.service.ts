import type { Actor, SystemActor } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { activeMembers } from "../../../platform/identity/public.ts";
import { type CrudOps, crudService } from "../common/crud.service.ts";
import { departmentsRepo, membersOf, replaceMembers, teamsRepo } from "./organizations.repo.ts";
import type {
  Department,
  DepartmentInput,
  DepartmentUpdate,
  Team,
  TeamInput,
  TeamUpdate,
} from "./organizations.schemas.ts";

export const departmentsService = crudService<Department, DepartmentInput, DepartmentUpdate>(
  departmentsRepo,
  { entityType: "department", noun: "department", label: (r) => r.name },
);

const teams = crudService<Omit<Team, "memberIds">, Omit<TeamInput, "memberIds">>(teamsRepo, {
  entityType: "team",
  noun: "team",
  label: (r) => r.name,
});

async function withMembers<T extends { id: string }>(actor: Actor, rows: T[]) {
  const members = await membersOf(actor.sql, rows.map((r) => r.id));
  return rows.map((r) => ({ ...r, memberIds: members.get(r.id) ?? [] }));
}

async function setMembers(actor: Actor, teamId: string, memberIds: string[] | undefined) {
  if (!memberIds) return;
  const unique = [...new Set(memberIds)];
  const ok = await activeMembers(actor.sql, unique);
  const missing = unique.filter((id) => !ok.includes(id));
  if (missing.length) throw problems.unprocessable(`Not active members: ${missing.join(", ")}`);
  await replaceMembers(actor.sql, teamId, unique);
}

export const teamsService: CrudOps<Team, TeamInput, TeamUpdate> = {
  async list(actor, input) {
    const page = await teams.list(actor, input);
    return { items: await withMembers(actor, page.items), nextCursor: page.nextCursor };
  },
  get: async (actor, id) => (await withMembers(actor, [await teams.get(actor, id)]))[0],
  async create(actor, input) {
    const { memberIds, ...rest } = input;
    const row = await teams.create(actor, rest);
    await setMembers(actor, row.id, memberIds);
    return await teamsService.get(actor, row.id);
  },
  async update(actor, { id, patch }) {
    const { memberIds, ...rest } = patch;
    await teams.update(actor, { id, patch: rest });
    await setMembers(actor, id, memberIds);
    return await teamsService.get(actor, id);
  },
  remove: teams.remove,
};

/** Active members of a team (escalation recipients). */
export async function teamMemberIds(actor: SystemActor, teamId: string): Promise<string[]> {
  return (await membersOf(actor.sql, [teamId])).get(teamId) ?? [];
}

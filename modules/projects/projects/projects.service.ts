import type { z } from "@hono/zod-openapi";
import type { Sql } from "../../../shared/db/database.ts";
import type { Actor, SystemActor } from "../../../shared/http/actor.ts";
import type { Locale } from "../../../shared/i18n/i18n.ts";
import { decodeCursor, toPage } from "../../../shared/http/paging.ts";
import { problems } from "../../../shared/http/problem.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import { isActiveMember } from "../../../platform/identity/public.ts";
import { eventPublisher } from "../../../platform/notifications/public.ts";
import { projectsEvents } from "../events.ts";
import { projectAccess, requireProjectRole } from "../access/access.service.ts";
import { createDefaultFlow } from "../statuses/statuses.service.ts";
import type {
  AddMemberBody,
  CreateProjectBody,
  ProjectQuery,
  UpdateProjectBody,
} from "./projects.schemas.ts";
import {
  deleteMember,
  insertProject,
  type MemberRow,
  type ProjectRow,
  selectMembers,
  selectProject,
  selectProjects,
  unassignMember,
  updateProject,
  upsertMember,
} from "./projects.repo.ts";

const publish = eventPublisher(projectsEvents);

/** Allowed project status moves (the spec names the states only). */
export const PROJECT_MOVES: Record<string, string[]> = {
  planlamada: ["aktif"],
  aktif: ["planlamada", "tamamlandi"],
  tamamlandi: ["aktif"],
};

const strip = ({ sortAt: _, ...p }: ProjectRow) => p;
const audit = (p: ProjectRow) => {
  const { myRole: _r, taskCount: _t, doneCount: _d, sortAt: _s, ...rest } = p;
  return { ...rest, projectId: p.id };
};

/** Projects the caller may see; `fields` (a sparse fieldset) reads only those columns. */
export async function listProjects(
  actor: Actor,
  q: z.infer<typeof ProjectQuery> & { limit: number; cursor?: string },
  fields?: readonly string[],
) {
  const { sql, session } = actor;
  const after = decodeCursor(q.cursor, ["timestamp", "uuid"]) as [string, string] | null;
  const rows = await selectProjects(sql, session, q, q.limit, after, fields);
  const page = toPage(rows, q.limit, (r) => [r.sortAt!, r.id]);
  return { items: page.items.map(strip), nextCursor: page.nextCursor };
}

export async function getProject(actor: Actor, id: string, fields?: readonly string[]) {
  const { sql, session } = actor;
  await projectAccess({ sql, session }, id);
  return strip(await selectProject(sql, session, id, fields));
}

/**
 * Still `(sql, session, body)`: bench/projects.ts seeds projects through it with a bare session.
 * `locale` names the default statuses (the creator's language).
 */
export async function createProject(
  actor: Pick<Actor, "sql" | "session"> & Partial<Pick<Actor, "bus">>,
  { body, locale = "en" }: { body: z.infer<typeof CreateProjectBody>; locale?: Locale },
) {
  const { sql, session } = actor;
  const fields = {
    name: body.name,
    description: body.description ?? "",
    status: body.status ?? "planlamada",
    startDate: body.startDate ?? null,
    dueDate: body.dueDate ?? null,
    timeZone: body.timeZone ?? null,
  };
  checkDates(fields.startDate, fields.dueDate);
  const id = await insertProject(sql, session.userId, fields);
  await upsertMember(sql, id, session.userId, "manager");
  await createDefaultFlow({ sql }, { projectId: id, locale });
  const row = await selectProject(sql, session, id);
  await recordActivity({ sql }, {
    module: "projects",
    entityType: "project",
    entityId: id,
    action: "created",
    summary: `Created project ${row.name}`,
    after: audit(row),
  });
  await publish(sql, "projects.project.created", {
    projectId: id,
    projectName: row.name,
    status: row.status,
    actorId: session.userId,
  });
  return strip(row);
}

function checkDates(start: string | null, due: string | null) {
  if (start && due && due < start) {
    throw problems.unprocessable("The due date is before the start date.");
  }
}

export async function changeProject(
  actor: Actor,
  { id, body }: { id: string; body: z.infer<typeof UpdateProjectBody> & { archived?: boolean } },
) {
  const { sql, session } = actor;
  const archiving = body.archived !== undefined && Object.keys(body).length === 1;
  await requireProjectRole({ sql, session }, {
    projectId: id,
    needed: "manager",
    allowArchived: archiving,
  });
  const before = await selectProject(sql, session, id);
  const next = {
    name: body.name ?? before.name,
    description: body.description ?? before.description,
    status: body.status ?? before.status,
    startDate: body.startDate === undefined ? before.startDate : body.startDate,
    dueDate: body.dueDate === undefined ? before.dueDate : body.dueDate,
    timeZone: body.timeZone ?? before.timeZone,
    archived: body.archived ?? before.archived,
  };
  if (next.status !== before.status && !PROJECT_MOVES[before.status].includes(next.status)) {
    throw problems.unprocessable(
      `A project cannot move from ${before.status} to ${next.status}.`,
    );
  }
  checkDates(next.startDate, next.dueDate);
  await updateProject(sql, id, next);
  const after = await selectProject(sql, session, id);
  const action = body.archived === undefined
    ? "updated"
    : (body.archived ? "archived" : "unarchived");
  await recordActivity({ sql }, {
    module: "projects",
    entityType: "project",
    entityId: id,
    action,
    summary: `${action[0].toUpperCase()}${action.slice(1)} project ${after.name}`,
    before: audit(before),
    after: audit(after),
  });
  if (before.status !== after.status) {
    await publish(sql, "projects.project.status-changed", {
      projectId: id,
      projectName: after.name,
      oldStatus: before.status,
      newStatus: after.status,
      actorId: session.userId,
    });
  }
  return strip(after);
}

export async function listProjectMembers(actor: Actor, projectId: string) {
  const { sql, session } = actor;
  await projectAccess({ sql, session }, projectId);
  return await selectMembers(sql, projectId);
}

export async function setProjectMember(
  actor: Actor,
  { projectId, body, mode }: {
    projectId: string;
    body: z.infer<typeof AddMemberBody>;
    mode: "add" | "change";
  },
) {
  const { sql, session } = actor;
  await requireProjectRole({ sql, session }, { projectId: projectId, needed: "manager" });
  const before = (await selectMembers(sql, projectId)).find((m) => m.userId === body.userId);
  if (mode === "change" && !before) throw problems.notFound("No such project member.");
  if (mode === "add" && before) throw problems.conflict("Already a member of the project.");
  if (!before && !await isActiveMember(sql, body.userId)) {
    throw problems.unprocessable("The user is not an active member of this tenant.");
  }
  if (before?.role === "manager" && body.role !== "manager") await keepOneManager(sql, projectId);
  await upsertMember(sql, projectId, body.userId, body.role);
  const member = (await selectMembers(sql, projectId)).find((m) => m.userId === body.userId)!;
  await recordActivity({ sql }, {
    module: "projects",
    entityType: "project",
    entityId: projectId,
    action: mode === "add" ? "member-added" : "member-changed",
    summary: `${mode === "add" ? "Added" : "Changed"} member ${member.name} (${member.role})`,
    before: before ? { member: before.email, role: before.role } : null,
    after: { member: member.email, role: member.role, projectId },
  });
  return member;
}

async function keepOneManager(sql: Sql, projectId: string) {
  const managers = (await selectMembers(sql, projectId)).filter((m) => m.role === "manager");
  if (managers.length <= 1) throw problems.unprocessable("A project keeps at least one manager.");
}

export async function removeProjectMember(
  actor: Actor,
  { projectId, userId }: { projectId: string; userId: string },
) {
  const { sql, session } = actor;
  await requireProjectRole({ sql, session }, { projectId: projectId, needed: "manager" });
  const before = (await selectMembers(sql, projectId)).find((m) => m.userId === userId);
  if (!before) throw problems.notFound("No such project member.");
  if (before.role === "manager") await keepOneManager(sql, projectId);
  await deleteMember(sql, projectId, userId);
  await unassignMember(sql, projectId, userId);
  await recordActivity({ sql }, {
    module: "projects",
    entityType: "project",
    entityId: projectId,
    action: "member-removed",
    summary: `Removed member ${before.name}`,
    before: { member: before.email, role: before.role, projectId },
  });
}

/** The project's members with their names, for pages that have already checked access. */
export const membersOf = (
  { sql }: Pick<SystemActor, "sql">,
  projectId: string,
): Promise<MemberRow[]> => selectMembers(sql, projectId);

import type { Sql } from "../../shared/db/database.ts";
import type { Session } from "../../shared/http/env.ts";
import { problems } from "../../shared/http/problem.ts";

export type MemberRole = "manager" | "member" | "viewer";
export const MEMBER_ROLES = ["manager", "member", "viewer"] as const;

/** Tenant owners and administrators see and manage every project. */
export function isTenantAdmin(session: Session): boolean {
  return session.roles.includes("owner") || session.roles.includes("admin");
}

export interface ProjectAccess {
  projectId: string;
  archived: boolean;
  /** The caller's role in the project; admins who are not members act as managers. */
  role: MemberRole;
  admin: boolean;
}

/**
 * The caller's access to a project: 404 when it does not exist in the tenant or the caller is
 * not a member (a non-member must not learn that it exists).
 */
export async function projectAccess(
  sql: Sql,
  session: Session,
  projectId: string,
): Promise<ProjectAccess> {
  const [row] = await sql<{ archived: boolean; role: MemberRole | null }[]>`
    select p.archived, m.role
    from projects p left join project_members m
      on m.tenant_id = p.tenant_id and m.project_id = p.id and m.user_id = ${session.userId}
    where p.id = ${projectId}`;
  const admin = isTenantAdmin(session);
  if (!row || (!row.role && !admin)) throw problems.notFound("No such project.");
  return { projectId, archived: row.archived, role: admin ? "manager" : row.role!, admin };
}

const RANK: Record<MemberRole, number> = { viewer: 0, member: 1, manager: 2 };

/** Write access: 403 below the needed role, 422 when the project is archived. */
export async function requireProjectRole(
  sql: Sql,
  session: Session,
  projectId: string,
  needed: MemberRole,
  opts: { allowArchived?: boolean } = {},
): Promise<ProjectAccess> {
  const access = await projectAccess(sql, session, projectId);
  if (RANK[access.role] < RANK[needed]) {
    throw problems.forbidden(`This needs the project role ${needed}.`);
  }
  if (access.archived && !opts.allowArchived) {
    throw problems.unprocessable("The project is archived and read-only.");
  }
  return access;
}

/** SQL condition: the project `alias.id` is visible to the caller. */
export function visibleProjects(sql: Sql, session: Session, column = sql`p.id`) {
  if (isTenantAdmin(session)) return sql`true`;
  return sql`${column} in (select project_id from project_members
    where tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid
      and user_id = ${session.userId})`;
}

import type { Session } from "../../../shared/http/env.ts";
import { problems } from "../../../shared/http/problem.ts";

export type MemberRole = "manager" | "member" | "viewer";
export const MEMBER_ROLES = ["manager", "member", "viewer"] as const;

/** Tenant owners and administrators see and manage every project. */
export function isTenantAdmin(session: Pick<Session, "roles">): boolean {
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
 * The caller's access from their membership row: 404 when the project does not exist in the
 * tenant or the caller is not a member (a non-member must not learn that it exists).
 */
export function accessFrom(
  session: Pick<Session, "roles">,
  projectId: string,
  row: { archived: boolean; role: MemberRole | null } | undefined,
): ProjectAccess {
  const admin = isTenantAdmin(session);
  if (!row || (!row.role && !admin)) throw problems.notFound("No such project.");
  return { projectId, archived: row.archived, role: admin ? "manager" : row.role!, admin };
}

const RANK: Record<MemberRole, number> = { viewer: 0, member: 1, manager: 2 };

/** Write access: 403 below the needed role, 422 when the project is archived. */
export function checkProjectRole(
  access: ProjectAccess,
  needed: MemberRole,
  opts: { allowArchived?: boolean } = {},
): ProjectAccess {
  if (RANK[access.role] < RANK[needed]) {
    throw problems.forbidden(`This needs the project role ${needed}.`);
  }
  if (access.archived && !opts.allowArchived) {
    throw problems.unprocessable("The project is archived and read-only.");
  }
  return access;
}

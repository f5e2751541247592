import type { Actor } from "../../../shared/http/actor.ts";
import {
  accessFrom,
  checkProjectRole,
  type MemberRole,
  type ProjectAccess,
} from "./access.rules.ts";
import { membership } from "./access.repo.ts";

/**
 * The caller's access to a project: 404 when it does not exist in the tenant or the caller is
 * not a member (a non-member must not learn that it exists).
 */
export async function projectAccess(
  { sql, session }: Pick<Actor, "sql" | "session">,
  projectId: string,
): Promise<ProjectAccess> {
  return accessFrom(session, projectId, await membership(sql, session.userId, projectId));
}

/** Write access: 403 below the needed role, 422 when the project is archived. */
export async function requireProjectRole(
  actor: Pick<Actor, "sql" | "session">,
  { projectId, needed, allowArchived }: {
    projectId: string;
    needed: MemberRole;
    allowArchived?: boolean;
  },
): Promise<ProjectAccess> {
  return checkProjectRole(await projectAccess(actor, projectId), needed, { allowArchived });
}

import type { Sql } from "../../../shared/db/database.ts";
import type { Session } from "../../../shared/http/env.ts";
import { isTenantAdmin, type MemberRole } from "./access.rules.ts";

/** The project's archived flag and the user's role in it (none: not a member). */
export async function membership(sql: Sql, userId: string, projectId: string) {
  const [row] = await sql<{ archived: boolean; role: MemberRole | null }[]>`
    select p.archived, m.role
    from projects p left join project_members m
      on m.tenant_id = p.tenant_id and m.project_id = p.id and m.user_id = ${userId}
    where p.id = ${projectId}`;
  return row;
}

/** SQL condition: the project `alias.id` is visible to the caller. */
export function visibleProjects(sql: Sql, session: Session, column = sql`p.id`) {
  if (isTenantAdmin(session)) return sql`true`;
  return sql`${column} in (select project_id from project_members
    where tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid
      and user_id = ${session.userId})`;
}

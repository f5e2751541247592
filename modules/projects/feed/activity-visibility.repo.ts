/**
 * Which lines of Projects' activity a person may see outside the Projects pages (Automation's
 * cross-module log): the rule of the project feed — a line belongs to its project, and a
 * project's lines are for its members (tenant owners and administrators see every project).
 */
import type { Sql } from "../../../shared/db/database.ts";
import type { Session } from "../../../shared/http/env.ts";
import { isTenantAdmin } from "../access/access.rules.ts";

const UUID = "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$";

/**
 * SQL: the project (as text) of the activity line aliased `a`. Every line Projects records
 * carries it in `after` or `before` (what the feed reads); older or foreign lines fall back
 * to the project itself or the task's project.
 */
export function activityLineProject(sql: Sql) {
  return sql`coalesce(a.after->>'projectId', a.before->>'projectId',
    case when a.entity_type = 'project' then a.entity_id end,
    (select tk.project_id::text from tasks tk
     where a.entity_type = 'task'
       and tk.id = case when a.entity_id ~ ${UUID} then a.entity_id::uuid end))`;
}

/** SQL condition on the activity line `a` of module `projects`: the caller may see it. */
export function projectActivityVisible(sql: Sql, session: Session) {
  if (isTenantAdmin(session)) return sql`true`;
  return sql`${activityLineProject(sql)} in (select pm.project_id::text from project_members pm
    where pm.tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid
      and pm.user_id = ${session.userId})`;
}

import type { Sql } from "../../../shared/db/database.ts";
import type { Session } from "../../../shared/http/env.ts";
import type { Changes } from "../../../platform/activity/public.ts";
import { isTenantAdmin } from "../access/access.rules.ts";

export interface FeedRow {
  id: string;
  occurredAt: string;
  actorId: string | null;
  actorName: string | null;
  entityType: string;
  entityId: string;
  projectId: string | null;
  action: string;
  summary: string;
  changes: Changes;
  /** What the line is about: the task's title or the project's name (now, or when deleted). */
  subject: string | null;
  /** Whether that task or project still exists (so a page can link to it). */
  subjectExists: boolean;
  sortAt: string;
}

export interface FeedFilter {
  projectId?: string;
  entityType?: string;
  entityId?: string;
  /** A member's id, or null for the platform's own lines. */
  actorId?: string | null;
  action?: string;
  /** ISO timestamps: from inclusive, to exclusive. */
  from?: string;
  to?: string;
}

/**
 * The module's lines of the shared activity log, limited to projects the caller may see
 * (every line carries its project in `after` or `before`).
 */
export async function selectFeed(
  sql: Sql,
  session: Session,
  f: FeedFilter,
  limit: number,
  after: [string, string] | null,
): Promise<FeedRow[]> {
  const project = sql`coalesce(a.after->>'projectId', a.before->>'projectId')`;
  const visible = isTenantAdmin(session) ? sql`` : sql`and ${project} in (
    select project_id::text from project_members where user_id = ${session.userId})`;
  return await sql<FeedRow[]>`
    select a.id, a.occurred_at, a.actor_id, d.name as actor_name,
      a.entity_type, a.entity_id, ${project} as project_id, a.action, a.summary, a.changes,
      coalesce(tk.title, pr.name, a.after->>'title', a.before->>'title', a.after->>'name',
        a.before->>'name') as subject,
      (tk.id is not null or pr.id is not null) as subject_exists,
      to_char(a.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as sort_at
    from activity a left join member_directory d on d.user_id = a.actor_id
      left join tasks tk on a.entity_type = 'task' and tk.id::text = a.entity_id
      left join projects pr on a.entity_type = 'project' and pr.id::text = a.entity_id
    where a.tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid
      and a.module = 'projects' ${visible}
      ${f.projectId ? sql`and ${project} = ${f.projectId}` : sql``}
      ${f.entityType ? sql`and a.entity_type = ${f.entityType}` : sql``}
      ${f.entityId ? sql`and a.entity_id = ${f.entityId}` : sql``}
      ${
    f.actorId === null
      ? sql`and a.actor_id is null`
      : f.actorId
      ? sql`and a.actor_id = ${f.actorId}`
      : sql``
  }
      ${f.action ? sql`and a.action = ${f.action}` : sql``}
      ${f.from ? sql`and a.occurred_at >= ${f.from}::timestamptz` : sql``}
      ${f.to ? sql`and a.occurred_at < ${f.to}::timestamptz` : sql``}
      ${
    after ? sql`and (a.occurred_at, a.id) < (${after[0]}::timestamptz, ${after[1]}::uuid)` : sql``
  }
    order by a.occurred_at desc, a.id desc limit ${limit + 1}`;
}

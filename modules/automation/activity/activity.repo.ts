import type { Sql } from "../../../shared/db/database.ts";
import type { Session } from "../../../shared/modules.ts";
import type { ActivityEntry } from "../../../platform/activity/public.ts";
import { projectActivityVisible } from "../../projects/public.ts";

/** What a cross-module listing asks for; `modules` is the set the caller may read. */
export interface ActivityLogFilter {
  modules: string[];
  /**
   * The reader: a module whose lines are per record (Projects: per project membership) shows
   * only the lines of records they may see, as its own pages do.
   */
  reader: Session;
  /** A member's id, or null for the platform's own lines. */
  actorId?: string | null;
  entityType?: string;
  entityId?: string;
  action?: string;
  /** Inclusive, ISO 8601. */
  from?: string;
  /** Exclusive, ISO 8601. */
  to?: string;
}

export type ActivityLogRow = ActivityEntry & { sortAt: string };

/**
 * The shared activity table across the given modules, newest first, keyset on (occurred_at, id)
 * with microsecond precision; fetches limit + 1. (platform/activity's listing takes one module
 * only; this log takes the set of modules the reader may see.) Documents' lines need its audit
 * permission (see activity.rules.ts), which sees every folder, so they need no row filter.
 */
export async function selectActivityLog(
  sql: Sql,
  f: ActivityLogFilter,
  limit: number,
  after: [string, string] | null,
): Promise<ActivityLogRow[]> {
  if (f.modules.length === 0) return [];
  return await sql<ActivityLogRow[]>`
    select a.id, a.occurred_at, a.actor_id, d.name as actor_name, d.email as actor_email,
      a.module, a.entity_type, a.entity_id, a.action, a.summary, a.changes, a.before, a.after, a.request_id,
      to_char(a.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as sort_at
    from activity a left join member_directory d on d.user_id = a.actor_id
    where a.tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid
      and a.module = any(${f.modules}::text[])
      and (a.module <> 'projects' or ${projectActivityVisible(sql, f.reader)})
      ${f.actorId ? sql`and a.actor_id = ${f.actorId}::uuid` : sql``}
      ${f.actorId === null ? sql`and a.actor_id is null` : sql``}
      ${f.entityType ? sql`and a.entity_type = ${f.entityType}` : sql``}
      ${f.entityId ? sql`and a.entity_id = ${f.entityId}` : sql``}
      ${f.action ? sql`and a.action = ${f.action}` : sql``}
      ${f.from ? sql`and a.occurred_at >= ${f.from}::timestamptz` : sql``}
      ${f.to ? sql`and a.occurred_at < ${f.to}::timestamptz` : sql``}
      ${
    after ? sql`and (a.occurred_at, a.id) < (${after[0]}::timestamptz, ${after[1]}::uuid)` : sql``
  }
    order by a.occurred_at desc, a.id desc
    limit ${limit + 1}`;
}

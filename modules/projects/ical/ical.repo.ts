import type { Sql } from "../../../shared/db/database.ts";
import type { FeedTask } from "./ical.schemas.ts";

export interface FeedTokenRow {
  includeWatched: boolean;
  createdAt: string;
}

export async function selectFeedToken(sql: Sql, userId: string) {
  const [row] = await sql<FeedTokenRow[]>`
    select include_watched, created_at from project_ical_tokens where user_id = ${userId}`;
  return row;
}

/** A new secret replaces the old one (the old link stops working at once). */
export async function upsertFeedToken(
  sql: Sql,
  userId: string,
  tokenHash: string,
  includeWatched: boolean,
) {
  await sql`
    insert into project_ical_tokens (user_id, token_hash, include_watched)
    values (${userId}, ${tokenHash}, ${includeWatched})
    on conflict (tenant_id, user_id) do update set token_hash = excluded.token_hash,
      include_watched = excluded.include_watched, created_at = now()`;
}

export async function setFeedWatched(sql: Sql, userId: string, includeWatched: boolean) {
  const rows = await sql`
    update project_ical_tokens set include_watched = ${includeWatched}
    where user_id = ${userId} returning 1`;
  return rows.length > 0;
}

export async function deleteFeedToken(sql: Sql, userId: string) {
  const rows = await sql`delete from project_ical_tokens where user_id = ${userId} returning 1`;
  return rows.length > 0;
}

/** The workspace and person behind a token's hash (before any tenant is known). */
export async function lookupFeedToken(sql: Sql, hash: string) {
  const [row] = await sql<{ tenantId: string; userId: string; includeWatched: boolean }[]>`
    select tenant_id, user_id, include_watched from project_ical_by_token(${hash})`;
  return row;
}

/** The feed's owner as an active member of the current workspace (roles), or nothing. */
export async function feedOwner(sql: Sql, userId: string) {
  const [row] = await sql<{ name: string; roles: string[] }[]>`
    select name, roles from member_directory where user_id = ${userId} and status = 'active'`;
  return row;
}

/**
 * The person's open tasks with a due date, in projects they can still see (not archived):
 * assigned to them (first or among several assignees), and with `watched` those they watch.
 */
export async function selectFeedTasks(
  sql: Sql,
  { userId, watched, admin, limit }: {
    userId: string;
    watched: boolean;
    admin: boolean;
    limit: number;
  },
): Promise<FeedTask[]> {
  return await sql<FeedTask[]>`
    select t.id, t.title, p.name as project_name, t.start_date::text as start_date,
      t.due_date::text as due_date, t.updated_at
    from tasks t join projects p on p.tenant_id = t.tenant_id and p.id = t.project_id
    where t.done_at is null and t.due_date is not null and not p.archived
      ${
    admin ? sql`` : sql`and exists (select 1 from project_members m
        where m.tenant_id = t.tenant_id and m.project_id = t.project_id and m.user_id = ${userId})`
  }
      and (t.assignee_id = ${userId}
        or exists (select 1 from task_assignees a
          where a.tenant_id = t.tenant_id and a.task_id = t.id and a.user_id = ${userId})
        ${
    watched
      ? sql`or exists (select 1 from task_watchers w
          where w.tenant_id = t.tenant_id and w.task_id = t.id and w.user_id = ${userId})`
      : sql``
  })
    order by t.due_date, t.id
    limit ${limit}`;
}

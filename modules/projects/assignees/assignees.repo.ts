import type { Sql } from "../../../shared/db/database.ts";

const TENANT = (sql: Sql) => sql`nullif(current_setting('app.tenant_id', true), '')::uuid`;

/** The task columns of its assignees: ids in order, and ids with names (for cards). */
export const assigneeColumns = (sql: Sql) =>
  sql`array(select a.user_id from task_assignees a
      where a.tenant_id = t.tenant_id and a.task_id = t.id
      order by a.position, a.user_id) as assignee_ids,
    coalesce((select json_agg(json_build_object('id', a.user_id, 'name', coalesce(md.name, ''))
      order by a.position, a.user_id)
      from task_assignees a left join member_directory md on md.user_id = a.user_id
      where a.tenant_id = t.tenant_id and a.task_id = t.id), '[]'::json) as assignees`;

/** Condition on a task `t`: the user is one of its assignees. */
export const anyAssignee = (sql: Sql, userId: string) =>
  sql`and exists (select 1 from task_assignees a
    where a.tenant_id = t.tenant_id and a.task_id = t.id and a.user_id = ${userId})`;

/** Replaces a task's assignees by `userIds`, in that order. */
export async function replaceAssignees(sql: Sql, taskId: string, userIds: string[]) {
  await sql`delete from task_assignees where task_id = ${taskId}
    and not (user_id = any(${userIds}::uuid[]))`;
  for (const [i, userId] of userIds.entries()) {
    await sql`insert into task_assignees (tenant_id, task_id, user_id, position)
      values (${TENANT(sql)}, ${taskId}, ${userId}, ${i})
      on conflict (tenant_id, task_id, user_id) do update set position = excluded.position`;
  }
}

/** Which of `userIds` are members of the project. */
export async function projectMembersAmong(sql: Sql, projectId: string, userIds: string[]) {
  if (!userIds.length) return [];
  const rows = await sql<{ userId: string }[]>`
    select user_id from project_members
    where project_id = ${projectId} and user_id = any(${userIds}::uuid[])`;
  return rows.map((r) => r.userId);
}

export interface WatcherRow {
  userId: string;
  name: string;
}

/** A task's watchers who are still members of its project, by name. */
export async function selectWatchers(sql: Sql, taskId: string): Promise<WatcherRow[]> {
  return await sql<WatcherRow[]>`
    select w.user_id, coalesce(d.name, '') as name
    from task_watchers w
      join tasks t on t.tenant_id = w.tenant_id and t.id = w.task_id
      join project_members m on m.tenant_id = t.tenant_id and m.project_id = t.project_id
        and m.user_id = w.user_id
      left join member_directory d on d.user_id = w.user_id
    where w.task_id = ${taskId}
    order by lower(coalesce(d.name, '')), w.user_id`;
}

export async function insertWatcher(sql: Sql, taskId: string, userId: string) {
  await sql`insert into task_watchers (tenant_id, task_id, user_id)
    values (${TENANT(sql)}, ${taskId}, ${userId}) on conflict do nothing`;
}

export async function deleteWatcher(sql: Sql, taskId: string, userId: string) {
  await sql`delete from task_watchers where task_id = ${taskId} and user_id = ${userId}`;
}

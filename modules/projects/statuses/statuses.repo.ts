import { uuidv7 } from "uuidv7";
import type { Sql } from "../../../shared/db/database.ts";
import type { StatusRow, TransitionRow } from "./statuses.schemas.ts";
export type { StatusRow, TransitionRow };

const TENANT = (sql: Sql) => sql`nullif(current_setting('app.tenant_id', true), '')::uuid`;

export async function selectStatuses(sql: Sql, projectId: string): Promise<StatusRow[]> {
  return await sql<StatusRow[]>`
    select s.id, s.project_id, s.name, s.category, s.position,
      (select count(*)::int from tasks t where t.tenant_id = s.tenant_id and t.status_id = s.id)
        as task_count
    from project_statuses s where s.project_id = ${projectId} order by s.position, s.id`;
}

export async function selectTransitions(sql: Sql, projectId: string): Promise<TransitionRow[]> {
  return await sql<TransitionRow[]>`
    select from_status_id, to_status_id, roles from project_status_transitions
    where project_id = ${projectId} order by from_status_id, to_status_id`;
}

export async function insertStatus(
  sql: Sql,
  projectId: string,
  s: { name: string; category: string; position: number },
) {
  const id = uuidv7();
  await sql`insert into project_statuses (tenant_id, id, project_id, name, category, position)
    values (${TENANT(sql)}, ${id}, ${projectId}, ${s.name}, ${s.category}, ${s.position})`;
  return id;
}

/** Parks names first so a swap of two names never trips the unique key midway. */
export async function rewriteStatuses(
  sql: Sql,
  projectId: string,
  rows: { id: string; name: string; category: string; position: number }[],
) {
  await sql`update project_statuses set name = id::text, position = position + 100000
    where project_id = ${projectId}`;
  for (const r of rows) {
    await sql`update project_statuses set name = ${r.name}, category = ${r.category},
      position = ${r.position} where id = ${r.id} and project_id = ${projectId}`;
  }
}

export async function moveTasks(sql: Sql, projectId: string, from: string, to: string) {
  await sql`update tasks set status_id = ${to}, updated_at = now(),
      done_at = case when (select category from project_statuses where id = ${to}) = 'done'
        then coalesce(done_at, now()) else null end
    where project_id = ${projectId} and status_id = ${from}`;
}

export async function deleteStatus(sql: Sql, projectId: string, id: string) {
  await sql`delete from project_statuses where project_id = ${projectId} and id = ${id}`;
}

/** Done timestamps follow the category when a status changes between open and done. */
export async function syncDoneAt(sql: Sql, projectId: string) {
  await sql`update tasks t set done_at = case when s.category = 'done'
      then coalesce(t.done_at, now()) else null end
    from project_statuses s
    where s.tenant_id = t.tenant_id and s.id = t.status_id and t.project_id = ${projectId}
      and (s.category = 'done') <> (t.done_at is not null)`;
}

export async function replaceTransitions(sql: Sql, projectId: string, rows: TransitionRow[]) {
  await sql`delete from project_status_transitions where project_id = ${projectId}`;
  for (const r of rows) {
    await sql`insert into project_status_transitions
      (tenant_id, project_id, from_status_id, to_status_id, roles)
      values (${TENANT(sql)}, ${projectId}, ${r.fromStatusId}, ${r.toStatusId}, ${r.roles})`;
  }
}

import { uuidv7 } from "uuidv7";
import type { Sql } from "../../../shared/db/database.ts";
import type { SeriesRow } from "./recurrence.schemas.ts";
export type { SeriesRow };

const TENANT = (sql: Sql) => sql`nullif(current_setting('app.tenant_id', true), '')::uuid`;
const SERIES = (sql: Sql) =>
  sql`s.id, s.project_id, s.rule, s.mode, s.anchor_date::text as anchor_date,
    s.next_date::text as next_date, s.active`;

/** The series a task is an occurrence of (stopped ones too), with the task's day in it. */
export async function seriesOfTask(
  sql: Sql,
  taskId: string,
): Promise<(SeriesRow & { occurrenceDate: string }) | undefined> {
  const [row] = await sql<(SeriesRow & { occurrenceDate: string })[]>`
    select ${SERIES(sql)}, o.occurrence_date::text as occurrence_date
    from task_occurrences o join task_series s on s.tenant_id = o.tenant_id and s.id = o.series_id
    where o.task_id = ${taskId}`;
  return row;
}

export async function insertSeries(
  sql: Sql,
  s: {
    projectId: string;
    rule: string;
    mode: string;
    anchorDate: string;
    nextDate: string | null;
    userId: string | null;
  },
) {
  const id = uuidv7();
  await sql`insert into task_series
      (tenant_id, id, project_id, rule, mode, anchor_date, next_date, created_by)
    values (${TENANT(sql)}, ${id}, ${s.projectId}, ${s.rule}, ${s.mode}, ${s.anchorDate},
      ${s.nextDate}, ${s.userId})`;
  return id;
}

export async function updateSeries(
  sql: Sql,
  id: string,
  s: { rule: string; mode: string; anchorDate: string; nextDate: string | null; active: boolean },
) {
  await sql`update task_series set rule = ${s.rule}, mode = ${s.mode},
      anchor_date = ${s.anchorDate}, next_date = ${s.nextDate}, active = ${s.active},
      updated_at = now()
    where id = ${id}`;
}

export async function setNextDate(sql: Sql, id: string, nextDate: string | null) {
  await sql`update task_series set next_date = ${nextDate}, updated_at = now() where id = ${id}`;
}

/**
 * Claims a series' occurrence day: true for the one caller that made the row, false when the
 * day already has its occurrence (a second done, a rerun, another instance: the unique key
 * decides, and a concurrent claim waits for the first one's transaction).
 */
export async function claimOccurrence(
  sql: Sql,
  seriesId: string,
  day: string,
  taskId: string | null,
): Promise<boolean> {
  const rows =
    await sql`insert into task_occurrences (tenant_id, series_id, occurrence_date, task_id)
    values (${TENANT(sql)}, ${seriesId}, ${day}, ${taskId})
    on conflict do nothing returning series_id`;
  return rows.length === 1;
}

export async function setOccurrenceTask(sql: Sql, seriesId: string, day: string, taskId: string) {
  await sql`update task_occurrences set task_id = ${taskId}
    where series_id = ${seriesId} and occurrence_date = ${day}`;
}

export async function selectOccurrences(sql: Sql, seriesId: string, limit: number) {
  return await sql<
    { taskId: string | null; title: string | null; date: string; done: boolean }[]
  >`
    select o.task_id, t.title, o.occurrence_date::text as date, t.done_at is not null as done
    from task_occurrences o
      left join tasks t on t.tenant_id = o.tenant_id and t.id = o.task_id
    where o.series_id = ${seriesId}
    order by o.occurrence_date desc limit ${limit}`;
}

/** The latest occurrence that still has its task: what the job copies. */
export async function latestOccurrence(sql: Sql, seriesId: string) {
  const [row] = await sql<{ taskId: string; date: string }[]>`
    select task_id, occurrence_date::text as date from task_occurrences
    where series_id = ${seriesId} and task_id is not null
    order by occurrence_date desc limit 1`;
  return row;
}

export async function projectZone(sql: Sql, projectId: string): Promise<string> {
  const [row] = await sql<{ timeZone: string }[]>`
    select time_zone from projects where id = ${projectId}`;
  return row?.timeZone ?? "UTC";
}

/** The project's first open status: where a new occurrence starts. */
export async function firstOpenStatus(sql: Sql, projectId: string): Promise<string | undefined> {
  const [row] = await sql<{ id: string }[]>`
    select id from project_statuses where project_id = ${projectId}
    order by (category = 'open') desc, position, id limit 1`;
  return row?.id;
}

/**
 * A copy of a task as the next occurrence: title, description, priority, assignee(s), labels,
 * estimate, parent, watchers and custom field values; in `statusId`, with the given dates.
 */
export async function copyTask(
  sql: Sql,
  srcId: string,
  to: { statusId: string; startDate: string | null; dueDate: string | null; userId: string | null },
): Promise<string> {
  const id = uuidv7();
  await sql`
    insert into tasks (tenant_id, id, project_id, title, description, status_id, priority,
      assignee_id, start_date, due_date, estimate, labels, parent_id, position, created_by)
    select t.tenant_id, ${id}, t.project_id, t.title, t.description, ${to.statusId}, t.priority,
      t.assignee_id, ${to.startDate}, ${to.dueDate}, t.estimate, t.labels, t.parent_id,
      (select coalesce(max(position), 0) + 1024 from tasks x where x.status_id = ${to.statusId}),
      coalesce(${to.userId}::uuid, t.created_by)
    from tasks t where t.id = ${srcId}`;
  await sql`insert into task_watchers (tenant_id, task_id, user_id)
    select tenant_id, ${id}, user_id from task_watchers where task_id = ${srcId}
    on conflict do nothing`;
  await sql`insert into task_assignees (tenant_id, task_id, user_id, position)
    select tenant_id, ${id}, user_id, position from task_assignees where task_id = ${srcId}
    on conflict do nothing`;
  await sql`insert into task_field_values (tenant_id, task_id, field_id, value_text, value_number,
      value_date, value_user, value_options)
    select tenant_id, ${id}, field_id, value_text, value_number, value_date, value_user,
      value_options
    from task_field_values where task_id = ${srcId}
    on conflict do nothing`;
  return id;
}

/**
 * Scheduled series whose next occurrence's day has come in their project's time zone, locked
 * (a series another run holds is skipped, not waited for).
 */
export async function claimDueSeries(sql: Sql, limit: number): Promise<SeriesRow[]> {
  return await sql<SeriesRow[]>`
    select ${SERIES(sql)} from task_series s
      join projects p on p.tenant_id = s.tenant_id and p.id = s.project_id
    where s.active and s.mode = 'on_schedule' and not p.archived
      and s.next_date <= (now() at time zone p.time_zone)::date
    order by s.next_date, s.id
    limit ${limit}
    for update of s skip locked`;
}

export async function tenantsWithDueSeries(sql: Sql): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`select projects_recurrence_due_tenants() as id`;
  return rows.map((r) => r.id);
}

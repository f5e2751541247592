import { uuidv7 } from "uuidv7";
import type { Sql } from "../../../shared/db/database.ts";
import type { PendingQuery } from "../../../shared/db/sql.ts";
import { rowOf, rowsOf } from "../../../shared/db/rows.ts";
import { pickFields } from "../../../shared/db/fieldset.ts";
import type { Session } from "../../../shared/http/env.ts";
import { foldedContains } from "../../../shared/text/fold.ts";
import { visibleProjects } from "../access/access.repo.ts";
import type { TaskRow } from "./tasks.schemas.ts";
import { customFieldsColumn, fieldFilterSql, type FieldQuery } from "../fields/fields.repo.ts";
import { anyAssignee, assigneeColumns } from "../assignees/assignees.repo.ts";
export type { TaskRow };

const TENANT = (sql: Sql) => sql`nullif(current_setting('app.tenant_id', true), '')::uuid`;

export const PRIORITY_RANK = (sql: Sql) =>
  sql`array_position(array['dusuk','normal','yuksek','kritik'], t.priority)`;

type Item = (sql: Sql) => PendingQuery;
const assigneeItems: Item = (sql) => assigneeColumns(sql);
/**
 * A task's fields and their select items, for a sparse fieldset (`fields=`, shared/db/fieldset.ts):
 * the asked ones, and the id and project (the access check needs it). The whole list below is the
 * same columns in one text, the one every other read uses.
 */
const TASK_FIELDS: Record<string, Item> = {
  id: (sql) => sql`t.id`,
  projectId: (sql) => sql`t.project_id`,
  projectName: (sql) => sql`p.name as project_name`,
  title: (sql) => sql`t.title`,
  description: (sql) => sql`t.description`,
  statusId: (sql) => sql`t.status_id`,
  statusName: (sql) => sql`s.name as status_name`,
  statusCategory: (sql) => sql`s.category as status_category`,
  priority: (sql) => sql`t.priority`,
  assigneeId: (sql) => sql`t.assignee_id`,
  assigneeName: (sql) => sql`ad.name as assignee_name`,
  assigneeIds: assigneeItems,
  assignees: assigneeItems,
  startDate: (sql) => sql`t.start_date`,
  dueDate: (sql) => sql`t.due_date`,
  estimate: (sql) => sql`t.estimate::float8 as estimate`,
  labels: (sql) => sql`t.labels`,
  parentId: (sql) => sql`t.parent_id`,
  milestoneId: (sql) => sql`t.milestone_id`,
  position: (sql) => sql`t.position`,
  doneAt: (sql) => sql`t.done_at`,
  createdBy: (sql) => sql`t.created_by`,
  cycleId: (sql) => sql`t.cycle_id`,
  createdAt: (sql) => sql`t.created_at`,
  updatedAt: (sql) => sql`t.updated_at`,
  overdue: (sql) => sql`(t.done_at is null and t.due_date < current_date) as overdue`,
  blockedBy: (sql) =>
    sql`array(select d.blocker_id from task_dependencies d
      where d.tenant_id = t.tenant_id and d.blocked_id = t.id order by d.blocker_id) as blocked_by`,
  blocks: (sql) =>
    sql`array(select d.blocked_id from task_dependencies d
      where d.tenant_id = t.tenant_id and d.blocker_id = t.id order by d.blocked_id) as blocks`,
  customFields: (sql) => customFieldsColumn(sql),
};

/** The select list of a sparse fieldset: the asked fields' items, the id and the project. */
const fieldColumns = (sql: Sql, fields: readonly string[]) =>
  pickFields(TASK_FIELDS, fields, ["id", "projectId"]).map((item) => item(sql))
    .reduce((acc, part) => sql`${acc}, ${part}`);

const columns = (sql: Sql, fields?: readonly string[]) =>
  fields
    ? fieldColumns(sql, fields)
    : sql`t.id, t.project_id, p.name as project_name, t.title, t.description, t.status_id,
    s.name as status_name, s.category as status_category, t.priority, t.assignee_id,
    ad.name as assignee_name, ${assigneeColumns(sql)}, t.start_date, t.due_date,
    t.estimate::float8 as estimate, t.labels, t.parent_id, t.milestone_id, t.position, t.done_at,
    t.created_by, t.cycle_id,
    t.created_at, t.updated_at,
    (t.done_at is null and t.due_date < current_date) as overdue,
    array(select d.blocker_id from task_dependencies d
      where d.tenant_id = t.tenant_id and d.blocked_id = t.id order by d.blocker_id) as blocked_by,
    array(select d.blocked_id from task_dependencies d
      where d.tenant_id = t.tenant_id and d.blocker_id = t.id order by d.blocked_id) as blocks,
    ${customFieldsColumn(sql)}`;

const joins = (sql: Sql) =>
  sql`from tasks t
    join projects p on p.tenant_id = t.tenant_id and p.id = t.project_id
    join project_statuses s on s.tenant_id = t.tenant_id and s.id = t.status_id
    left join member_directory ad on ad.user_id = t.assignee_id`;

export async function selectTask(
  sql: Sql,
  id: string,
  fields?: readonly string[],
): Promise<TaskRow | undefined> {
  return await rowOf<TaskRow>(sql`select ${columns(sql, fields)} ${joins(sql)} where t.id = ${id}`);
}

export interface TaskFilter {
  /** A sparse fieldset: only these fields' columns (and the id, the project, the sort key). */
  fields?: readonly string[];
  projectId?: string;
  statusId?: string;
  priority?: string;
  assigneeId?: string;
  dueFrom?: string;
  dueTo?: string;
  overdue?: "true" | "false";
  done?: "true" | "false";
  label?: string;
  parentId?: string;
  milestoneId?: string;
  cycleId?: string;
  q?: string;
  sort: "created" | "updated" | "due" | "priority";
  includeArchived?: boolean;
  /** Only the ids of the matching tasks (a view that reads its own columns, e.g. the timeline). */
  idsOnly?: boolean;
  fieldFilters?: FieldQuery["fieldFilters"];
  fieldSort?: FieldQuery["fieldSort"];
}

/** Sort key as text (kept exact for the cursor), its SQL type and direction. */
function sortKey(sql: Sql, sort: TaskFilter["sort"]) {
  switch (sort) {
    case "updated":
      return {
        expr: sql`to_char(t.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
        raw: sql`t.updated_at`,
        cast: (v: string) => sql`${v}::timestamptz`,
        desc: true,
      };
    case "due":
      return {
        expr: sql`coalesce(t.due_date, '9999-12-31'::date)::text`,
        raw: sql`coalesce(t.due_date, '9999-12-31'::date)`,
        cast: (v: string) => sql`${v}::date`,
        desc: false,
      };
    case "priority":
      return {
        expr: sql`${PRIORITY_RANK(sql)}::text`,
        raw: PRIORITY_RANK(sql),
        cast: (v: string) => sql`${v}::int`,
        desc: true,
      };
    default:
      return {
        expr: sql`to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
        raw: sql`t.created_at`,
        cast: (v: string) => sql`${v}::timestamptz`,
        desc: true,
      };
  }
}

export async function selectTasks(
  sql: Sql,
  session: Session,
  f: TaskFilter,
  limit: number,
  after: [string, string] | null,
): Promise<TaskRow[]> {
  const k = f.fieldSort ?? sortKey(sql, f.sort);
  const assignee = f.assigneeId === "unassigned"
    ? sql`and t.assignee_id is null`
    : f.assigneeId
    ? anyAssignee(sql, f.assigneeId === "me" ? session.userId : f.assigneeId)
    : sql``;
  const cmp = after
    ? (k.desc
      ? sql`and (${k.raw}, t.id) < (${k.cast(after[0])}, ${after[1]}::uuid)`
      : sql`and (${k.raw}, t.id) > (${k.cast(after[0])}, ${after[1]}::uuid)`)
    : sql``;
  return await rowsOf<TaskRow>(sql`
    select ${f.idsOnly ? sql`t.id` : columns(sql, f.fields)}, ${k.expr} as sort_key ${joins(sql)}
    where ${visibleProjects(sql, session, sql`t.project_id`)}
      ${f.includeArchived ? sql`` : sql`and not p.archived`}
      ${f.projectId ? sql`and t.project_id = ${f.projectId}` : sql``}
      ${f.statusId ? sql`and t.status_id = ${f.statusId}` : sql``}
      ${f.priority ? sql`and t.priority = ${f.priority}` : sql``}
      ${assignee}
      ${f.dueFrom ? sql`and t.due_date >= ${f.dueFrom}::date` : sql``}
      ${f.dueTo ? sql`and t.due_date <= ${f.dueTo}::date` : sql``}
      ${
    f.overdue === "true"
      ? sql`and t.done_at is null and t.due_date < current_date`
      : f.overdue === "false"
      ? sql`and not (t.done_at is null and coalesce(t.due_date < current_date, false))`
      : sql``
  }
      ${
    f.done === "true"
      ? sql`and t.done_at is not null`
      : f.done === "false"
      ? sql`and t.done_at is null`
      : sql``
  }
      ${f.label ? sql`and t.labels @> array[${f.label}]::text[]` : sql``}
      ${f.parentId ? sql`and t.parent_id = ${f.parentId}` : sql``}
      ${f.milestoneId ? sql`and t.milestone_id = ${f.milestoneId}` : sql``}
      ${
    f.cycleId === "none"
      ? sql`and t.cycle_id is null`
      : f.cycleId
      ? sql`and t.cycle_id = ${f.cycleId}`
      : sql``
  }
      ${f.q ? sql`and t.search_text like ${foldedContains(f.q)}` : sql``}
      ${fieldFilterSql(sql, f.fieldFilters)}
      ${cmp}
    order by ${k.raw} ${k.desc ? sql`desc` : sql`asc`}, t.id ${k.desc ? sql`desc` : sql`asc`}
    limit ${limit + 1}`);
}

/** The board: every task of a project in column order. */
export async function selectBoard(sql: Sql, projectId: string): Promise<TaskRow[]> {
  return await rowsOf<TaskRow>(sql`
    select ${columns(sql)} ${joins(sql)}
    where t.project_id = ${projectId}
    order by s.position, t.position, t.id`);
}

export interface TaskFields {
  title: string;
  description: string;
  statusId: string;
  priority: string;
  assigneeId: string | null;
  startDate: string | null;
  dueDate: string | null;
  estimate: number | null;
  labels: string[];
  parentId: string | null;
  position: number;
  done: boolean;
}

export async function insertTask(sql: Sql, projectId: string, userId: string, f: TaskFields) {
  const id = uuidv7();
  await sql`
    insert into tasks (tenant_id, id, project_id, title, description, status_id, priority,
      assignee_id, start_date, due_date, estimate, labels, parent_id, position, done_at, created_by)
    values (${TENANT(sql)}, ${id}, ${projectId}, ${f.title}, ${f.description}, ${f.statusId},
      ${f.priority}, ${f.assigneeId}, ${f.startDate}, ${f.dueDate}, ${f.estimate}, ${f.labels},
      ${f.parentId}, ${f.position}, ${f.done ? sql`now()` : null}, ${userId})`;
  return id;
}

export async function updateTask(sql: Sql, id: string, f: TaskFields) {
  await sql`
    update tasks set title = ${f.title}, description = ${f.description},
      status_id = ${f.statusId}, priority = ${f.priority}, assignee_id = ${f.assigneeId},
      start_date = ${f.startDate}, due_date = ${f.dueDate}, estimate = ${f.estimate},
      labels = ${f.labels}, parent_id = ${f.parentId}, position = ${f.position},
      done_at = ${f.done ? sql`coalesce(done_at, now())` : null}, updated_at = now()
    where id = ${id}`;
}

export async function deleteTask(sql: Sql, id: string) {
  await sql`delete from tasks where id = ${id}`;
}

export async function nextPosition(sql: Sql, statusId: string): Promise<number> {
  const [row] = await sql<{ p: number }[]>`
    select coalesce(max(position), 0) + 1024 as p from tasks where status_id = ${statusId}`;
  return row.p;
}

export async function replaceBlockers(sql: Sql, taskId: string, blockers: string[]) {
  // Blockers that stay keep their dependency kind and lag.
  await sql`delete from task_dependencies
    where blocked_id = ${taskId} and not (blocker_id = any(${blockers}::uuid[]))`;
  for (const b of blockers) {
    await sql`insert into task_dependencies (tenant_id, blocker_id, blocked_id)
      values (${TENANT(sql)}, ${b}, ${taskId}) on conflict do nothing`;
  }
}

/** Would `taskId` reach itself through blockers starting from `start`? */
export async function blockerPathExists(sql: Sql, start: string[], taskId: string) {
  if (!start.length) return false;
  const [row] = await sql`
    with recursive up(id) as (
      select unnest(${start}::uuid[])
      union
      select d.blocker_id from task_dependencies d join up on d.blocked_id = up.id
    )
    select 1 as hit from up where id = ${taskId} limit 1`;
  return !!row;
}

/** Would `taskId` be its own ancestor with `parentId` as parent? */
export async function parentCycle(sql: Sql, parentId: string, taskId: string) {
  const [row] = await sql`
    with recursive chain(id) as (
      select ${parentId}::uuid
      union
      select t.parent_id from tasks t join chain on t.id = chain.id where t.parent_id is not null
    )
    select 1 as hit from chain where id = ${taskId} limit 1`;
  return !!row;
}

/** Which of these tasks are still open (blockers that keep a task from being done). */
export async function openTasksAmong(sql: Sql, ids: string[]) {
  if (!ids.length) return [];
  return await sql<{ id: string; title: string }[]>`
    select id, title from tasks where id = any(${ids}::uuid[]) and done_at is null
    order by title, id`;
}

export async function tasksInProject(sql: Sql, projectId: string, ids: string[]) {
  if (!ids.length) return 0;
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from tasks where project_id = ${projectId} and id = any(${ids}::uuid[])`;
  return row.n;
}

export async function addWatcher(sql: Sql, taskId: string, userId: string) {
  await sql`insert into task_watchers (tenant_id, task_id, user_id)
    values (${TENANT(sql)}, ${taskId}, ${userId}) on conflict do nothing`;
}

export async function watchersOf(sql: Sql, taskId: string): Promise<string[]> {
  const rows = await sql<{ userId: string }[]>`
    select w.user_id from task_watchers w join tasks t
      on t.tenant_id = w.tenant_id and t.id = w.task_id
      join project_members m on m.tenant_id = t.tenant_id and m.project_id = t.project_id
        and m.user_id = w.user_id
    where w.task_id = ${taskId}`;
  return rows.map((r) => r.userId);
}

export async function removeWatcher(sql: Sql, taskId: string, userId: string) {
  await sql`delete from task_watchers where task_id = ${taskId} and user_id = ${userId}`;
}

export async function isWatching(sql: Sql, taskId: string, userId: string) {
  const [row] = await sql`select 1 from task_watchers
    where task_id = ${taskId} and user_id = ${userId}`;
  return !!row;
}

import { uuidv7 } from "uuidv7";
import type { Sql } from "../../../shared/db/database.ts";
import { rowOf, rowsOf } from "../../../shared/db/rows.ts";
import type { Session } from "../../../shared/http/env.ts";
import { visibleProjects } from "../access/access.repo.ts";
import type { EntryRow } from "./time.schemas.ts";
export type { EntryRow };

const columns = (sql: Sql) =>
  sql`e.id, e.task_id, t.title as task_title, e.project_id, p.name as project_name, e.user_id,
    u.name as user_name, e.started_at, e.ended_at,
    (e.started_at is not null and e.ended_at is null) as running, e.minutes, e.entry_date,
    e.note, e.billable, e.created_at, e.updated_at`;

const joins = (sql: Sql) =>
  sql`from task_time_entries e
    join tasks t on t.tenant_id = e.tenant_id and t.id = e.task_id
    join projects p on p.tenant_id = e.tenant_id and p.id = e.project_id
    left join member_directory u on u.user_id = e.user_id`;

export async function selectEntry(sql: Sql, id: string): Promise<EntryRow | undefined> {
  return await rowOf<EntryRow>(sql`select ${columns(sql)} ${joins(sql)} where e.id = ${id}`);
}

export async function runningEntry(sql: Sql, userId: string): Promise<EntryRow | undefined> {
  return await rowOf<EntryRow>(sql`select ${columns(sql)} ${joins(sql)}
    where e.user_id = ${userId} and e.started_at is not null and e.ended_at is null`);
}

export interface EntryFilter {
  taskId?: string;
  projectId?: string;
  userId?: string;
  from?: string;
  to?: string;
  billable?: "true" | "false";
}

const where = (sql: Sql, session: Session, f: EntryFilter) =>
  sql`where ${visibleProjects(sql, session, sql`e.project_id`)}
    ${f.taskId ? sql`and e.task_id = ${f.taskId}` : sql``}
    ${f.projectId ? sql`and e.project_id = ${f.projectId}` : sql``}
    ${f.userId ? sql`and e.user_id = ${f.userId}` : sql``}
    ${f.from ? sql`and e.entry_date >= ${f.from}::date` : sql``}
    ${f.to ? sql`and e.entry_date <= ${f.to}::date` : sql``}
    ${
    f.billable === "true"
      ? sql`and e.billable`
      : f.billable === "false"
      ? sql`and not e.billable`
      : sql``
  }`;

/** Entries newest day first, keyset-paged by (day, id). */
export async function selectEntries(
  sql: Sql,
  session: Session,
  f: EntryFilter,
  limit: number,
  after: [string, string] | null,
): Promise<EntryRow[]> {
  return await rowsOf<EntryRow>(sql`
    select ${columns(sql)} ${joins(sql)} ${where(sql, session, f)}
      ${after ? sql`and (e.entry_date, e.id) < (${after[0]}::date, ${after[1]}::uuid)` : sql``}
    order by e.entry_date desc, e.id desc
    limit ${limit + 1}`);
}

export async function totalMinutes(sql: Sql, session: Session, f: EntryFilter): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    select coalesce(sum(e.minutes), 0)::int as n from task_time_entries e
    ${where(sql, session, f)}`;
  return row.n;
}

export interface EntryFields {
  taskId: string;
  projectId: string;
  userId: string;
  startedAt: string | null;
  minutes: number;
  entryDate: string;
  note: string;
  billable: boolean;
}

export async function insertEntry(sql: Sql, f: EntryFields) {
  const id = uuidv7();
  await sql`insert into task_time_entries (id, task_id, project_id, user_id, started_at, minutes,
      entry_date, note, billable)
    values (${id}, ${f.taskId}, ${f.projectId}, ${f.userId}, ${f.startedAt}, ${f.minutes},
      ${f.entryDate}, ${f.note}, ${f.billable})`;
  return id;
}

export async function updateEntry(
  sql: Sql,
  id: string,
  f: { minutes: number; entryDate: string; note: string; billable: boolean },
) {
  await sql`update task_time_entries set minutes = ${f.minutes}, entry_date = ${f.entryDate},
      note = ${f.note}, billable = ${f.billable}, updated_at = now()
    where id = ${id}`;
}

export async function stopEntry(sql: Sql, id: string, endedAt: string, minutes: number) {
  await sql`update task_time_entries set ended_at = ${endedAt}, minutes = ${minutes},
      updated_at = now()
    where id = ${id}`;
}

export async function deleteEntry(sql: Sql, id: string) {
  await sql`delete from task_time_entries where id = ${id}`;
}

/** The database's clock (timers start and stop on it) and that instant's day in `zone`. */
export async function clock(sql: Sql, zone: string) {
  const [row] = await sql<{ now: string; today: string }[]>`
    select now() as now, (now() at time zone ${zone})::date as today`;
  return row;
}

/** Minutes spent on a task (stopped timers and manual entries). */
export async function spentOnTask(sql: Sql, taskId: string): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    select coalesce(sum(minutes), 0)::int as n from task_time_entries where task_id = ${taskId}`;
  return row.n;
}

/** Per task: estimate and minutes spent in the filter. */
export async function spentByTask(sql: Sql, session: Session, f: EntryFilter) {
  return await sql<{
    taskId: string;
    title: string;
    projectId: string;
    projectName: string;
    estimate: number | null;
    minutes: number;
  }[]>`
    select e.task_id, t.title, e.project_id, p.name as project_name,
      t.estimate::float8 as estimate, sum(e.minutes)::int as minutes
    from task_time_entries e
    join tasks t on t.tenant_id = e.tenant_id and t.id = e.task_id
    join projects p on p.tenant_id = e.tenant_id and p.id = e.project_id
    ${where(sql, session, f)}
    group by e.task_id, t.title, e.project_id, p.name, t.estimate
    order by sum(e.minutes) desc, t.title, e.task_id
    limit 500`;
}

/** Per project: the estimate of all its tasks and the minutes spent in the filter. */
export async function spentByProject(sql: Sql, session: Session, f: EntryFilter) {
  return await sql<{
    projectId: string;
    name: string;
    estimate: number;
    minutes: number;
    billable: number;
  }[]>`
    select e.project_id, p.name,
      (select coalesce(sum(x.estimate), 0)::float8 from tasks x
        where x.tenant_id = e.tenant_id and x.project_id = e.project_id) as estimate,
      sum(e.minutes)::int as minutes,
      coalesce(sum(e.minutes) filter (where e.billable), 0)::int as billable
    from task_time_entries e
    join projects p on p.tenant_id = e.tenant_id and p.id = e.project_id
    ${where(sql, session, f)}
    group by e.tenant_id, e.project_id, p.name
    order by p.name, e.project_id`;
}

/** Per person: minutes spent in the filter and the estimates of the tasks they spent them on. */
export async function spentByPerson(sql: Sql, session: Session, f: EntryFilter) {
  return await sql<{
    userId: string;
    name: string;
    minutes: number;
    billable: number;
    estimate: number;
  }[]>`
    with f as (select e.* from task_time_entries e ${where(sql, session, f)})
    select f.user_id, coalesce(u.name, '') as name, sum(f.minutes)::int as minutes,
      coalesce(sum(f.minutes) filter (where f.billable), 0)::int as billable,
      (select coalesce(sum(x.estimate), 0)::float8 from tasks x
        where x.id in (select g.task_id from f g where g.user_id = f.user_id)) as estimate
    from f
    left join member_directory u on u.user_id = f.user_id
    group by f.user_id, u.name
    order by u.name, f.user_id`;
}

/** Tasks the person may log time on in the timesheet (assigned, open, in their projects). */
export async function loggableTasks(sql: Sql, session: Session) {
  return await sql<{ id: string; title: string; projectName: string }[]>`
    select t.id, t.title, p.name as project_name from tasks t
    join projects p on p.tenant_id = t.tenant_id and p.id = t.project_id
    where ${visibleProjects(sql, session, sql`t.project_id`)} and not p.archived
      and t.done_at is null
      and (t.assignee_id = ${session.userId} or exists (select 1 from task_time_entries e
        where e.tenant_id = t.tenant_id and e.task_id = t.id and e.user_id = ${session.userId}
          and e.entry_date > current_date - 30))
    order by p.name, t.title, t.id
    limit 200`;
}

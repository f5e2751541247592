import { uuidv7 } from "uuidv7";
import type { Sql } from "../../../shared/db/database.ts";
import { rowOf, rowsOf } from "../../../shared/db/rows.ts";
import type { CycleRow } from "./cycles.schemas.ts";
import type { Stay } from "./cycles.rules.ts";

const TENANT = (sql: Sql) => sql`nullif(current_setting('app.tenant_id', true), '')::uuid`;

/** The tenant's time zone (days of cycles and timesheets are days there). */
export async function tenantZone(sql: Sql): Promise<string> {
  const [row] = await sql<{ timeZone: string }[]>`
    select time_zone from tenants where id = ${TENANT(sql)}`;
  return row?.timeZone ?? "UTC";
}

/** Today in a time zone. */
export async function todayIn(sql: Sql, zone: string): Promise<string> {
  const [row] = await sql<{ d: string }[]>`select (now() at time zone ${zone})::date as d`;
  return row.d;
}

const columns = (sql: Sql) =>
  sql`c.id, c.project_id, c.name, c.goal, c.start_date, c.end_date, c.completed_at,
    c.committed_tasks, c.completed_tasks, c.completed_estimate::float8 as completed_estimate,
    c.carried_tasks, c.created_at, c.updated_at,
    coalesce(k.total, 0)::int as total_tasks, coalesce(k.done, 0)::int as done_tasks,
    coalesce(k.total_estimate, 0)::float8 as total_estimate,
    coalesce(k.done_estimate, 0)::float8 as done_estimate`;

const joins = (sql: Sql) =>
  sql`from project_cycles c
    left join lateral (
      select count(*) as total, count(*) filter (where t.done_at is not null) as done,
        sum(t.estimate) as total_estimate,
        sum(t.estimate) filter (where t.done_at is not null) as done_estimate
      from tasks t where t.tenant_id = c.tenant_id and t.cycle_id = c.id
    ) k on true`;

export async function selectCycle(sql: Sql, id: string): Promise<CycleRow | undefined> {
  return await rowOf<CycleRow>(sql`select ${columns(sql)} ${joins(sql)} where c.id = ${id}`);
}

export async function selectCycles(sql: Sql, projectId: string): Promise<CycleRow[]> {
  return await rowsOf<CycleRow>(sql`
    select ${columns(sql)} ${joins(sql)} where c.project_id = ${projectId}
    order by c.start_date, c.id`);
}

/** Serialises cycle changes of one project (the overlap check reads, then writes). */
export async function lockProjectCycles(sql: Sql, projectId: string) {
  await sql`select pg_advisory_xact_lock(hashtextextended('project_cycles:' || ${projectId}, 0))`;
}

export interface CycleFields {
  name: string;
  goal: string;
  startDate: string;
  endDate: string;
}

export async function insertCycle(sql: Sql, projectId: string, userId: string, f: CycleFields) {
  const id = uuidv7();
  await sql`insert into project_cycles (id, project_id, name, goal, start_date, end_date,
      created_by)
    values (${id}, ${projectId}, ${f.name}, ${f.goal}, ${f.startDate}, ${f.endDate}, ${userId})`;
  return id;
}

export async function updateCycle(sql: Sql, id: string, f: CycleFields) {
  await sql`update project_cycles set name = ${f.name}, goal = ${f.goal},
      start_date = ${f.startDate}, end_date = ${f.endDate}, updated_at = now()
    where id = ${id}`;
}

export async function deleteCycle(sql: Sql, id: string) {
  await sql`delete from project_cycles where id = ${id}`;
}

/**
 * Tasks among `ids` that belong to the project: id, cycle and whether it is a done task of a
 * completed cycle (one that counted in that cycle's figures).
 */
export async function projectTasks(sql: Sql, projectId: string, ids: string[]) {
  return await sql<{ id: string; cycleId: string | null; doneInCompleted: boolean }[]>`
    select t.id, t.cycle_id,
      (c.completed_at is not null and t.done_at is not null) as done_in_completed
    from tasks t
    left join project_cycles c on c.tenant_id = t.tenant_id and c.id = t.cycle_id
    where t.project_id = ${projectId} and t.id = any(${ids}::uuid[])`;
}

export async function setTaskCycle(sql: Sql, ids: string[], cycleId: string | null) {
  if (!ids.length) return;
  await sql`update tasks set cycle_id = ${cycleId}, updated_at = now()
    where id = any(${ids}::uuid[]) and cycle_id is distinct from ${cycleId}`;
}

/** The cycle's tasks still open (carried on at completion). */
export async function openTasksOf(sql: Sql, cycleId: string): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`
    select id from tasks where cycle_id = ${cycleId} and done_at is null order by id`;
  return rows.map((r) => r.id);
}

/** Closes the open stays of these tasks in the cycle as carried on. */
export async function markCarried(sql: Sql, cycleId: string, ids: string[]) {
  if (!ids.length) return;
  await sql`update project_cycle_tasks set removed_at = now(), outcome = 'carried'
    where cycle_id = ${cycleId} and task_id = any(${ids}::uuid[]) and removed_at is null`;
}

export async function freezeCompletion(
  sql: Sql,
  id: string,
  f: { committed: number; completed: number; estimate: number; carried: number },
) {
  await sql`update project_cycles set completed_at = now(), committed_tasks = ${f.committed},
      completed_tasks = ${f.completed}, completed_estimate = ${f.estimate},
      carried_tasks = ${f.carried}, updated_at = now()
    where id = ${id}`;
}

/** Every stay of a task in the cycle, dates as days in `zone`. */
export async function staysOf(sql: Sql, cycleId: string, zone: string): Promise<Stay[]> {
  const rows = await sql<{
    taskId: string;
    added: string;
    removed: string | null;
    carried: boolean;
    doneOn: string | null;
    estimate: number | null;
  }[]>`
    select s.task_id, (s.added_at at time zone ${zone})::date as added,
      (s.removed_at at time zone ${zone})::date as removed,
      coalesce(s.outcome = 'carried', false) as carried,
      (t.done_at at time zone ${zone})::date as done_on, t.estimate::float8 as estimate
    from project_cycle_tasks s
    join tasks t on t.tenant_id = s.tenant_id and t.id = s.task_id
    where s.cycle_id = ${cycleId}
    order by s.id`;
  return rows;
}

/** The day (in `zone`) a timestamp falls on. */
export async function dayOf(sql: Sql, at: string, zone: string): Promise<string> {
  const [row] = await sql<
    { d: string }[]
  >`select (${at}::timestamptz at time zone ${zone})::date as d`;
  return row.d;
}

/** Completed cycles, latest first. */
export async function completedCycles(sql: Sql, projectId: string, last: number) {
  return await rowsOf<CycleRow>(sql`
    select ${columns(sql)} ${joins(sql)}
    where c.project_id = ${projectId} and c.completed_at is not null
    order by c.end_date desc, c.id desc limit ${last}`);
}

/** The cycle a task is in now (with its name), for the task page. */
export async function cycleOfTask(sql: Sql, taskId: string) {
  return await rowOf<{ id: string; name: string; startDate: string; endDate: string }>(sql`
    select c.id, c.name, c.start_date, c.end_date from tasks t
    join project_cycles c on c.tenant_id = t.tenant_id and c.id = t.cycle_id
    where t.id = ${taskId}`);
}

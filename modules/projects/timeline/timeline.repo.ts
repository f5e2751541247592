import type { Sql } from "../../../shared/db/database.ts";
import { rowsOf } from "../../../shared/db/rows.ts";
import type { Dated, DependencyKind, Link } from "./schedule.rules.ts";

/** A project's start and due dates, or undefined when it is not in the tenant. */
export async function projectDates(sql: Sql, projectId: string) {
  const [row] = await sql<{ name: string; startDate: string | null; dueDate: string | null }[]>`
    select name, start_date, due_date from projects where id = ${projectId}`;
  return row;
}

/** Every dependency that touches a task, as blocker or as the waiting one. */
export async function linksOfTask(sql: Sql, taskId: string): Promise<Link[]> {
  return await rowsOf<Link>(sql`
    select blocker_id, blocked_id, kind, lag_days from task_dependencies
    where blocked_id = ${taskId} or blocker_id = ${taskId}`);
}

/** Every dependency between tasks of a project. */
export async function linksOfProject(sql: Sql, projectId: string): Promise<Link[]> {
  return await rowsOf<Link>(sql`
    select d.blocker_id, d.blocked_id, d.kind, d.lag_days from task_dependencies d
    join tasks t on t.tenant_id = d.tenant_id and t.id = d.blocked_id
    where t.project_id = ${projectId}`);
}

/** Titles and dates of some tasks. */
export async function datedTasks(sql: Sql, ids: string[]): Promise<Dated[]> {
  if (!ids.length) return [];
  return await rowsOf<Dated>(sql`
    select id, title, start_date, due_date from tasks where id = any(${ids}::uuid[])`);
}

/** Sets the kind and lag of a task's existing dependencies. */
export async function setLinkKinds(
  sql: Sql,
  taskId: string,
  links: { taskId: string; kind: DependencyKind; lagDays: number }[],
) {
  for (const l of links) {
    await sql`update task_dependencies set kind = ${l.kind}, lag_days = ${l.lagDays}
      where blocked_id = ${taskId} and blocker_id = ${l.taskId}`;
  }
}

/** Whether a milestone belongs to the project. */
export async function milestoneInProject(sql: Sql, projectId: string, milestoneId: string) {
  const [row] = await sql`select 1 from project_milestones
    where id = ${milestoneId} and project_id = ${projectId}`;
  return !!row;
}

export async function setTaskMilestone(sql: Sql, taskId: string, milestoneId: string | null) {
  await sql`update tasks set milestone_id = ${milestoneId} where id = ${taskId}`;
}

export interface TimelineRow {
  id: string;
  title: string;
  startDate: string | null;
  dueDate: string | null;
  statusId: string;
  statusName: string;
  statusCategory: "open" | "done";
  assigneeId: string | null;
  assigneeName: string | null;
  milestoneId: string | null;
  parentId: string | null;
}

/**
 * What the timeline draws of some tasks (chosen by the task list's filters) or, with no ids
 * given, of every task of the project; oldest first, at most `limit`.
 */
export async function timelineRows(
  sql: Sql,
  { projectId, ids, limit }: { projectId: string; ids?: string[]; limit: number },
): Promise<TimelineRow[]> {
  if (ids && !ids.length) return [];
  return await rowsOf<TimelineRow>(sql`
    select t.id, t.title, t.start_date, t.due_date, t.status_id, s.name as status_name,
      s.category as status_category, t.assignee_id, ad.name as assignee_name, t.milestone_id,
      t.parent_id
    from tasks t
      join project_statuses s on s.tenant_id = t.tenant_id and s.id = t.status_id
      left join member_directory ad on ad.user_id = t.assignee_id
    where ${ids ? sql`t.id = any(${ids}::uuid[])` : sql`t.project_id = ${projectId}`}
    order by t.created_at, t.id
    limit ${limit}`);
}

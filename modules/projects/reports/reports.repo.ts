import type { Sql } from "../../../shared/db/database.ts";
import type { Session } from "../../../shared/http/env.ts";
import { visibleProjects } from "../access/access.repo.ts";

/** Tasks of visible, unarchived projects (or of one project), as a reusable condition. */
function scope(sql: Sql, session: Session, projectId?: string) {
  return projectId
    ? sql`t.project_id = ${projectId}`
    : sql`${visibleProjects(sql, session, sql`t.project_id`)} and t.project_id in
        (select id from projects where not archived)`;
}

export async function progressRows(sql: Sql, session: Session, projectId?: string) {
  return await sql<
    { projectId: string; name: string; status: string; total: number; done: number }[]
  >`
    select p.id as project_id, p.name, p.status, count(t.id)::int as total,
      count(t.done_at)::int as done
    from projects p left join tasks t on t.tenant_id = p.tenant_id and t.project_id = p.id
    where ${
    projectId ? sql`p.id = ${projectId}` : sql`not p.archived and ${visibleProjects(sql, session)}`
  }
    group by p.id, p.name, p.status order by p.name, p.id limit 500`;
}

export async function byStatusRows(sql: Sql, session: Session, projectId?: string) {
  return await sql<
    { projectId: string; statusId: string; name: string; category: string; count: number }[]
  >`
    select s.project_id, s.id as status_id, s.name, s.category, count(t.id)::int as count
    from project_statuses s left join tasks t on t.tenant_id = s.tenant_id and t.status_id = s.id
    where ${
    projectId
      ? sql`s.project_id = ${projectId}`
      : sql`${visibleProjects(sql, session, sql`s.project_id`)} and s.project_id in
        (select id from projects where not archived)`
  }
    group by s.project_id, s.id, s.name, s.category, s.position
    order by s.project_id, s.position`;
}

/** Per day of the last `days`: tasks created so far and done so far (a burn-up chart). */
export async function burnUpRows(sql: Sql, session: Session, days: number, projectId?: string) {
  return await sql<{ day: string; total: number; done: number }[]>`
    with d as (
      select generate_series(current_date - ${days - 1}::int, current_date, '1 day')::date as day
    )
    select d.day::text as day,
      (select count(*)::int from tasks t where ${scope(sql, session, projectId)}
         and t.created_at < d.day + 1) as total,
      (select count(*)::int from tasks t where ${scope(sql, session, projectId)}
         and t.done_at < d.day + 1) as done
    from d order by d.day`;
}

export async function distributionRows(
  sql: Sql,
  session: Session,
  by: "status" | "priority" | "assignee",
  projectId?: string,
) {
  const key = by === "status"
    ? sql`s.name`
    : by === "priority"
    ? sql`t.priority`
    : sql`coalesce(d.name, '')`;
  const id = by === "assignee" ? sql`t.assignee_id::text` : key;
  return await sql<{ key: string | null; label: string; count: number; open: number }[]>`
    select ${id} as key, ${key} as label, count(*)::int as count,
      count(*) filter (where t.done_at is null)::int as open
    from tasks t join project_statuses s on s.tenant_id = t.tenant_id and s.id = t.status_id
      left join member_directory d on d.user_id = t.assignee_id
    where ${scope(sql, session, projectId)}
    group by 1, 2 order by count(*) desc, 2 limit 200`;
}

export async function workloadRows(sql: Sql, session: Session, projectId?: string) {
  return await sql<
    {
      userId: string;
      name: string;
      email: string;
      open: number;
      overdue: number;
      estimate: number;
      done: number;
    }[]
  >`
    select m.user_id, d.name, d.email,
      count(t.id) filter (where t.done_at is null)::int as open,
      count(t.id) filter (where t.done_at is null and t.due_date < current_date)::int as overdue,
      coalesce(sum(t.estimate) filter (where t.done_at is null), 0)::float8 as estimate,
      count(t.done_at)::int as done
    from (select distinct user_id from project_members pm
          where ${
    projectId
      ? sql`pm.project_id = ${projectId}`
      : visibleProjects(sql, session, sql`pm.project_id`)
  }) m
      join member_directory d on d.user_id = m.user_id
      left join tasks t on t.assignee_id = m.user_id and ${scope(sql, session, projectId)}
    group by m.user_id, d.name, d.email
    order by open desc, name limit 500`;
}

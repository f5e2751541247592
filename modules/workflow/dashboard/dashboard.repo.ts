/** Figures of the workflow dashboard, counted in SQL (RLS-scoped). */
import type { Sql } from "../../../shared/db/database.ts";
import { type Viewer, visibleTo } from "../instances/instances.repo.ts";

const OPEN_TASK = `('created', 'claimed', 'delegated')`;

export async function instanceCounts(sql: Sql, v: Viewer) {
  const [row] = await sql<{ active: number; suspended: number; incidents: number }[]>`
    select count(*) filter (where i.state = 'active')::int as active,
      count(*) filter (where i.state = 'suspended')::int as suspended,
      coalesce(sum(i.incident_count) filter (where i.state in ('active', 'suspended')), 0)::int
        as incidents
    from workflow_instances i where i.state in ('active', 'suspended') ${visibleTo(sql, v)}`;
  return row;
}

export async function taskCounts(sql: Sql, v: Viewer) {
  const [row] = await sql<{ mine: number; pool: number; overdue: number }[]>`
    select count(*) filter (where assignee = ${v.userId})::int as mine,
      count(*) filter (where assignee is null and state = 'created' and (
        ${v.userId}::uuid = any(candidate_users) or candidate_roles && ${v.roles}::text[]))::int
        as pool,
      count(*) filter (where assignee = ${v.userId} and due_at < now())::int as overdue
    from workflow_tasks where state in ${sql.unsafe(OPEN_TASK)}`;
  return row;
}

/** Instances started and completed per day over the last `days` days (in `timeZone`). */
export async function perDay(sql: Sql, v: Viewer, days: number, timeZone: string) {
  return await sql<{ day: string; started: number; completed: number }[]>`
    with d as (
      select generate_series(
        date_trunc('day', now() at time zone ${timeZone}) - make_interval(days => ${days - 1}),
        date_trunc('day', now() at time zone ${timeZone}),
        interval '1 day') as day
    )
    select to_char(d.day, 'YYYY-MM-DD') as day,
      (select count(*)::int from workflow_instances i
        where i.started_at >= d.day at time zone ${timeZone}
          and i.started_at < (d.day + interval '1 day') at time zone ${timeZone}
          ${visibleTo(sql, v)}) as started,
      (select count(*)::int from workflow_instances i
        where i.state = 'completed' and i.ended_at >= d.day at time zone ${timeZone}
          and i.ended_at < (d.day + interval '1 day') at time zone ${timeZone}
          ${visibleTo(sql, v)}) as completed
    from d order by 1`;
}

export interface TaskRow {
  id: string;
  name: string;
  instanceId: string | null;
  instanceName: string | null;
  priority: string;
  dueAt: string | null;
  createdAt: string;
}

export async function newestTasks(sql: Sql, userId: string, limit: number) {
  return await sql<TaskRow[]>`
    select t.id, t.name, t.instance_id, i.name as instance_name, t.priority, t.due_at,
      t.created_at
    from workflow_tasks t left join workflow_instances i on i.id = t.instance_id
    where t.assignee = ${userId} and t.state in ${sql.unsafe(OPEN_TASK)}
    order by t.created_at desc, t.id desc limit ${limit}`;
}

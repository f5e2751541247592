/**
 * The SQL of the standard reports shipped with Workflow (every tenant has them; the query layer
 * has no percentile, week-bucket of end times or on-time comparison). Parameterised, scoped by
 * the caller's transaction: RLS keeps tenants apart.
 */
import type { Sql } from "../../../shared/db/database.ts";

const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** Completed instances per definition: how many, and their average and median hours. */
export async function cycleTimeRows(sql: Sql) {
  const rows = await sql<
    { definition: string; completed: string; avgHours: string | null; medianHours: string }[]
  >`select d.name as definition, count(*) as completed,
      round((avg(extract(epoch from i.ended_at - i.started_at)) / 3600)::numeric, 2) as avg_hours,
      round((percentile_cont(0.5) within group (order by extract(epoch from i.ended_at - i.started_at)) / 3600)::numeric, 2) as median_hours
    from workflow_instances i join workflow_definitions d on d.id = i.definition_id
    where i.state = 'completed' and i.ended_at is not null
    group by d.id, d.name order by d.name limit 1000`;
  return rows.map((r) => ({
    definition: r.definition,
    completed: n(r.completed),
    avgHours: n(r.avgHours),
    medianHours: n(r.medianHours),
  }));
}

/** Open tasks past their due time, per assignee (unassigned ones under null). */
export async function overduePerUserRows(sql: Sql, now: Date) {
  const rows = await sql<{ assignee: string | null; overdue: string }[]>`
    select m.name as assignee, count(*) as overdue
    from workflow_tasks t left join member_directory m on m.user_id = t.assignee
    where t.state in ('created', 'claimed', 'delegated') and t.due_at < ${now}
    group by t.assignee, m.name order by count(*) desc, m.name limit 1000`;
  return rows.map((r) => ({ assignee: r.assignee, overdue: n(r.overdue) }));
}

/** Instances completed per week (weeks start on Monday, UTC), the last `weeks` weeks. */
export async function throughputRows(sql: Sql, now: Date, weeks = 12) {
  const rows = await sql<{ week: string; completed: string }[]>`
    with w as (
      select generate_series(date_trunc('week', ${now}::timestamptz at time zone 'UTC') - make_interval(weeks => ${
    weeks - 1
  }),
        date_trunc('week', ${now}::timestamptz at time zone 'UTC'), interval '1 week') as week)
    select to_char(w.week, 'YYYY-MM-DD') as week, count(i.id) as completed
    from w left join workflow_instances i on i.state = 'completed'
      and date_trunc('week', i.ended_at at time zone 'UTC') = w.week
    group by w.week order by w.week`;
  return rows.map((r) => ({ week: r.week, completed: n(r.completed) }));
}

/** Completed user tasks with a due time, per definition: done on time and late. */
export async function taskSlaRows(sql: Sql) {
  const rows = await sql<{ definition: string | null; onTime: string; late: string }[]>`
    select d.name as definition,
      count(*) filter (where t.completed_at <= t.due_at) as on_time,
      count(*) filter (where t.completed_at > t.due_at) as late
    from workflow_tasks t left join workflow_definitions d on d.id = t.definition_id
    where t.state = 'completed' and t.due_at is not null and t.completed_at is not null
    group by d.id, d.name order by d.name nulls last limit 1000`;
  return rows.map((r) => ({ definition: r.definition, onTime: n(r.onTime), late: n(r.late) }));
}

import { uuidv7 } from "uuidv7";
import type { Sql } from "../../../shared/db/database.ts";
import type { SourceProject } from "./templates.rules.ts";
import type { TemplateContentT, TemplateRow } from "./templates.schemas.ts";
export type { TemplateRow };

const TENANT = (sql: Sql) => sql`nullif(current_setting('app.tenant_id', true), '')::uuid`;
const SUMMARY = (sql: Sql) =>
  sql`t.id, t.name, t.description, t.task_count, t.created_by,
    (select d.name from member_directory d where d.user_id = t.created_by) as created_by_name,
    t.created_at`;

export async function selectTemplates(sql: Sql): Promise<TemplateRow[]> {
  return await sql<TemplateRow[]>`
    select ${SUMMARY(sql)} from project_templates t order by lower(t.name), t.id limit 500`;
}

export async function selectTemplate(sql: Sql, id: string) {
  const [row] = await sql<(TemplateRow & { content: unknown })[]>`
    select ${SUMMARY(sql)}, t.content from project_templates t where t.id = ${id}`;
  return row;
}

export async function insertTemplate(
  sql: Sql,
  t: { name: string; description: string; content: TemplateContentT; userId: string },
) {
  const id = uuidv7();
  await sql`insert into project_templates
      (tenant_id, id, name, description, content, task_count, created_by)
    values (${TENANT(sql)}, ${id}, ${t.name}, ${t.description}, ${sql.json(t.content as never)},
      ${t.content.tasks.length}, ${t.userId})`;
  return id;
}

export async function deleteTemplate(sql: Sql, id: string) {
  await sql`delete from project_templates where id = ${id}`;
}

/** Everything of a project a template keeps, in display order. */
export async function readSource(sql: Sql, projectId: string): Promise<SourceProject> {
  const [p] = await sql<{ startDate: string | null; dueDate: string | null }[]>`
    select start_date::text as start_date, due_date::text as due_date from projects
    where id = ${projectId}`;
  const statuses = await sql<SourceProject["statuses"]>`
    select id, name, category from project_statuses where project_id = ${projectId}
    order by position, id`;
  const transitions = await sql<SourceProject["transitions"]>`
    select from_status_id, to_status_id, roles from project_status_transitions
    where project_id = ${projectId} order by from_status_id, to_status_id`;
  const fields = await sql<
    (SourceProject["fields"][number] & { minValue: unknown; maxValue: unknown })[]
  >`
    select f.id, f.name, f.type, f.required, f.description, f.min_value, f.max_value,
      coalesce((select json_agg(json_build_object('label', o.label, 'color', o.color)
        order by o.position, o.id) from project_field_options o
        where o.tenant_id = f.tenant_id and o.field_id = f.id), '[]'::json) as options
    from project_fields f where f.project_id = ${projectId} order by f.position, f.id`;
  const milestones = await sql<SourceProject["milestones"]>`
    select id, name, description, date::text as date from project_milestones
    where project_id = ${projectId} order by date, id`;
  const tasks = await sql<(SourceProject["tasks"][number] & { estimate: unknown })[]>`
    select id, title, description, status_id, priority, estimate, labels, parent_id,
      milestone_id, start_date::text as start_date, due_date::text as due_date
    from tasks where project_id = ${projectId} order by position, created_at, id limit 2001`;
  const dependencies = await sql<SourceProject["dependencies"]>`
    select d.blocker_id, d.blocked_id, d.kind, d.lag_days
    from task_dependencies d join tasks t on t.tenant_id = d.tenant_id and t.id = d.blocked_id
    where t.project_id = ${projectId} order by d.blocker_id, d.blocked_id`;
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    startDate: p.startDate,
    dueDate: p.dueDate,
    statuses: [...statuses],
    transitions: [...transitions],
    fields: fields.map((f) => ({ ...f, minValue: num(f.minValue), maxValue: num(f.maxValue) })),
    milestones: [...milestones],
    tasks: tasks.map((t) => ({ ...t, estimate: num(t.estimate) })),
    dependencies: [...dependencies],
  };
}

/** The new project's flow: its default statuses give way to the template's (it has no tasks). */
export async function writeFlow(
  sql: Sql,
  projectId: string,
  c: Pick<TemplateContentT, "statuses" | "transitions">,
): Promise<Map<string, string>> {
  await sql`delete from project_status_transitions where project_id = ${projectId}`;
  await sql`delete from project_statuses where project_id = ${projectId}`;
  const ids = new Map<string, string>();
  for (const [position, s] of c.statuses.entries()) {
    const id = uuidv7();
    ids.set(s.key, id);
    await sql`insert into project_statuses (tenant_id, id, project_id, name, category, position)
      values (${TENANT(sql)}, ${id}, ${projectId}, ${s.name}, ${s.category}, ${position})`;
  }
  for (const x of c.transitions) {
    await sql`insert into project_status_transitions
        (tenant_id, project_id, from_status_id, to_status_id, roles)
      values (${TENANT(sql)}, ${projectId}, ${ids.get(x.from)!}, ${ids.get(x.to)!}, ${x.roles})
      on conflict do nothing`;
  }
  return ids;
}

export async function writeFields(
  sql: Sql,
  projectId: string,
  fields: (TemplateContentT["fields"][number] & { nameKey: string })[],
) {
  for (const [position, f] of fields.entries()) {
    const id = uuidv7();
    await sql`insert into project_fields (tenant_id, id, project_id, name, name_key, type, required,
        description, position, min_value, max_value)
      values (${TENANT(sql)}, ${id}, ${projectId}, ${f.name}, ${f.nameKey}, ${f.type},
        ${f.required}, ${f.description}, ${position}, ${f.minValue}, ${f.maxValue})`;
    for (const [i, o] of f.options.entries()) {
      await sql`insert into project_field_options (tenant_id, id, field_id, label, color, position)
        values (${TENANT(sql)}, ${uuidv7()}, ${id}, ${o.label}, ${o.color}, ${i})`;
    }
  }
}

export async function insertMilestone(
  sql: Sql,
  projectId: string,
  m: { name: string; description: string; date: string; userId: string },
) {
  const id = uuidv7();
  await sql`insert into project_milestones
      (tenant_id, id, project_id, name, date, description, created_by)
    values (${TENANT(sql)}, ${id}, ${projectId}, ${m.name}, ${m.date}, ${m.description},
      ${m.userId})`;
  return id;
}

export async function insertTemplateTask(
  sql: Sql,
  projectId: string,
  t: {
    title: string;
    description: string;
    statusId: string;
    done: boolean;
    priority: string;
    estimate: number | null;
    labels: string[];
    parentId: string | null;
    milestoneId: string | null;
    startDate: string | null;
    dueDate: string | null;
    position: number;
    userId: string;
  },
) {
  const id = uuidv7();
  await sql`insert into tasks (tenant_id, id, project_id, title, description, status_id, priority,
      start_date, due_date, estimate, labels, parent_id, milestone_id, position, done_at,
      created_by)
    values (${TENANT(sql)}, ${id}, ${projectId}, ${t.title}, ${t.description}, ${t.statusId},
      ${t.priority}, ${t.startDate}, ${t.dueDate}, ${t.estimate}, ${t.labels}, ${t.parentId},
      ${t.milestoneId}, ${t.position}, ${t.done ? sql`now()` : null}, ${t.userId})`;
  return id;
}

export async function insertDependency(
  sql: Sql,
  d: { blockerId: string; blockedId: string; kind: string; lagDays: number },
) {
  await sql`insert into task_dependencies (tenant_id, blocker_id, blocked_id, kind, lag_days)
    values (${TENANT(sql)}, ${d.blockerId}, ${d.blockedId}, ${d.kind}, ${d.lagDays})
    on conflict do nothing`;
}

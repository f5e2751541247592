/**
 * Search over instances (name, business key, variable values) and tasks (name, and their
 * instance's business key and variable values), narrowed by definition, assignee, days and one
 * variable's value. The engine and tasks features may leave the stored `search` columns empty:
 * then the text is folded at query time with platform_fold, the same folding as
 * shared/text/fold.ts.
 */
import type { Sql } from "../../../shared/db/database.ts";
import { foldedContains } from "../../../shared/text/fold.ts";
import type { ProcessHit, SearchCriteria, TaskHit } from "./search.schemas.ts";
import { type Viewer, visibleTo } from "../instances/instances.repo.ts";

/** Top-level variable values as one folded text (keys left out: `amount` must not find all). */
const valuesText = (sql: Sql) =>
  sql`platform_fold(coalesce((select string_agg(e.value, ' ')
    from jsonb_each_text(i.variables) e), ''))`;

const instanceText = (sql: Sql) =>
  sql`(case when i.search <> '' then i.search
    else platform_fold(i.name || ' ' || coalesce(i.business_key, '')) end)`;

/** Instance-level conditions shared by both lists (`i` is the instance). */
function instanceFilters(sql: Sql, c: SearchCriteria) {
  const parts = [];
  if (c.definitionId) parts.push(sql`and i.definition_id = ${c.definitionId}::uuid`);
  if (c.variable) {
    parts.push(
      c.value
        ? sql`and platform_fold(i.variables ->> ${c.variable}) = platform_fold(${c.value})`
        : sql`and i.variables ? ${c.variable}`,
    );
  }
  return parts.reduce((a, b) => sql`${a} ${b}`, sql``);
}

/** A day range on a timestamp column; `to` is inclusive (up to the next day's start). */
function dayRange(sql: Sql, of: "instance" | "task", c: SearchCriteria) {
  const column = of === "instance" ? sql`i.started_at` : sql`t.created_at`;
  return sql`${c.from ? sql`and ${column} >= ${c.from}::date` : sql``}
    ${c.to ? sql`and ${column} < ${c.to}::date + 1` : sql``}`;
}

export async function processHits(sql: Sql, v: Viewer, c: SearchCriteria, limit: number) {
  const text = c.q
    ? sql`and (${instanceText(sql)} like ${foldedContains(c.q)}
        or ${valuesText(sql)} like ${foldedContains(c.q)})`
    : sql``;
  const assignee = c.assignee
    ? sql`and exists (select 1 from workflow_tasks t where t.instance_id = i.id
        and (t.assignee = ${c.assignee}::uuid or t.completed_by = ${c.assignee}::uuid))`
    : sql``;
  return await sql<ProcessHit[]>`
    select i.id, i.name, i.business_key, i.state, d.name as definition_name, i.started_at
    from workflow_instances i join workflow_definitions d on d.id = i.definition_id
    where true ${text} ${instanceFilters(sql, c)} ${assignee}
      ${dayRange(sql, "instance", c)} ${visibleTo(sql, v)}
    order by i.started_at desc, i.id desc limit ${limit}`;
}

/** Tasks: all for managers; else the reader's, their pool's, or of instances they see. */
export async function taskHits(sql: Sql, v: Viewer, c: SearchCriteria, limit: number) {
  const mineOrVisible = v.all ? sql`` : sql`and (t.assignee = ${v.userId}
    or t.owner = ${v.userId} or t.completed_by = ${v.userId} or t.created_by = ${v.userId}
    or ${v.userId}::uuid = any(t.candidate_users) or t.candidate_roles && ${v.roles}::text[]
    or exists (select 1 from workflow_instances i where i.id = t.instance_id ${
    visibleTo(sql, v)
  }))`;
  const taskText = sql`(case when t.search <> '' then t.search else platform_fold(t.name) end)`;
  const text = c.q
    ? sql`and (${taskText} like ${foldedContains(c.q)}
        or (i.id is not null and (${instanceText(sql)} like ${foldedContains(c.q)}
          or ${valuesText(sql)} like ${foldedContains(c.q)})))`
    : sql``;
  // Instance conditions cannot hold for a stand-alone task.
  const onInstance = c.definitionId || c.variable
    ? sql`and i.id is not null ${instanceFilters(sql, c)}`
    : sql``;
  const assignee = c.assignee ? sql`and t.assignee = ${c.assignee}::uuid` : sql``;
  return await sql<TaskHit[]>`
    select t.id, t.name, t.state, i.name as instance_name, md.name as assignee_name, t.created_at
    from workflow_tasks t
      left join workflow_instances i on i.id = t.instance_id
      left join member_directory md on md.user_id = t.assignee
    where true ${text} ${onInstance} ${assignee} ${dayRange(sql, "task", c)}
      ${mineOrVisible}
    order by t.created_at desc, t.id desc limit ${limit}`;
}

/** People for the assignee filter, by name. */
export async function assigneeOptions(sql: Sql) {
  return await sql<{ id: string; name: string }[]>`
    select user_id as id, name from member_directory where status = 'active'
    order by lower(name), user_id limit 500`;
}

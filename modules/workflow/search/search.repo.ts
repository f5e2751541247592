/**
 * Search over instances (name, business key) and tasks (name). The engine and tasks features
 * may leave the stored `search` columns empty: then the text is folded at query time with
 * platform_fold, the same folding as shared/text/fold.ts.
 */
import type { Sql } from "../../../shared/db/database.ts";
import { foldedContains } from "../../../shared/text/fold.ts";
import type { ProcessHit, TaskHit } from "./search.schemas.ts";
import { instanceSearch, type Viewer, visibleTo } from "../instances/instances.repo.ts";

export async function processHits(sql: Sql, v: Viewer, q: string, limit: number) {
  return await sql<ProcessHit[]>`
    select i.id, i.name, i.business_key, i.state, d.name as definition_name, i.started_at
    from workflow_instances i join workflow_definitions d on d.id = i.definition_id
    where true ${instanceSearch(sql, q)} ${visibleTo(sql, v)}
    order by i.started_at desc, i.id desc limit ${limit}`;
}

/** Tasks by name: all for managers; else the reader's, their pool's, or of instances they see. */
export async function taskHits(sql: Sql, v: Viewer, q: string, limit: number) {
  const mineOrVisible = v.all ? sql`` : sql`and (t.assignee = ${v.userId}
    or t.owner = ${v.userId} or t.completed_by = ${v.userId} or t.created_by = ${v.userId}
    or ${v.userId}::uuid = any(t.candidate_users) or t.candidate_roles && ${v.roles}::text[]
    or exists (select 1 from workflow_instances i where i.id = t.instance_id ${
    visibleTo(sql, v)
  }))`;
  return await sql<TaskHit[]>`
    select t.id, t.name, t.state, i.name as instance_name, md.name as assignee_name, t.created_at
    from workflow_tasks t
      left join workflow_instances i on i.id = t.instance_id
      left join member_directory md on md.user_id = t.assignee
    where (case when t.search <> '' then t.search else platform_fold(t.name) end)
      like ${foldedContains(q)}
      ${mineOrVisible}
    order by t.created_at desc, t.id desc limit ${limit}`;
}

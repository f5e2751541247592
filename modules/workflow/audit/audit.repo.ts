import type { Sql } from "../../../shared/db/database.ts";
import type { AuditCategory } from "./audit.schemas.ts";

/** The filters as the repo applies them (bounds already instants). */
export interface AuditFilter {
  category?: AuditCategory;
  /** A member's id, or null for the engine's own lines. */
  actorId?: string | null;
  instanceId?: string;
  definitionId?: string;
  /** Inclusive, ISO 8601. */
  from?: string;
  /** Exclusive, ISO 8601. */
  to?: string;
}

export interface AuditRow {
  id: string;
  at: string;
  sortAt: string;
  source: "engine" | "task" | "activity";
  category: AuditCategory;
  event: string;
  actorId: string | null;
  actorName: string | null;
  instanceId: string | null;
  instanceName: string | null;
  definitionId: string | null;
  definitionName: string | null;
  taskId: string | null;
  taskName: string | null;
  elementName: string | null;
  subject: string | null;
  summary: string | null;
  fromName: string | null;
  toName: string | null;
  beforeJson: string | null;
  afterJson: string | null;
  dataJson: string | null;
}

/**
 * One read model over the three places workflow events live: the engine's instance history,
 * the task history and the platform activity log (module "workflow": definitions, migrations,
 * global variables, data models and records). The activity log's own `process` lines are left
 * out: the engine's history holds the same facts (cancel, suspend, resume, variables,
 * incidents) with the same actor.
 * The engine's task.created/task.completed lines are left out too: the task history has them.
 * jsonb is read as text (the driver's camel transform would rename keys inside it). Newest
 * first, keyset on (at, id) with microsecond precision; fetches limit + 1.
 */
export async function selectAudit(
  sql: Sql,
  f: AuditFilter,
  limit: number,
  after: [string, string] | null,
): Promise<AuditRow[]> {
  return await sql<AuditRow[]>`
    with audit as (
      select h.id, h.at, 'engine' as source,
        case
          when h.event = 'process.migrated' then 'migration'
          when h.event like 'process.%' then 'process'
          when h.event like 'incident.%' then 'incident'
          when h.event = 'variables.changed' then 'variable'
          else 'step'
        end as category,
        h.event, h.actor, h.instance_id, i.name as instance_name, i.definition_id,
        d.name as definition_name, null::uuid as task_id, null::text as task_name,
        coalesce(nullif(v.model->'elements'->h.element_id->>'name', ''), h.element_id)
          as element_name,
        null::text as subject, null::text as summary, null::uuid as from_user,
        null::uuid as to_user, null::text as before_json, null::text as after_json,
        h.data::text as data_json
      from workflow_history h
        join workflow_instances i on i.id = h.instance_id
        join workflow_definitions d on d.id = i.definition_id
        left join workflow_definition_versions v on v.id = i.version_id
      where h.event not in ('task.created', 'task.completed')
      union all
      select e.id, e.at, 'task', 'task', e.event, e.actor, t.instance_id, i.name,
        d.id, d.name, t.id, t.name, null, null, null, e.from_user, e.to_user, null, null,
        e.data::text
      from workflow_task_events e
        join workflow_tasks t on t.id = e.task_id
        left join workflow_instances i on i.id = t.instance_id
        left join workflow_definitions d on d.id = coalesce(t.definition_id, i.definition_id)
      union all
      select a.id, a.occurred_at, 'activity',
        case
          when a.entity_type = 'global' then 'global'
          when a.entity_type in ('data_model', 'data_record') then 'data'
          when a.entity_type in ('history_cleanup', 'settings') then 'cleanup'
          when a.action = 'migrated' then 'migration'
          else 'definition'
        end,
        a.entity_type || '.' || a.action, a.actor_id, null, null, d.id, d.name, null, null,
        null, case when a.entity_type = 'global' then a.entity_id
          when a.entity_type in ('data_model', 'data_record')
            then coalesce(a.after, a.before)->>'name' end, a.summary, null, null,
        a.before::text, a.after::text, a.changes::text
      from activity a
        left join workflow_definitions d
          on a.entity_type = 'definition' and d.id::text = a.entity_id
      where a.tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid
        and a.module = 'workflow' and a.entity_type <> 'process'
    )
    select x.id, x.at, x.source, x.category, x.event, x.actor as actor_id,
      ma.name as actor_name, x.instance_id, x.instance_name, x.definition_id,
      x.definition_name, x.task_id, x.task_name, x.element_name, x.subject, x.summary,
      mf.name as from_name, mt.name as to_name, x.before_json, x.after_json, x.data_json,
      to_char(x.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as sort_at
    from audit x
      left join member_directory ma on ma.user_id = x.actor
      left join member_directory mf on mf.user_id = x.from_user
      left join member_directory mt on mt.user_id = x.to_user
    where true
      ${f.category ? sql`and x.category = ${f.category}` : sql``}
      ${f.actorId ? sql`and x.actor = ${f.actorId}::uuid` : sql``}
      ${f.actorId === null ? sql`and x.actor is null` : sql``}
      ${f.instanceId ? sql`and x.instance_id = ${f.instanceId}::uuid` : sql``}
      ${f.definitionId ? sql`and x.definition_id = ${f.definitionId}::uuid` : sql``}
      ${f.from ? sql`and x.at >= ${f.from}::timestamptz` : sql``}
      ${f.to ? sql`and x.at < ${f.to}::timestamptz` : sql``}
      ${after ? sql`and (x.at, x.id) < (${after[0]}::timestamptz, ${after[1]}::uuid)` : sql``}
    order by x.at desc, x.id desc
    limit ${limit + 1}`;
}

/** Members and definitions for the page's filters (the first 200 of each by name). */
export async function selectFilterChoices(sql: Sql) {
  const people = await sql<{ id: string; name: string }[]>`
    select user_id as id, name from member_directory where status is not null
    order by name limit 200`;
  const definitions = await sql<{ id: string; name: string }[]>`
    select id, name from workflow_definitions order by name limit 200`;
  return { people, definitions };
}

/**
 * External tasks' SQL (workflow_external_tasks, migration 0068). Lock times are the database's
 * clock (now()), so several app instances agree on when a lock has expired. Variables travel as
 * text: the connection's camelCase transform would otherwise rename their keys.
 */
import type { Sql } from "../../../shared/db/database.ts";

export interface ExternalTaskRow {
  id: string;
  instanceId: string;
  tokenId: string;
  elementId: string;
  activityName: string;
  definitionId: string;
  definitionKey: string;
  businessKey: string | null;
  topic: string;
  workerId: string | null;
  lockExpiresAt: string | null;
  retries: number | null;
  retryAt: string | null;
  errorMessage: string | null;
  errorDetails: string | null;
  priority: number;
  createdAt: string;
}

const COLUMNS = (sql: Sql) =>
  sql`id, instance_id, token_id, element_id, activity_name, definition_id, definition_key,
    business_key, topic, worker_id, lock_expires_at, retries, retry_at, error_message,
    error_details, priority::float8 as priority, created_at`;

/**
 * The token's task, fetchable afresh: a new visit, or the same token run again after its
 * incident was retried (the worker's last failure and lock are forgotten).
 */
export async function upsertExternalTask(
  sql: Sql,
  t: Pick<
    ExternalTaskRow,
    | "id"
    | "instanceId"
    | "tokenId"
    | "elementId"
    | "activityName"
    | "definitionId"
    | "definitionKey"
    | "businessKey"
    | "topic"
    | "priority"
  >,
): Promise<string> {
  const [row] = await sql`
    insert into workflow_external_tasks (id, instance_id, token_id, element_id, activity_name,
      definition_id, definition_key, business_key, topic, priority)
    values (${t.id}, ${t.instanceId}, ${t.tokenId}, ${t.elementId}, ${t.activityName},
      ${t.definitionId}, ${t.definitionKey}, ${t.businessKey}, ${t.topic}, ${t.priority})
    on conflict (tenant_id, token_id) do update set element_id = excluded.element_id,
      topic = excluded.topic, priority = excluded.priority, worker_id = null,
      lock_expires_at = null, retries = null, retry_at = null, error_message = null,
      error_details = null, created_at = now()
    returning id`;
  return row.id as string;
}

export async function externalTaskById(
  sql: Sql,
  id: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<(ExternalTaskRow & { locked: boolean }) | null> {
  const [row] = lock
    ? await sql`
      select ${COLUMNS(sql)}, coalesce(lock_expires_at > now(), false) as locked
      from workflow_external_tasks where id = ${id} for update`
    : await sql`
      select ${COLUMNS(sql)}, coalesce(lock_expires_at > now(), false) as locked
      from workflow_external_tasks where id = ${id}`;
  return (row as ExternalTaskRow & { locked: boolean }) ?? null;
}

export async function deleteExternalTask(sql: Sql, id: string) {
  await sql`delete from workflow_external_tasks where id = ${id}`;
}

/** Tokens that ended (cancelled, interrupted) take their external tasks with them. */
export async function deleteExternalTasksOfTokens(sql: Sql, tokenIds: string[]) {
  if (!tokenIds.length) return;
  await sql`delete from workflow_external_tasks where token_id = any(${tokenIds}::uuid[])`;
}

/**
 * Locks up to `max` fetchable tasks of the topics for the worker, highest priority and oldest
 * first. `skip locked` plus the re-check of the lock time on the row's newest version (READ
 * COMMITTED) hand an expired lock to exactly one of several workers asking at once.
 */
export async function lockFetchable(
  sql: Sql,
  { workerId, max, topics }: {
    workerId: string;
    max: number;
    topics: { topic: string; lockMs: number }[];
  },
): Promise<ExternalTaskRow[]> {
  if (!topics.length || max < 1) return [];
  const names = topics.map((t) => t.topic);
  const durations = topics.map((t) => t.lockMs);
  return await sql<ExternalTaskRow[]>`
    with want as (
      select w.topic, max(w.ms) as ms
      from unnest(${names}::text[], ${durations}::bigint[]) as w(topic, ms) group by w.topic
    ), picked as (
      select e.tenant_id, e.id, w.ms
      from workflow_external_tasks e
      join want w on w.topic = e.topic
      join workflow_tokens k
        on k.tenant_id = e.tenant_id and k.id = e.token_id and k.state = 'waiting'
      -- Not state = 'active': that would draw the planner to the partial index of live
      -- instances (scanning the tenant's) instead of the primary key. A waiting token's
      -- instance is active or suspended; suspended ones hand out nothing (Camunda).
      join workflow_instances i
        on i.tenant_id = e.tenant_id and i.id = e.instance_id and i.state <> 'suspended'
      where (e.lock_expires_at is null or e.lock_expires_at <= now())
        and (e.retries is null or e.retries > 0)
        and (e.retry_at is null or e.retry_at <= now())
      order by e.priority desc, e.created_at, e.id
      limit ${max}
      for update of e skip locked
    )
    update workflow_external_tasks x
    set worker_id = ${workerId}, lock_expires_at = now() + p.ms * interval '1 millisecond'
    from picked p
    where x.tenant_id = p.tenant_id and x.id = p.id
    returning x.id, x.instance_id, x.token_id, x.element_id, x.activity_name, x.definition_id,
      x.definition_key, x.business_key, x.topic, x.worker_id, x.lock_expires_at, x.retries,
      x.retry_at, x.error_message, x.error_details, x.priority::float8 as priority, x.created_at`;
}

/**
 * The variables each task's token sees as JSON texts: the instance's, then each enclosing
 * scope's from the outermost to the token itself (the caller merges them in that order).
 */
export async function scopeVariables(
  sql: Sql,
  taskIds: string[],
): Promise<Map<string, { instance: string; scopes: string }>> {
  if (!taskIds.length) return new Map();
  const rows = await sql`
    select e.id, i.variables::text as instance_json,
      (with recursive chain (id, parent, vars, depth) as (
         select k.id, k.parent_token_id, k.vars, 0
         from workflow_tokens k where k.tenant_id = e.tenant_id and k.id = e.token_id
         union all
         select p.id, p.parent_token_id, p.vars, c.depth + 1
         from workflow_tokens p join chain c on p.tenant_id = e.tenant_id and p.id = c.parent
       )
       select coalesce(json_agg(vars order by depth desc), '[]'::json)::text from chain
      ) as scopes_json
    from workflow_external_tasks e
    join workflow_instances i on i.tenant_id = e.tenant_id and i.id = e.instance_id
    where e.id = any(${taskIds}::uuid[])`;
  return new Map(
    rows.map((r) => [r.id as string, {
      instance: r.instanceJson as string,
      scopes: r.scopesJson as string,
    }]),
  );
}

/** A failure: the lock is released; `retries` left, fetchable again after `retryMs`. */
export async function recordFailure(
  sql: Sql,
  id: string,
  f: { retries: number; retryMs: number; message: string; details: string | null },
) {
  await sql`
    update workflow_external_tasks
    set worker_id = null, lock_expires_at = null, retries = ${f.retries},
      retry_at = case when ${f.retryMs}::bigint > 0
        then now() + ${f.retryMs}::bigint * interval '1 millisecond' end,
      error_message = ${f.message}, error_details = ${f.details}
    where id = ${id}`;
}

export async function extendLock(sql: Sql, id: string, ms: number): Promise<string> {
  const [row] = await sql`
    update workflow_external_tasks
    set lock_expires_at = now() + ${ms}::bigint * interval '1 millisecond'
    where id = ${id} returning lock_expires_at`;
  return row.lockExpiresAt as string;
}

export async function unlock(sql: Sql, id: string) {
  await sql`
    update workflow_external_tasks set worker_id = null, lock_expires_at = null where id = ${id}`;
}

/** Tasks whose token still waits in a running (or suspended) instance, newest first. */
export async function selectExternalTasks(
  sql: Sql,
  q: {
    id?: string;
    topic?: string;
    workerId?: string;
    instanceId?: string;
    locked?: boolean;
    before: string | null;
    limit: number;
  },
): Promise<(ExternalTaskRow & { locked: boolean; suspended: boolean })[]> {
  return await sql<(ExternalTaskRow & { locked: boolean; suspended: boolean })[]>`
    select e.id, e.instance_id, e.token_id, e.element_id, e.activity_name, e.definition_id,
      e.definition_key, e.business_key, e.topic, e.worker_id, e.lock_expires_at, e.retries,
      e.retry_at, e.error_message, e.error_details, e.priority::float8 as priority,
      e.created_at, coalesce(e.lock_expires_at > now(), false) as locked,
      i.state = 'suspended' as suspended
    from workflow_external_tasks e
    join workflow_tokens k
      on k.tenant_id = e.tenant_id and k.id = e.token_id and k.state in ('waiting', 'incident')
    join workflow_instances i on i.tenant_id = e.tenant_id and i.id = e.instance_id
      and i.state not in ('completed', 'cancelled', 'terminated')
    where true
      ${q.id !== undefined ? sql`and e.id = ${q.id}` : sql``}
      ${q.topic !== undefined ? sql`and e.topic = ${q.topic}` : sql``}
      ${q.workerId !== undefined ? sql`and e.worker_id = ${q.workerId}` : sql``}
      ${q.instanceId !== undefined ? sql`and e.instance_id = ${q.instanceId}` : sql``}
      ${
    q.locked === undefined
      ? sql``
      : q.locked
      ? sql`and e.lock_expires_at > now()`
      : sql`and (e.lock_expires_at is null or e.lock_expires_at <= now())`
  }
      ${q.before ? sql`and e.id < ${q.before}` : sql``}
    order by e.id desc
    limit ${q.limit + 1}`;
}

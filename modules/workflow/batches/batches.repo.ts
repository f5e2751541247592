/**
 * Batches' SQL: choosing the instances (read from the engine's tables), the batch and its
 * items, progress counters, the next chunk, failures.
 */
import type { Sql } from "../../../shared/db/database.ts";
import type { Batch, BatchFailure, BatchQuery } from "./batches.schemas.ts";

// deno-lint-ignore no-explicit-any
const joinSql = (sql: Sql, parts: any[]) =>
  parts.filter(Boolean).reduce((acc, part) => sql`${acc} ${part}`, sql``);

export interface Chosen {
  id: string;
  name: string;
}

/** The instances a query selects (oldest first), at most `limit`. */
export async function matchingInstances(
  sql: Sql,
  q: BatchQuery & { states: string[]; notVersionId?: string; limit: number },
): Promise<Chosen[]> {
  const f = joinSql(sql, [
    q.definitionKey && sql`and d.key = ${q.definitionKey}`,
    q.version && sql`and v.version = ${q.version}`,
    sql`and i.state = any(${q.states}::text[])`,
    q.businessKey && sql`and i.business_key = ${q.businessKey}`,
    q.startedAfter && sql`and i.started_at >= ${q.startedAfter}`,
    q.startedBefore && sql`and i.started_at < ${q.startedBefore}`,
    q.instanceIds && sql`and i.id = any(${q.instanceIds}::uuid[])`,
    q.notVersionId && sql`and i.version_id <> ${q.notVersionId}`,
  ]);
  return await sql<Chosen[]>`
    select i.id, i.name from workflow_instances i
      join workflow_definitions d on d.id = i.definition_id
      join workflow_definition_versions v on v.id = i.version_id
    where true ${f} order by i.started_at, i.id limit ${q.limit}`;
}

/** Processes a batch may name (the new-batch form's choices). */
export async function definitionKeys(sql: Sql) {
  return await sql<{ key: string; name: string }[]>`
    select key, name from workflow_definitions where latest_version > 0
    order by lower(name), key limit 500`;
}

export async function versionIdOf(sql: Sql, key: string, version: number) {
  const [row] = await sql<{ id: string }[]>`
    select v.id from workflow_definition_versions v
      join workflow_definitions d on d.id = v.definition_id
    where d.key = ${key} and v.version = ${version}`;
  return row?.id ?? null;
}

export async function instanceNow(sql: Sql, instanceId: string) {
  const [row] = await sql<{ versionId: string; state: string }[]>`
    select version_id, state from workflow_instances where id = ${instanceId}`;
  return row ?? null;
}

export async function insertBatch(
  sql: Sql,
  b: {
    id: string;
    type: string;
    query: unknown;
    input: unknown;
    createdBy: string | null;
    items: Chosen[];
  },
) {
  await sql`insert into workflow_batches (id, type, query, input, total, created_by)
    values (${b.id}, ${b.type}, ${JSON.stringify(b.query)}::text::jsonb,
      ${JSON.stringify(b.input)}::text::jsonb, ${b.items.length}, ${b.createdBy})`;
  await sql`insert into workflow_batch_items (batch_id, instance_id, instance_name)
    select ${b.id}, x.id, x.name
    from unnest(${b.items.map((i) => i.id)}::uuid[], ${b.items.map((i) => i.name)}::text[])
      as x(id, name)`;
}

export type BatchRow = Batch & { input: Record<string, unknown>; createdKey: string };

const US = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;

const columns = (sql: Sql) =>
  sql`b.id, b.type, b.state, b.total, b.done, b.failed, b.query::text as query_json,
    b.input::text as input_json, b.created_by, md.name as created_by_name, b.created_at,
    b.finished_at, to_char(b.created_at at time zone 'UTC', ${sql.unsafe(US)}) as created_key`;

// jsonb travels as text: the driver's camel transform would rename keys inside it (Task_1).
const parse = ({ queryJson, inputJson, ...r }: Record<string, unknown>) =>
  ({
    ...r,
    query: JSON.parse(String(queryJson)),
    input: JSON.parse(String(inputJson)),
  }) as BatchRow;

export async function selectBatches(
  sql: Sql,
  o: { limit: number; after: (string | number)[] | null; state?: string },
): Promise<BatchRow[]> {
  const f = joinSql(sql, [
    o.state && sql`and b.state = ${o.state}`,
    o.after && sql`and (b.created_at, b.id) < (${o.after[0]}::timestamptz, ${o.after[1]}::uuid)`,
  ]);
  const rows = await sql`select ${columns(sql)} from workflow_batches b
      left join member_directory md on md.user_id = b.created_by
    where true ${f} order by b.created_at desc, b.id desc limit ${o.limit + 1}`;
  return rows.map(parse);
}

export async function findBatch(sql: Sql, id: string, lock = false): Promise<BatchRow | null> {
  const [row] = await sql`select ${columns(sql)} from workflow_batches b
      left join member_directory md on md.user_id = b.created_by
    where b.id = ${id} ${lock ? sql`for update of b` : sql``}`;
  return row ? parse(row) : null;
}

export async function batchFailures(sql: Sql, id: string, limit: number) {
  return await sql<BatchFailure[]>`
    select instance_id, instance_name, coalesce(message, '') as message, attempts
    from workflow_batch_items where batch_id = ${id} and state = 'failed'
    order by instance_name, instance_id limit ${limit}`;
}

export async function pendingCount(sql: Sql, id: string): Promise<number> {
  const [row] = await sql<{ n: number }[]>`select count(*)::int as n from workflow_batch_items
    where batch_id = ${id} and state = 'pending'`;
  return row.n;
}

export async function nextPending(sql: Sql, id: string, n: number): Promise<string[]> {
  const rows = await sql<{ instanceId: string }[]>`select instance_id from workflow_batch_items
    where batch_id = ${id} and state = 'pending' order by instance_id limit ${n}`;
  return rows.map((r) => r.instanceId);
}

/** Records one item's outcome; false when it was no longer pending (a repeated job). */
export async function markItem(
  sql: Sql,
  b: { batchId: string; instanceId: string; ok: boolean; message?: string },
): Promise<boolean> {
  const rows = await sql`update workflow_batch_items
    set state = ${b.ok ? "done" : "failed"}, message = ${b.message ?? null},
      attempts = attempts + 1, updated_at = now()
    where batch_id = ${b.batchId} and instance_id = ${b.instanceId} and state = 'pending'
    returning instance_id`;
  if (!rows.length) return false;
  await sql`update workflow_batches set
      done = done + ${b.ok ? 1 : 0}, failed = failed + ${b.ok ? 0 : 1}
    where id = ${b.batchId}`;
  return true;
}

/** Ends the batch when nothing is pending; true when it ended. */
export async function finishIfDone(sql: Sql, id: string): Promise<boolean> {
  const rows = await sql`update workflow_batches set state = 'completed', finished_at = now()
    where id = ${id} and state = 'running' and not exists (
      select 1 from workflow_batch_items where batch_id = ${id} and state = 'pending')
    returning id`;
  return rows.length > 0;
}

/** Failed items back to pending and the batch running again; how many. */
export async function resetFailed(sql: Sql, id: string): Promise<number> {
  const rows = await sql`update workflow_batch_items set state = 'pending', updated_at = now()
    where batch_id = ${id} and state = 'failed' returning instance_id`;
  await sql`update workflow_batches set failed = 0, state = 'running', finished_at = null
    where id = ${id}`;
  return rows.length;
}

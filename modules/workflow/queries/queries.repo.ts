/** SQL of saved data queries and the models they read (tenant-scoped connection; RLS). */
import type { Sql } from "../../../shared/db/database.ts";
import type { QueryDefinition, QuerySource } from "./queries.types.lib.ts";
import type { ModelField } from "./queries.fields.repo.ts";
import type { ParamDef } from "./queries.rules.ts";

export interface ModelRef {
  id: string;
  key: string;
  name: string;
  fields: ModelField[];
}

export interface QueryRow {
  id: string;
  key: string;
  name: string;
  description: string;
  source: QuerySource;
  modelId: string | null;
  model: string | null;
  modelName: string | null;
  definition: QueryDefinition;
  params: ParamDef[];
  updatedByName: string | null;
  createdAt: string;
  updatedAt: string;
}

export async function findModel(sql: Sql, key: string): Promise<ModelRef | null> {
  const [row] = await sql<ModelRef[]>`select id, key, name, fields from workflow_data_models
    where key = ${key}`;
  return row ?? null;
}

export async function modelById(sql: Sql, id: string): Promise<ModelRef | null> {
  const [row] = await sql<ModelRef[]>`select id, key, name, fields from workflow_data_models
    where id = ${id}`;
  return row ?? null;
}

export async function modelChoices(sql: Sql): Promise<ModelRef[]> {
  return await sql<ModelRef[]>`select id, key, name, fields from workflow_data_models
    order by name, key limit 500`;
}

const select = (sql: Sql) =>
  sql`select q.id, q.key, q.name, q.description, q.source, q.model_id, m.key as model,
    m.name as model_name, q.definition, q.params, u.name as updated_by_name, q.created_at,
    q.updated_at
  from workflow_data_queries q
  left join workflow_data_models m on m.tenant_id = q.tenant_id and m.id = q.model_id
  left join member_directory u on u.user_id = q.updated_by`;

const toRow = (r: QueryRow): QueryRow => ({
  ...r,
  createdAt: new Date(r.createdAt).toISOString(),
  updatedAt: new Date(r.updatedAt).toISOString(),
});

export async function selectQueries(sql: Sql): Promise<QueryRow[]> {
  const rows = await sql<QueryRow[]>`${select(sql)} order by q.name, q.key limit 1000`;
  return rows.map(toRow);
}

export async function findQuery(sql: Sql, key: string, lock = false): Promise<QueryRow | null> {
  const [row] = await sql<QueryRow[]>`${select(sql)} where q.key = ${key}
    ${lock ? sql`for update of q` : sql``}`;
  return row ? toRow(row) : null;
}

export interface QueryWrite {
  key: string;
  name: string;
  description: string;
  source: QuerySource;
  modelId: string | null;
  definition: QueryDefinition;
  params: ParamDef[];
}

export async function insertQuery(sql: Sql, id: string, q: QueryWrite, by: string | null) {
  await sql`insert into workflow_data_queries (tenant_id, id, key, name, description, source,
      model_id, definition, params, created_by, updated_by)
    values (current_setting('app.tenant_id')::uuid, ${id}, ${q.key}, ${q.name},
      ${q.description}, ${q.source}, ${q.modelId}, ${JSON.stringify(q.definition)}::text::jsonb,
      ${JSON.stringify(q.params)}::text::jsonb, ${by}, ${by})`;
}

export async function updateQuery(sql: Sql, id: string, q: QueryWrite, by: string | null) {
  await sql`update workflow_data_queries set name = ${q.name}, description = ${q.description},
      source = ${q.source}, model_id = ${q.modelId}, definition = ${
    JSON.stringify(q.definition)
  }::text::jsonb,
      params = ${JSON.stringify(q.params)}::text::jsonb, updated_by = ${by}, updated_at = now()
    where id = ${id}`;
}

export async function deleteQuery(sql: Sql, id: string): Promise<void> {
  await sql`delete from workflow_data_queries where id = ${id}`;
}

/** People's names for user ids in a result (unknown ids are left out). */
export async function memberNames(sql: Sql, ids: string[]): Promise<Map<string, string>> {
  const uuids = ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (!uuids.length) return new Map();
  const rows = await sql<{ userId: string; name: string }[]>`select user_id::text, name
    from member_directory where user_id = any(${uuids}::uuid[])`;
  return new Map(rows.map((r) => [r.userId, r.name]));
}

/** Saved queries' keys and names, for pickers. */
export async function queryNames(sql: Sql): Promise<{ key: string; name: string }[]> {
  return await sql<{ key: string; name: string }[]>`
    select key, name from workflow_data_queries order by lower(name), key limit 500`;
}

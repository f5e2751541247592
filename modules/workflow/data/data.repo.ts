/**
 * SQL of data models (tenant-scoped connection; RLS keeps tenants apart). jsonb is read as
 * text: the driver's camelCase transform would otherwise rename keys inside it.
 */
import { uuidv7 } from "uuidv7";
import type { Sql } from "../../../shared/db/database.ts";
import type { FieldDef } from "./data.schemas.ts";

export interface ModelRow {
  id: string;
  key: string;
  name: string;
  description: string;
  fields: FieldDef[];
  titleField: string | null;
  recordCount: number;
  updatedBy: string | null;
  updatedByName: string | null;
  createdAt: string;
  updatedAt: string;
}

type Raw = Omit<ModelRow, "fields"> & { fieldsJson: string };
const toRow = ({ fieldsJson, ...r }: Raw): ModelRow => ({
  ...r,
  fields: JSON.parse(fieldsJson),
  recordCount: Number(r.recordCount),
  createdAt: new Date(r.createdAt).toISOString(),
  updatedAt: new Date(r.updatedAt).toISOString(),
});

const columns = (sql: Sql) =>
  sql.unsafe(`m.id, m.key, m.name, m.description, m.fields::text as fields_json, m.title_field,
  (select count(*) from workflow_data_records r where r.model_id = m.id) as record_count,
  m.updated_by, d.name as updated_by_name, m.created_at, m.updated_at
  from workflow_data_models m left join member_directory d on d.user_id = m.updated_by`);

export async function selectModels(sql: Sql): Promise<ModelRow[]> {
  return (await sql<Raw[]>`select ${columns(sql)} order by lower(m.name), m.key limit 500`).map(
    toRow,
  );
}

export async function findModel(sql: Sql, key: string, lock = false): Promise<ModelRow | null> {
  const [row] = await sql<Raw[]>`select ${columns(sql)} where m.key = ${key}
    ${lock ? sql`for update of m` : sql``}`;
  return row ? toRow(row) : null;
}

export async function modelKeys(sql: Sql): Promise<string[]> {
  return (await sql<{ key: string }[]>`select key from workflow_data_models`).map((r) => r.key);
}

export interface ModelWrite {
  key: string;
  name: string;
  description: string;
  fields: FieldDef[];
  titleField: string | null;
}

export async function insertModel(sql: Sql, m: ModelWrite, by: string | null): Promise<void> {
  await sql`insert into workflow_data_models (tenant_id, id, key, name, description, fields,
      title_field, created_by, updated_by)
    values (current_setting('app.tenant_id')::uuid, ${uuidv7()}, ${m.key}, ${m.name},
      ${m.description}, ${JSON.stringify(m.fields)}::text::jsonb, ${m.titleField}, ${by}, ${by})`;
}

export async function updateModel(sql: Sql, id: string, m: ModelWrite, by: string | null) {
  await sql`update workflow_data_models set name = ${m.name}, description = ${m.description},
    fields = ${JSON.stringify(m.fields)}::text::jsonb, title_field = ${m.titleField},
    updated_by = ${by}, updated_at = now() where id = ${id}`;
}

export async function deleteModel(sql: Sql, id: string): Promise<void> {
  await sql`delete from workflow_data_models where id = ${id}`;
}

/** What keeps a model from being deleted: its records, saved queries, referencing models. */
export async function modelUsage(sql: Sql, id: string, key: string) {
  const [row] = await sql<{ records: number; queries: number; referencedBy: string[] }[]>`
    select
      (select count(*)::int from workflow_data_records where model_id = ${id}) as records,
      (select count(*)::int from workflow_data_queries where model_id = ${id}) as queries,
      coalesce((select array_agg(name order by name) from workflow_data_models
        where id <> ${id} and fields @> ${JSON.stringify([{ model: key }])}::text::jsonb),
        '{}') as referenced_by`;
  return row;
}

/** The ones of `names` some record of the model holds a value for. */
export async function fieldsInUse(sql: Sql, modelId: string, names: string[]) {
  if (!names.length) return [];
  const rows = await sql<{ name: string }[]>`select n as name from unnest(${names}::text[]) n
    where exists (select 1 from workflow_data_records r where r.model_id = ${modelId}
      and r.data ? n)`;
  return rows.map((r) => r.name);
}

// ---- records

export interface RecordRow {
  id: string;
  modelId: string;
  data: Record<string, unknown>;
  version: number;
  instanceId: string | null;
  createdBy: string | null;
  createdByName: string | null;
  createdAt: string;
  updatedBy: string | null;
  updatedByName: string | null;
  updatedAt: string;
  /** The keyset position, microsecond precision. */
  sortAt: string;
}

type RawRecord = Omit<RecordRow, "data"> & { dataJson: string };
const toRecord = ({ dataJson, ...r }: RawRecord): RecordRow => ({
  ...r,
  data: JSON.parse(dataJson),
  createdAt: new Date(r.createdAt).toISOString(),
  updatedAt: new Date(r.updatedAt).toISOString(),
});

const recordColumns = (sql: Sql) =>
  sql.unsafe(`r.id, r.model_id, r.data::text as data_json, r.version, r.instance_id,
  r.created_by, c.name as created_by_name, r.created_at, r.updated_by, u.name as updated_by_name,
  r.updated_at, to_char(r.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as sort_at
  from workflow_data_records r left join member_directory c on c.user_id = r.created_by
  left join member_directory u on u.user_id = r.updated_by`);

export interface RecordFilter {
  /** Folded LIKE pattern over the search text. */
  like?: string;
  /** Exact field value (jsonb containment, uses the GIN index). */
  equals?: Record<string, unknown>;
}

/** Newest change first, keyset on (updated_at, id); fetches limit + 1. */
export async function selectRecords(
  sql: Sql,
  modelId: string,
  f: RecordFilter,
  limit: number,
  after: [string, string] | null,
): Promise<RecordRow[]> {
  const rows = await sql<RawRecord[]>`select ${recordColumns(sql)}
    where r.model_id = ${modelId}
      ${f.like ? sql`and r.search_text like ${f.like}` : sql``}
      ${f.equals ? sql`and r.data @> ${JSON.stringify(f.equals)}::text::jsonb` : sql``}
      ${
    after ? sql`and (r.updated_at, r.id) < (${after[0]}::timestamptz, ${after[1]}::uuid)` : sql``
  }
    order by r.updated_at desc, r.id desc limit ${limit + 1}`;
  return rows.map(toRecord);
}

export async function findRecord(
  sql: Sql,
  modelId: string,
  id: string,
  lock = false,
): Promise<RecordRow | null> {
  const [row] = await sql<RawRecord[]>`select ${recordColumns(sql)}
    where r.model_id = ${modelId} and r.id = ${id} ${lock ? sql`for update of r` : sql``}`;
  return row ? toRecord(row) : null;
}

export async function insertRecord(
  sql: Sql,
  r: { id: string; modelId: string; data: unknown; searchText: string },
  by: { actorId: string | null; instanceId: string | null },
): Promise<void> {
  await sql`insert into workflow_data_records (tenant_id, id, model_id, data, search_text,
      instance_id, created_by, updated_by)
    values (current_setting('app.tenant_id')::uuid, ${r.id}, ${r.modelId},
      ${JSON.stringify(r.data)}::text::jsonb, ${r.searchText}, ${by.instanceId}, ${by.actorId},
      ${by.actorId})`;
}

/** Writes the next version (the caller holds the row lock and checked the version). */
export async function updateRecord(
  sql: Sql,
  id: string,
  data: unknown,
  searchText: string,
  actorId: string | null,
): Promise<number> {
  const [row] = await sql<{ version: number }[]>`update workflow_data_records
    set data = ${JSON.stringify(data)}::text::jsonb, search_text = ${searchText},
      version = version + 1, updated_by = ${actorId}, updated_at = clock_timestamp()
    where id = ${id} returning version`;
  return row.version;
}

export async function deleteRecord(sql: Sql, id: string): Promise<void> {
  await sql`delete from workflow_data_records where id = ${id}`;
}

/** Records of a model holding any of `names`, to strip those fields (forced removal). */
export async function recordsWithFields(sql: Sql, modelId: string, names: string[]) {
  const rows = await sql<{ id: string; dataJson: string }[]>`select id, data::text as data_json
    from workflow_data_records where model_id = ${modelId} and data ?| ${names}::text[]
    for update`;
  return rows.map((r) => ({ id: r.id, data: JSON.parse(r.dataJson) as Record<string, unknown> }));
}

/** The ones of `ids` that are records of the model with this key. */
export async function existingRecords(sql: Sql, modelKey: string, ids: string[]) {
  if (!ids.length) return [];
  const rows = await sql<{ id: string }[]>`select r.id from workflow_data_records r
    join workflow_data_models m on m.id = r.model_id
    where m.key = ${modelKey} and r.id = any(${ids}::uuid[])`;
  return rows.map((r) => r.id);
}

/** Titles of records by id (the value of their model's title field). */
export async function recordTitles(sql: Sql, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await sql<{ id: string; title: string | null }[]>`
    select r.id, r.data->>m.title_field as title from workflow_data_records r
    join workflow_data_models m on m.id = r.model_id where r.id = any(${ids}::uuid[])`;
  return new Map(rows.map((r) => [r.id, r.title ?? ""]));
}

/** Records of a model for a reference picker: id and title, by title. */
export async function recordChoices(sql: Sql, modelKey: string, limit = 200) {
  return await sql<{ id: string; title: string | null }[]>`
    select r.id, r.data->>m.title_field as title from workflow_data_records r
    join workflow_data_models m on m.id = r.model_id where m.key = ${modelKey}
    order by lower(coalesce(r.data->>m.title_field, '')), r.id limit ${limit}`;
}

// ---- history

export async function insertHistory(
  sql: Sql,
  h: {
    recordId: string;
    version: number;
    action: "created" | "updated" | "deleted";
    before: unknown;
    after: unknown;
    actorId: string | null;
    instanceId: string | null;
  },
): Promise<void> {
  const json = (v: unknown) => v === null ? null : JSON.stringify(v);
  await sql`insert into workflow_data_record_history (tenant_id, id, record_id, version, action,
      before, after, actor_id, instance_id, at)
    values (current_setting('app.tenant_id')::uuid, ${uuidv7()}, ${h.recordId}, ${h.version},
      ${h.action}, ${json(h.before)}::text::jsonb, ${json(h.after)}::text::jsonb, ${h.actorId},
      ${h.instanceId}, clock_timestamp())`;
}

export async function selectHistory(sql: Sql, recordId: string) {
  const rows = await sql<
    {
      id: string;
      version: number;
      action: "created" | "updated" | "deleted";
      beforeJson: string | null;
      afterJson: string | null;
      actorId: string | null;
      actorName: string | null;
      instanceId: string | null;
      at: string;
    }[]
  >`select h.id, h.version, h.action, h.before::text as before_json,
      h.after::text as after_json, h.actor_id, d.name as actor_name, h.instance_id, h.at
    from workflow_data_record_history h left join member_directory d on d.user_id = h.actor_id
    where h.record_id = ${recordId} order by h.at desc, h.id desc limit 500`;
  return rows.map(({ beforeJson, afterJson, ...r }) => ({
    ...r,
    before: beforeJson === null ? null : JSON.parse(beforeJson),
    after: afterJson === null ? null : JSON.parse(afterJson),
    at: new Date(r.at).toISOString(),
  }));
}

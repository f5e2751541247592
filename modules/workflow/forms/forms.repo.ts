/** SQL of forms and of the forms each deployed process version pinned (RLS keeps tenants apart). */
import type { Sql } from "../../../shared/db/database.ts";
import type { FormSummary, FormVersionSummary } from "./forms.schemas.ts";

export interface FormRow extends FormVersionSummary {
  key: string;
  schema: unknown;
}

const iso = (v: unknown) => new Date(v as string).toISOString();

const versionColumns = (sql: Sql, extra = "") =>
  sql.unsafe(`f.id, f.key, f.version, f.name, f.created_by, m.name as created_by_name,
  f.created_at${extra} from workflow_forms f
  left join member_directory m on m.user_id = f.created_by`);

/** The latest version of every form, with how many process versions use the form. */
export async function selectForms(sql: Sql): Promise<(FormSummary & { schemaJson: string })[]> {
  const rows = await sql<(FormSummary & { schemaJson: string })[]>`
    select distinct on (f.key) f.key, f.id, f.version, f.name, f.schema::text as schema_json,
      m.name as created_by_name, f.created_at,
      (select count(*)::int from workflow_definition_forms d join workflow_forms x
        on x.id = d.form_id where x.key = f.key) as used_by,
      0 as field_count
    from workflow_forms f left join member_directory m on m.user_id = f.created_by
    order by f.key, f.version desc limit 1000`;
  return rows.map((r) => ({ ...r, createdAt: iso(r.createdAt) }));
}

export async function selectVersions(sql: Sql, key: string): Promise<FormVersionSummary[]> {
  const rows = await sql<FormVersionSummary[]>`select ${versionColumns(sql)}
    where f.key = ${key} order by f.version desc limit 500`;
  return rows.map((r) => ({ ...r, createdAt: iso(r.createdAt) }));
}

/** One version of a form (the latest when `version` is omitted). */
export async function findForm(sql: Sql, key: string, version?: number): Promise<FormRow | null> {
  const [row] = await sql<(FormRow & { schemaJson: string })[]>`
    select ${versionColumns(sql, ", f.schema::text as schema_json")} where f.key = ${key}
    ${version ? sql`and f.version = ${version}` : sql``} order by f.version desc limit 1`;
  if (!row) return null;
  const { schemaJson, ...r } = row as FormRow & { schemaJson: string };
  return { ...r, schema: JSON.parse(schemaJson), createdAt: iso(r.createdAt) };
}

/** Serialises saves of one key (the next version number is read, then written). */
export async function lockKey(sql: Sql, key: string) {
  await sql`select pg_advisory_xact_lock(hashtext('workflow_forms:' ||
    current_setting('app.tenant_id') || ':' || ${key}))`;
}

export async function insertForm(
  sql: Sql,
  f: { id: string; key: string; version: number; name: string; schema: unknown; by: string },
) {
  await sql`insert into workflow_forms (tenant_id, id, key, version, name, schema, created_by)
    values (current_setting('app.tenant_id')::uuid, ${f.id}, ${f.key}, ${f.version}, ${f.name},
      ${JSON.stringify(f.schema)}::text::jsonb, ${f.by})`;
}

export async function usedBy(sql: Sql, key: string): Promise<number> {
  const [row] = await sql<{ n: number }[]>`select count(*)::int as n
    from workflow_definition_forms d join workflow_forms f on f.id = d.form_id
    where f.key = ${key}`;
  return row.n;
}

export async function deleteForm(sql: Sql, key: string) {
  await sql`delete from workflow_forms where key = ${key}`;
}

/** The latest version id of each of these keys (missing keys are absent). */
export async function latestIds(sql: Sql, keys: string[]): Promise<Map<string, string>> {
  if (!keys.length) return new Map();
  const rows = await sql<{ key: string; id: string }[]>`select distinct on (key) key, id
    from workflow_forms where key = any(${keys}) order by key, version desc`;
  return new Map(rows.map((r) => [r.key, r.id]));
}

export async function insertPins(sql: Sql, versionId: string, pins: Map<string, string>) {
  for (const [key, formId] of pins) {
    await sql`insert into workflow_definition_forms (tenant_id, version_id, form_key, form_id)
      values (current_setting('app.tenant_id')::uuid, ${versionId}, ${key}, ${formId})`;
  }
}

/** The schema a deployed process version pinned for a form key. */
export async function pinnedSchema(
  sql: Sql,
  versionId: string,
  key: string,
): Promise<{ id: string; key: string; version: number; schema: unknown } | null> {
  const [row] = await sql<{ id: string; key: string; version: number; schemaJson: string }[]>`
    select f.id, f.key, f.version, f.schema::text as schema_json
    from workflow_definition_forms d join workflow_forms f on f.id = d.form_id
    where d.version_id = ${versionId} and d.form_key = ${key}`;
  return row ? { ...row, schema: JSON.parse(row.schemaJson) } : null;
}

/** The stored form of a task and its instance's variables (for conditions and options). */
export async function taskFormRow(sql: Sql, taskId: string) {
  const [row] = await sql<{ formJson: string | null; formKey: string | null }[]>`
    select form::text as form_json, form_key from workflow_tasks where id = ${taskId}`;
  return row
    ? { form: row.formJson ? JSON.parse(row.formJson) : null, formKey: row.formKey }
    : null;
}

/** Ids of the files attached to a task (in Documents), which its form's file fields may name. */
export async function taskFileIds(sql: Sql, taskId: string): Promise<Set<string>> {
  const rows = await sql<{ id: string }[]>`select file_id as id from workflow_task_attachments
    where task_id = ${taskId}`;
  return new Set(rows.map((r) => r.id));
}

/** The schema pinned for a form key by a definition's deployed version (by its number). */
export async function pinnedByVersion(
  sql: Sql,
  definitionId: string,
  version: number,
  key: string,
): Promise<unknown> {
  const [row] = await sql<{ schemaJson: string }[]>`select f.schema::text as schema_json
    from workflow_definition_versions v
      join workflow_definition_forms d on d.version_id = v.id and d.form_key = ${key}
      join workflow_forms f on f.id = d.form_id
    where v.definition_id = ${definitionId} and v.version = ${version}`;
  return row ? JSON.parse(row.schemaJson) : null;
}

import { uuidv7 } from "uuidv7";
import type { Sql } from "../../../shared/db/database.ts";
import type { Session } from "../../../shared/http/env.ts";
import { visibleProjects } from "../access/access.repo.ts";
import type {
  FieldDef,
  FieldFilter,
  FieldOption,
  FieldType,
  FieldWrite,
  SortDir,
} from "./fields.rules.ts";

const TENANT = (sql: Sql) => sql`nullif(current_setting('app.tenant_id', true), '')::uuid`;

const fieldColumns = (sql: Sql) =>
  sql`f.id, f.project_id, f.name, f.type, f.required, f.description, f.position,
    f.min_value::float8 as min, f.max_value::float8 as max,
    coalesce((select json_agg(json_build_object('id', o.id, 'label', o.label, 'color', o.color,
        'position', o.position) order by o.position, o.id)
      from project_field_options o where o.tenant_id = f.tenant_id and o.field_id = f.id),
      '[]'::json) as options`;

/** A project's fields in order, with their options. */
export async function selectFields(sql: Sql, projectId: string): Promise<FieldDef[]> {
  return await sql<FieldDef[]>`
    select ${fieldColumns(sql)} from project_fields f
    where f.project_id = ${projectId} order by f.position, f.id`;
}

/** The fields of several projects (a task list across projects). */
export async function selectFieldsByIds(sql: Sql, ids: string[]): Promise<FieldDef[]> {
  if (!ids.length) return [];
  return await sql<FieldDef[]>`
    select ${fieldColumns(sql)} from project_fields f
    where f.id = any(${ids}::uuid[]) order by f.position, f.id`;
}

export async function selectField(sql: Sql, id: string): Promise<FieldDef | undefined> {
  const [row] = await sql<FieldDef[]>`
    select ${fieldColumns(sql)} from project_fields f where f.id = ${id}`;
  return row;
}

export async function countFields(sql: Sql, projectId: string): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from project_fields where project_id = ${projectId}`;
  return row.n;
}

export async function nameTaken(sql: Sql, projectId: string, nameKey: string, except?: string) {
  const [row] = await sql`select 1 from project_fields
    where project_id = ${projectId} and name_key = ${nameKey}
      ${except ? sql`and id <> ${except}` : sql``}`;
  return !!row;
}

export interface FieldInsert {
  name: string;
  nameKey: string;
  type: FieldType;
  required: boolean;
  description: string;
  min: number | null;
  max: number | null;
}

export async function insertField(sql: Sql, projectId: string, f: FieldInsert): Promise<string> {
  const id = uuidv7();
  await sql`
    insert into project_fields (tenant_id, id, project_id, name, name_key, type, required,
      description, position, min_value, max_value)
    values (${TENANT(sql)}, ${id}, ${projectId}, ${f.name}, ${f.nameKey}, ${f.type},
      ${f.required}, ${f.description},
      (select coalesce(max(position), -1) + 1 from project_fields where project_id = ${projectId}),
      ${f.min}, ${f.max})`;
  return id;
}

export async function updateField(
  sql: Sql,
  id: string,
  f: Omit<FieldInsert, "type">,
) {
  await sql`
    update project_fields set name = ${f.name}, name_key = ${f.nameKey}, required = ${f.required},
      description = ${f.description}, min_value = ${f.min}, max_value = ${f.max},
      updated_at = now()
    where id = ${id}`;
}

/** Writes the option list: kept ids updated, new ones inserted, the rest deleted. */
export async function writeOptions(
  sql: Sql,
  fieldId: string,
  options: { id?: string; label: string; color: string }[],
) {
  const keep: string[] = [];
  for (const [position, o] of options.entries()) {
    if (o.id) {
      keep.push(o.id);
      await sql`update project_field_options
        set label = ${o.label}, color = ${o.color}, position = ${position}
        where id = ${o.id} and field_id = ${fieldId}`;
    } else {
      const id = uuidv7();
      keep.push(id);
      await sql`insert into project_field_options (tenant_id, id, field_id, label, color, position)
        values (${TENANT(sql)}, ${id}, ${fieldId}, ${o.label}, ${o.color}, ${position})`;
    }
  }
  await sql`delete from project_field_options
    where field_id = ${fieldId} and not (id = any(${keep}::uuid[]))`;
}

/** How many tasks use each of these options. */
export async function optionUsage(sql: Sql, fieldId: string, optionIds: string[]) {
  if (!optionIds.length) return [];
  return await sql<{ optionId: string; tasks: number }[]>`
    select o as option_id, count(*)::int as tasks
    from task_field_values v, unnest(v.value_options) o
    where v.field_id = ${fieldId} and o = any(${optionIds}::uuid[])
    group by o`;
}

/** Takes these options off every task (a value left empty is removed). */
export async function clearOptions(sql: Sql, fieldId: string, optionIds: string[]) {
  if (!optionIds.length) return;
  await sql`
    update task_field_values set value_options = array(
      select o from unnest(value_options) o where not (o = any(${optionIds}::uuid[])))
    where field_id = ${fieldId} and value_options && ${optionIds}::uuid[]`;
  await sql`delete from task_field_values
    where field_id = ${fieldId} and cardinality(value_options) = 0`;
}

export async function deleteField(sql: Sql, id: string) {
  await sql`delete from project_fields where id = ${id}`;
}

export async function reorderFields(sql: Sql, projectId: string, ids: string[]) {
  await sql`
    update project_fields f set position = x.ord - 1, updated_at = now()
    from unnest(${ids}::uuid[]) with ordinality as x(id, ord)
    where f.id = x.id and f.project_id = ${projectId}`;
}

/** Which of these fields have a value on the task. */
export async function filledFields(sql: Sql, taskId: string): Promise<Set<string>> {
  const rows = await sql<{ fieldId: string }[]>`
    select field_id from task_field_values where task_id = ${taskId}`;
  return new Set(rows.map((r) => r.fieldId));
}

/** Sets (or clears) a task's values. */
export async function writeValues(sql: Sql, taskId: string, writes: FieldWrite[]) {
  const clear = writes.filter((w) => w.value === null).map((w) => w.fieldId);
  if (clear.length) {
    await sql`delete from task_field_values
      where task_id = ${taskId} and field_id = any(${clear}::uuid[])`;
  }
  for (const w of writes) {
    const v = w.value;
    if (!v) continue;
    const text = "text" in v ? v.text : null;
    const num = "number" in v ? v.number : null;
    const date = "date" in v ? v.date : null;
    const user = "user" in v ? v.user : null;
    const options = "options" in v ? v.options : null;
    await sql`
      insert into task_field_values (tenant_id, task_id, field_id, value_text, value_number,
        value_date, value_user, value_options)
      values (${TENANT(sql)}, ${taskId}, ${w.fieldId}, ${text}, ${num}, ${date}::date,
        ${user}::uuid, ${options}::uuid[])
      on conflict (tenant_id, task_id, field_id) do update set value_text = excluded.value_text,
        value_number = excluded.value_number, value_date = excluded.value_date,
        value_user = excluded.value_user, value_options = excluded.value_options`;
  }
}

/**
 * The task list's `custom_fields` column (`t` is the task): its values keyed by field id, as
 * the API shows them. One correlated read per row inside the list's own statement.
 */
export const customFieldsColumn = (sql: Sql) =>
  sql`(select coalesce(jsonb_object_agg(v.field_id, case when cf.type = 'select'
        then to_jsonb(v.value_options[1])
        else coalesce(to_jsonb(v.value_text), to_jsonb(v.value_number), to_jsonb(v.value_date),
          to_jsonb(v.value_user), to_jsonb(v.value_options)) end), '{}'::jsonb)
      from task_field_values v
      join project_fields cf on cf.tenant_id = v.tenant_id and cf.id = v.field_id
      where v.tenant_id = t.tenant_id and v.task_id = t.id) as custom_fields`;

const cmp = (sql: Sql, op: string) =>
  op === "gt"
    ? sql`>`
    : op === "gte"
    ? sql`>=`
    : op === "lt"
    ? sql`<`
    : op === "lte"
    ? sql`<=`
    : op === "ne"
    ? sql`<>`
    : sql`=`;

/** One filter as a condition on the task `t`. */
function filterCondition(sql: Sql, filter: FieldFilter) {
  const row = (cond: ReturnType<Sql>) =>
    sql`exists (select 1 from task_field_values v
      where v.tenant_id = t.tenant_id and v.task_id = t.id and v.field_id = ${filter.fieldId}
        and ${cond})`;
  if (filter.op === "empty") return sql`not ${row(sql`true`)}`;
  if (filter.op === "set") return row(sql`true`);
  const f = filter as Exclude<FieldFilter, { op: "empty" | "set" }>;
  switch (f.type) {
    case "text":
    case "url":
      if (f.op === "contains") {
        return row(sql`strpos(lower(v.value_text), lower(${f.value})) > 0`);
      }
      return f.op === "ne"
        ? sql`not ${row(sql`lower(v.value_text) = lower(${f.value})`)}`
        : row(sql`lower(v.value_text) = lower(${f.value})`);
    case "number":
      return f.op === "ne"
        ? sql`not ${row(sql`v.value_number = ${f.value}`)}`
        : row(sql`v.value_number ${cmp(sql, f.op)} ${f.value}`);
    case "date":
      return f.op === "ne"
        ? sql`not ${row(sql`v.value_date = ${f.value}::date`)}`
        : row(sql`v.value_date ${cmp(sql, f.op)} ${f.value}::date`);
    case "person": {
      const hit = row(sql`v.value_user = any(${f.values}::uuid[])`);
      return f.op === "ne" ? sql`not ${hit}` : hit;
    }
    default: {
      // eq with several ids: every one chosen; any: at least one; ne: none of them.
      const hit = f.op === "eq"
        ? row(sql`v.value_options @> ${f.values}::uuid[]`)
        : row(sql`v.value_options && ${f.values}::uuid[]`);
      return f.op === "ne" ? sql`not ${hit}` : hit;
    }
  }
}

/** The task list's conditions for custom-field filters (`and …` each). */
export function fieldFilterSql(sql: Sql, filters: FieldFilter[] | undefined) {
  if (!filters?.length) return sql``;
  return filters.reduce((acc, f) => sql`${acc} and ${filterCondition(sql, f)}`, sql``);
}

/**
 * Sorting by a field: the key as text (for the cursor), its SQL form and type. Tasks without a
 * value come last either way (a sentinel beyond every value).
 */
export function fieldSortKey(sql: Sql, def: Pick<FieldDef, "id" | "type">, dir: SortDir) {
  const desc = dir === "desc";
  const value = (col: ReturnType<Sql>) =>
    sql`(select ${col} from task_field_values v
      where v.tenant_id = t.tenant_id and v.task_id = t.id and v.field_id = ${def.id})`;
  switch (def.type) {
    case "number": {
      const raw = sql`coalesce(${value(sql`v.value_number`)}, ${
        desc ? sql`'-Infinity'` : sql`'Infinity'`
      }::numeric)`;
      return { expr: sql`${raw}::text`, raw, cast: (v: string) => sql`${v}::numeric`, desc };
    }
    case "date": {
      const raw = sql`coalesce(${value(sql`v.value_date`)}, ${
        desc ? sql`'-infinity'` : sql`'infinity'`
      }::date)`;
      return { expr: sql`${raw}::text`, raw, cast: (v: string) => sql`${v}::date`, desc };
    }
    case "select":
    case "multi_select": {
      const pos = sql`(select min(o.position) from task_field_values v
        join project_field_options o on o.tenant_id = v.tenant_id and o.id = any(v.value_options)
        where v.tenant_id = t.tenant_id and v.task_id = t.id and v.field_id = ${def.id})`;
      const raw = sql`coalesce(${pos}, ${desc ? -1 : 2147483647})`;
      return { expr: sql`${raw}::text`, raw, cast: (v: string) => sql`${v}::int`, desc };
    }
    case "person": {
      const name = sql`(select lower(d.name) from task_field_values v
        join member_directory d on d.user_id = v.value_user
        where v.tenant_id = t.tenant_id and v.task_id = t.id and v.field_id = ${def.id})`;
      const raw = sql`coalesce(${name}, ${desc ? "" : "\u{10FFFF}"}) collate "C"`;
      return { expr: raw, raw, cast: (v: string) => sql`${v}::text collate "C"`, desc };
    }
    default: {
      const raw = sql`coalesce(lower(${value(sql`v.value_text`)}), ${
        desc ? "" : "\u{10FFFF}"
      }) collate "C"`;
      return { expr: raw, raw, cast: (v: string) => sql`${v}::text collate "C"`, desc };
    }
  }
}

/** The task list's custom-field conditions and sort (tasks.repo.ts reads them). */
export interface FieldQuery {
  fieldFilters?: FieldFilter[];
  fieldSort?: ReturnType<typeof fieldSortKey>;
  fieldSortType?: FieldType;
}

export interface BreakdownRow {
  key: string | null;
  count: number;
  open: number;
}

/** Task counts of a project by a select, multi-select or person field's values. */
export async function breakdownRows(
  sql: Sql,
  session: Session,
  def: Pick<FieldDef, "id" | "type" | "projectId">,
): Promise<BreakdownRow[]> {
  const key = def.type === "person"
    ? sql`v.value_user::text`
    : sql`unnest(coalesce(v.value_options, array[null]::uuid[]))::text`;
  return await sql<BreakdownRow[]>`
    select k as key, count(*)::int as count, count(*) filter (where x.done_at is null)::int as open
    from (
      select ${key} as k, t.done_at
      from tasks t
      left join task_field_values v on v.tenant_id = t.tenant_id and v.task_id = t.id
        and v.field_id = ${def.id}
      where t.project_id = ${def.projectId}
        and ${visibleProjects(sql, session, sql`t.project_id`)}
    ) x
    group by k order by count desc, k nulls last`;
}

/** Names of the people among these ids. */
export async function peopleNamed(sql: Sql, ids: string[]) {
  if (!ids.length) return new Map<string, string>();
  const rows = await sql<{ userId: string; name: string }[]>`
    select user_id, name from member_directory where user_id = any(${ids}::uuid[])`;
  return new Map(rows.map((r) => [r.userId, r.name]));
}

export type { FieldOption };

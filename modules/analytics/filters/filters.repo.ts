/** SQL of saved sheet filters, their field mappings and users' last values (RLS-scoped). */
import type { Sql } from "../../../shared/db/database.ts";
import type { FilterKind, FilterMapping, FilterValue, SheetFilter } from "./filters.schemas.ts";

interface Raw {
  id: string;
  sheetId: string;
  label: string;
  kind: FilterKind;
  defaultValue: FilterValue | null;
  required: boolean;
  position: number;
  mappings: FilterMapping[] | null;
  createdAt: Date;
  updatedAt: Date;
}

const toFilter = (r: Raw): SheetFilter => ({
  ...r,
  mappings: r.mappings ?? [],
  createdAt: new Date(r.createdAt).toISOString(),
  updatedAt: new Date(r.updatedAt).toISOString(),
});

/** A sheet's filters in order, each with its mappings (widget order as on the sheet). */
export async function selectFilters(sql: Sql, sheetId: string): Promise<SheetFilter[]> {
  const rows = await sql<Raw[]>`
    select f.id, f.sheet_id, f.label, f.kind, f.default_value, f.required, f.position,
      f.created_at, f.updated_at,
      (select jsonb_agg(jsonb_build_object('widgetId', m.widget_id, 'field', m.field)
          order by w.y, w.x, w.id)
        from analytics_sheet_filter_fields m join analytics_widgets w on w.id = m.widget_id
        where m.filter_id = f.id) as mappings
    from analytics_sheet_filters f where f.sheet_id = ${sheetId}
    order by f.position, f.created_at, f.id limit 50`;
  return rows.map(toFilter);
}

export async function countFilters(sql: Sql, sheetId: string): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from analytics_sheet_filters where sheet_id = ${sheetId}`;
  return row.n;
}

export async function insertFilter(
  sql: Sql,
  f: {
    id: string;
    sheetId: string;
    label: string;
    kind: FilterKind;
    defaultValue: FilterValue | null;
    required: boolean;
  },
) {
  await sql`insert into analytics_sheet_filters (id, sheet_id, label, kind, default_value,
      required, position)
    select ${f.id}, ${f.sheetId}, ${f.label}, ${f.kind},
      ${f.defaultValue === null ? null : JSON.stringify(f.defaultValue)}::text::jsonb,
      ${f.required}, coalesce(max(position) + 1, 0)
    from analytics_sheet_filters where sheet_id = ${f.sheetId}`;
}

export async function updateFilter(
  sql: Sql,
  id: string,
  p: {
    label: string;
    kind: FilterKind;
    defaultValue: FilterValue | null;
    required: boolean;
    position: number;
  },
) {
  await sql`update analytics_sheet_filters set label = ${p.label}, kind = ${p.kind},
      default_value = ${
    p.defaultValue === null ? null : JSON.stringify(p.defaultValue)
  }::text::jsonb,
      required = ${p.required}, position = ${p.position}, updated_at = now()
    where id = ${id}`;
}

/** Replaces the filter's mappings (the widgets were checked to be the sheet's). */
export async function replaceMappings(sql: Sql, filterId: string, mappings: FilterMapping[]) {
  await sql`delete from analytics_sheet_filter_fields where filter_id = ${filterId}`;
  if (!mappings.length) return;
  await sql`insert into analytics_sheet_filter_fields (filter_id, widget_id, field)
    select ${filterId}, m."widgetId", m.field
    from jsonb_to_recordset(${JSON.stringify(mappings)}::text::jsonb)
      as m("widgetId" uuid, field text)`;
}

export async function deleteFilter(sql: Sql, id: string) {
  await sql`delete from analytics_sheet_filters where id = ${id}`;
}

/** The user's last values on the sheet ({} when none). */
export async function selectUserValues(
  sql: Sql,
  sheetId: string,
  userId: string,
): Promise<Record<string, FilterValue | null>> {
  const [row] = await sql<{ filterValues: Record<string, FilterValue | null> }[]>`
    select filter_values from analytics_sheet_filter_values
    where sheet_id = ${sheetId} and user_id = ${userId}`;
  return row?.filterValues ?? {};
}

export async function upsertUserValues(
  sql: Sql,
  sheetId: string,
  userId: string,
  values: Record<string, FilterValue | null>,
) {
  await sql`insert into analytics_sheet_filter_values (sheet_id, user_id, filter_values)
    values (${sheetId}, ${userId}, ${JSON.stringify(values)}::text::jsonb)
    on conflict (tenant_id, sheet_id, user_id)
    do update set filter_values = excluded.filter_values, updated_at = now()`;
}

export async function deleteUserValues(sql: Sql, sheetId: string, userId: string) {
  await sql`delete from analytics_sheet_filter_values
    where sheet_id = ${sheetId} and user_id = ${userId}`;
}

/** SQL of tenant tables and their rows (tenant-scoped connection; RLS keeps tenants apart). */
import { uuidv7 } from "uuidv7";
import type { Sql } from "../../../shared/db/database.ts";
import type { Column, Row, Table } from "./tables.schemas.ts";

type RawTable = Omit<Table, "columns"> & { columnsJson: string };
const toTable = ({ columnsJson, ...t }: RawTable): Table => ({
  ...t,
  columns: JSON.parse(columnsJson),
  createdAt: new Date(t.createdAt).toISOString(),
  updatedAt: new Date(t.updatedAt).toISOString(),
});
const tableCols = (sql: Sql) =>
  sql.unsafe(`id, name, description, columns::text as columns_json, row_count, created_at,
  updated_at from analytics_tables`);

export async function selectTables(sql: Sql): Promise<Table[]> {
  const rows = await sql<RawTable[]>`select ${tableCols(sql)} order by lower(name) limit 500`;
  return rows.map(toTable);
}

export async function findTable(sql: Sql, id: string, lock = false): Promise<Table | null> {
  const [row] = await sql<RawTable[]>`select ${tableCols(sql)} where id = ${id}
    ${lock ? sql`for update` : sql``}`;
  return row ? toTable(row) : null;
}

export async function nameTaken(sql: Sql, name: string, except?: string): Promise<boolean> {
  const [row] = await sql`select 1 from analytics_tables where lower(name) = lower(${name})
    and id is distinct from ${except ?? null}::uuid`;
  return !!row;
}

export async function insertTable(
  sql: Sql,
  t: { name: string; description: string; columns: Column[]; createdBy: string },
): Promise<string> {
  const id = uuidv7();
  await sql`insert into analytics_tables (tenant_id, id, name, description, columns, created_by)
    values (current_setting('app.tenant_id')::uuid, ${id}, ${t.name}, ${t.description},
      ${JSON.stringify(t.columns)}::text::jsonb, ${t.createdBy})`;
  return id;
}

export async function updateTable(
  sql: Sql,
  id: string,
  t: { name: string; description: string; columns: Column[] },
): Promise<void> {
  await sql`update analytics_tables set name = ${t.name}, description = ${t.description},
    columns = ${JSON.stringify(t.columns)}::text::jsonb, updated_at = now() where id = ${id}`;
}

/** Removes dropped columns' values from every row (jsonb minus text[]). */
export async function dropRowKeys(sql: Sql, tableId: string, names: string[]): Promise<void> {
  if (names.length === 0) return;
  await sql`update analytics_table_rows set data = data - ${names}::text[], updated_at = now()
    where table_id = ${tableId}`;
}

export async function deleteTable(sql: Sql, id: string): Promise<void> {
  await sql`delete from analytics_tables where id = ${id}`;
}

/** Keeps the table's row count in step after rows were added or removed. */
async function recount(sql: Sql, tableId: string) {
  await sql`update analytics_tables set row_count = (select count(*) from analytics_table_rows
    where table_id = ${tableId}), updated_at = now() where id = ${tableId}`;
}

type RawRow = Omit<Row, "data"> & { dataJson: string };
const toRow = ({ dataJson, ...r }: RawRow): Row => ({
  ...r,
  data: JSON.parse(dataJson),
  createdAt: new Date(r.createdAt).toISOString(),
  updatedAt: new Date(r.updatedAt).toISOString(),
});

export async function insertRows(
  sql: Sql,
  tableId: string,
  rows: Record<string, unknown>[],
): Promise<string[]> {
  const ids = rows.map(() => uuidv7());
  // Batches keep each statement's parameter count well under PostgreSQL's limit.
  for (let i = 0; i < rows.length; i += 1000) {
    const batch = rows.slice(i, i + 1000).map((data, j) => ({
      id: ids[i + j],
      data: JSON.stringify(data),
    }));
    await sql`insert into analytics_table_rows (tenant_id, id, table_id, data)
      select current_setting('app.tenant_id')::uuid, r.id, ${tableId}, r.data::jsonb
      from jsonb_to_recordset(${JSON.stringify(batch)}::text::jsonb) as r(id uuid, data text)`;
  }
  await recount(sql, tableId);
  return ids;
}

export async function selectRows(
  sql: Sql,
  tableId: string,
  after: string | null,
  limit: number,
): Promise<Row[]> {
  const rows = await sql<RawRow[]>`select id, data::text as data_json, created_at, updated_at
    from analytics_table_rows where table_id = ${tableId}
    ${after ? sql`and id > ${after}` : sql``} order by id limit ${limit}`;
  return rows.map(toRow);
}

export async function findRow(sql: Sql, tableId: string, id: string): Promise<Row | null> {
  const [row] = await sql<RawRow[]>`select id, data::text as data_json, created_at, updated_at
    from analytics_table_rows where table_id = ${tableId} and id = ${id} for update`;
  return row ? toRow(row) : null;
}

export async function updateRow(sql: Sql, id: string, data: Record<string, unknown>) {
  await sql`update analytics_table_rows set data = ${JSON.stringify(data)}::text::jsonb,
    updated_at = now() where id = ${id}`;
}

export async function deleteRow(sql: Sql, tableId: string, id: string): Promise<void> {
  await sql`delete from analytics_table_rows where id = ${id}`;
  await recount(sql, tableId);
}

/** Every stored value of one column with its row (to convert them on a type change). */
export async function columnValues(
  sql: Sql,
  tableId: string,
  name: string,
): Promise<{ id: string; value: unknown }[]> {
  const rows = await sql<{ id: string; v: string }[]>`select id, (data -> ${name})::text as v
    from analytics_table_rows where table_id = ${tableId} and data ? ${name}`;
  return rows.map((r) => ({ id: r.id, value: JSON.parse(r.v) }));
}

/** Writes converted values of one column back (after a type change). */
export async function setColumnValues(
  sql: Sql,
  name: string,
  values: { id: string; value: unknown }[],
): Promise<void> {
  for (let i = 0; i < values.length; i += 1000) {
    const batch = JSON.stringify(values.slice(i, i + 1000));
    await sql`update analytics_table_rows t set data = jsonb_set(t.data, array[${name}], r.value),
      updated_at = now() from jsonb_to_recordset(${batch}::text::jsonb) as r(id uuid, value jsonb)
      where t.id = r.id`;
  }
}

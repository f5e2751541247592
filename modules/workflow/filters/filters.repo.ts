/** SQL of saved task-list filters (tenant-scoped connection; RLS keeps tenants apart). */
import type { Sql } from "../../../shared/db/database.ts";
import type { TaskFilterQuery } from "./filters.schemas.ts";

export interface FilterRow {
  id: string;
  name: string;
  ownerId: string;
  ownerName: string | null;
  shared: boolean;
  query: TaskFilterQuery;
  position: number;
  createdAt: string;
  updatedAt: string;
}

// jsonb read as text: the driver's camelCase transform must not touch the query's keys.
const COLUMNS = `f.id, f.name, f.owner_id, m.name as owner_name, f.shared,
  f.query::text as query_json, f.position, f.created_at, f.updated_at
  from workflow_task_filters f left join member_directory m on m.user_id = f.owner_id`;

type Raw = Omit<FilterRow, "query"> & { queryJson: string };
const toRow = ({ queryJson, ...r }: Raw): FilterRow => ({
  ...r,
  query: JSON.parse(queryJson),
  createdAt: new Date(r.createdAt).toISOString(),
  updatedAt: new Date(r.updatedAt).toISOString(),
});

/** The filters `me` sees (their own and shared ones), by position then name; keyset on (position, name, id). */
export async function selectVisible(
  sql: Sql,
  me: string,
  limit: number,
  after: [number, string, string] | null,
): Promise<FilterRow[]> {
  const rows = await sql<Raw[]>`
    select ${sql.unsafe(COLUMNS)}
    where (f.owner_id = ${me} or f.shared)
      ${
    after ? sql`and (f.position, f.name, f.id) > (${after[0]}, ${after[1]}, ${after[2]})` : sql``
  }
    order by f.position, f.name, f.id
    limit ${limit + 1}`;
  return rows.map(toRow);
}

export async function findFilter(sql: Sql, id: string, lock = false): Promise<FilterRow | null> {
  const [row] = await sql<Raw[]>`select ${sql.unsafe(COLUMNS)} where f.id = ${id}
    ${lock ? sql`for update of f` : sql``}`;
  return row ? toRow(row) : null;
}

export async function countOwn(sql: Sql, me: string): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from workflow_task_filters where owner_id = ${me}`;
  return row.n;
}

export async function insertFilter(
  sql: Sql,
  f: {
    id: string;
    ownerId: string;
    name: string;
    shared: boolean;
    query: TaskFilterQuery;
    position: number;
  },
): Promise<void> {
  await sql`insert into workflow_task_filters (id, owner_id, name, shared, query, position)
    values (${f.id}, ${f.ownerId}, ${f.name}, ${f.shared}, ${JSON.stringify(f.query)}::text::jsonb,
      ${f.position})`;
}

export async function updateFilter(
  sql: Sql,
  id: string,
  f: { name: string; shared: boolean; query: TaskFilterQuery; position: number },
): Promise<void> {
  await sql`update workflow_task_filters set name = ${f.name}, shared = ${f.shared},
    query = ${JSON.stringify(f.query)}::text::jsonb, position = ${f.position}, updated_at = now()
    where id = ${id}`;
}

export async function deleteFilter(sql: Sql, id: string): Promise<void> {
  await sql`delete from workflow_task_filters where id = ${id}`;
}

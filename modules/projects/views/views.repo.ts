import { uuidv7 } from "uuidv7";
import type { Sql } from "../../../shared/db/database.ts";
import type { ViewRow } from "./views.schemas.ts";

const columns = (sql: Sql) =>
  sql`v.id, v.project_id, v.name, v.owner_id, coalesce(d.name, '') as owner_name, v.shared,
    v.layout, v.query, v.group_by, v.sort, v.columns, v.position, v.created_at, v.updated_at`;

const from = (sql: Sql) =>
  sql`from project_views v left join member_directory d on d.user_id = v.owner_id`;

/** A project's views the user may see: shared ones and their own. */
export async function selectViews(sql: Sql, projectId: string, userId: string) {
  return await sql<ViewRow[]>`
    select ${columns(sql)} ${from(sql)}
    where v.project_id = ${projectId} and (v.shared or v.owner_id = ${userId})
    order by v.shared, v.position, lower(v.name), v.id`;
}

export async function selectView(sql: Sql, id: string): Promise<ViewRow | undefined> {
  const [row] = await sql<ViewRow[]>`select ${columns(sql)} ${from(sql)} where v.id = ${id}`;
  return row;
}

export interface ViewFields {
  name: string;
  shared: boolean;
  layout: string;
  query: Record<string, string>;
  groupBy: string;
  sort: string;
  columns: string[];
  position: number;
}

export async function insertView(
  sql: Sql,
  projectId: string,
  ownerId: string,
  f: ViewFields,
) {
  const id = uuidv7();
  await sql`
    insert into project_views (id, project_id, owner_id, name, shared, layout, query, group_by,
      sort, columns, position)
    values (${id}, ${projectId}, ${ownerId}, ${f.name}, ${f.shared}, ${f.layout},
      ${sql.json(f.query)}, ${f.groupBy}, ${f.sort}, ${f.columns}, ${f.position})`;
  return id;
}

export async function updateView(sql: Sql, id: string, f: ViewFields) {
  await sql`
    update project_views set name = ${f.name}, shared = ${f.shared}, layout = ${f.layout},
      query = ${sql.json(f.query)}, group_by = ${f.groupBy}, sort = ${f.sort},
      columns = ${f.columns}, position = ${f.position}, updated_at = now()
    where id = ${id}`;
}

export async function deleteView(sql: Sql, id: string) {
  await sql`delete from project_views where id = ${id}`;
}

/** After the last of a project's views. */
export async function nextViewPosition(sql: Sql, projectId: string): Promise<number> {
  const [row] = await sql<{ p: number }[]>`
    select coalesce(max(position), 0) + 1 as p from project_views where project_id = ${projectId}`;
  return row.p;
}

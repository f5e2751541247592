/** SQL of the explore page: the tenant's tables with their stored columns. */
import type { Sql } from "../../../shared/db/database.ts";
import type { ResultColumn } from "../query/query.types.schemas.ts";

export async function selectTableColumns(
  sql: Sql,
): Promise<{ id: string; name: string; columns: ResultColumn[] }[]> {
  return await sql<{ id: string; name: string; columns: ResultColumn[] }[]>`
    select id, name, columns from analytics_tables order by lower(name), id limit 500`;
}

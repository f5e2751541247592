import type { Sql } from "../../../shared/db/database.ts";

/** The tables a select can list choices from. */
export type OptionTable =
  | "support_companies"
  | "support_customers"
  | "support_contacts"
  | "support_sla_policies"
  | "support_departments"
  | "support_teams";

/** [id, name] pairs for selects (first 200 by name). */
export async function optionRows(sql: Sql, table: OptionTable) {
  const rows = await sql`select id, name from ${sql(table)} order by lower(name), id limit 200`;
  return rows.map((r) => [r.id as string, r.name as string] as [string, string]);
}

/** Names of the given customers. */
export async function customerNameRows(sql: Sql, ids: string[]) {
  const rows = await sql`select id, name from support_customers where id = any(${ids}::uuid[])`;
  return new Map(rows.map((r) => [r.id as string, r.name as string]));
}

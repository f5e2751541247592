import type { Sql } from "../../../shared/db/database.ts";
import { directory, type DirectoryMember } from "../../../platform/identity/public.ts";

/** [id, name] pairs for selects (first 200 by name). */
export async function options(
  sql: Sql,
  table:
    | "support_companies"
    | "support_customers"
    | "support_contacts"
    | "support_sla_policies"
    | "support_departments"
    | "support_teams",
) {
  const rows = await sql`select id, name from ${sql(table)} order by lower(name), id limit 200`;
  return rows.map((r) => [r.id as string, r.name as string] as [string, string]);
}

/** A member as a select choice: "Name <email>". */
export const choice = (
  m: DirectoryMember,
): [string, string] => [m.userId, `${m.name} <${m.email}>`];

/** Active members as [id, name] (assignees, escalation targets). */
export async function memberOptions(sql: Sql) {
  return (await directory(sql)).map(choice);
}

/**
 * Members who may work tickets (assignee choices), plus the users in `keep` (e.g. a current
 * assignee who has since lost the permission, so their name still shows).
 */
export async function agentOptions(sql: Sql, keep: (string | null)[] = []) {
  return (await directory(sql, { permission: "support.ticket.write", keep })).map(choice);
}

/** Members who may work tickets (plus `keep`), with their names for UserChip. */
export async function agentMembers(sql: Sql, keep: (string | null)[] = []) {
  return await directory(sql, { permission: "support.ticket.write", keep });
}

/** Names of the given customers (list pages show names, not ids). */
export async function customerNames(
  sql: Sql,
  ids: string[],
  known?: Map<string, string>,
): Promise<Map<string, string>> {
  // Names already at hand (the form's first 200 customers) need no statement.
  const wanted = known ? [...new Set(ids)].filter((id) => !known.has(id)) : ids;
  if (wanted.length === 0) return new Map();
  const rows = await sql`select id, name from support_customers where id = any(${wanted}::uuid[])`;
  return new Map(rows.map((r) => [r.id as string, r.name as string]));
}

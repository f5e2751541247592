import type { Sql } from "../../../shared/db/database.ts";
import { hasPermission } from "../../../shared/rbac/permissions.ts";

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

/** Active members as [id, name] (assignees, escalation targets). */
export async function memberOptions(sql: Sql) {
  const rows = await sql`
    select u.id, coalesce(m.display_name, u.name) || ' <' || u.email || '>' as name
    from memberships m join users u on u.id = m.user_id
    where m.status = 'active' order by lower(coalesce(m.display_name, u.name)) limit 500`;
  return rows.map((r) => [r.id as string, r.name as string] as [string, string]);
}

/**
 * Members who may work tickets (assignee choices), plus the users in `keep` (e.g. a current
 * assignee who has since lost the permission, so their name still shows).
 */
export async function agentOptions(sql: Sql, keep: (string | null)[] = []) {
  const rows = await sql`
    select u.id, coalesce(m.display_name, u.name) || ' <' || u.email || '>' as name,
      coalesce(array_agg(p) filter (where p is not null), '{}') as permissions
    from memberships m join users u on u.id = m.user_id
    left join roles r on r.key = any(m.roles) left join lateral unnest(r.permissions) p on true
    where m.status = 'active' or m.user_id = any(${keep.filter(Boolean) as string[]}::uuid[])
    group by u.id, m.display_name, u.name, u.email
    order by lower(coalesce(m.display_name, u.name)) limit 500`;
  return rows
    .filter((r) => keep.includes(r.id) || hasPermission(r.permissions, "support.ticket.write"))
    .map((r) => [r.id as string, r.name as string] as [string, string]);
}

/** Names of the given customers (list pages show names, not ids). */
export async function customerNames(sql: Sql, ids: string[]): Promise<Map<string, string>> {
  const rows = await sql`select id, name from support_customers where id = any(${ids}::uuid[])`;
  return new Map(rows.map((r) => [r.id as string, r.name as string]));
}

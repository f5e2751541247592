import type { Sql } from "../../shared/db/database.ts";
import { hasPermission } from "../../shared/rbac/permissions.ts";

/** A member of the current tenant as other features see them. */
export interface DirectoryMember {
  userId: string;
  name: string;
  email: string;
  permissions: string[];
}

/** The member's name as this tenant knows it ("" for nobody or an unknown user). */
export async function memberName(sql: Sql, userId: string | null): Promise<string> {
  if (!userId) return "";
  const [row] = await sql`select name from member_directory where user_id = ${userId}`;
  return row?.name ?? "";
}

/**
 * The language to write to a member in (their own setting, else the tenant's default), for
 * notices and e-mails composed outside any request of theirs.
 */
export async function memberLocale(sql: Sql, userId: string): Promise<"en" | "tr"> {
  const [row] = await sql<{ locale: "en" | "tr" }[]>`
    select coalesce(u.locale, t.locale, 'en') as locale
    from tenants t left join users u on u.id = ${userId}
    where t.id = nullif(current_setting('app.tenant_id', true), '')::uuid`;
  return row?.locale ?? "en";
}

/** Names of several users at once, by id (users without a row are left out). */
export async function memberNames(sql: Sql, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await sql<{ userId: string; name: string }[]>`
    select user_id, name from member_directory where user_id = any(${userIds}::uuid[])`;
  return new Map(rows.map((r) => [r.userId, r.name]));
}

/** Permissions of an active member of the current tenant; null when not an active member. */
export async function memberPermissions(sql: Sql, userId: string): Promise<string[] | null> {
  const [row] = await sql`
    select coalesce(array_agg(distinct p) filter (where p is not null), '{}') as permissions
    from memberships m left join roles r on r.key = any(m.roles)
    left join lateral unnest(r.permissions) p on true
    where m.user_id = ${userId} and m.status = 'active'
    group by m.user_id`;
  return row ? row.permissions : null;
}

/** The ones of `userIds` who are active members of the current tenant. */
export async function activeMembers(sql: Sql, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await sql<{ userId: string }[]>`
    select user_id from memberships
    where user_id = any(${userIds}::uuid[]) and status = 'active'`;
  return rows.map((r) => r.userId);
}

export async function isActiveMember(sql: Sql, userId: string): Promise<boolean> {
  return (await activeMembers(sql, [userId])).length > 0;
}

/** Active members holding a role (documents shares to a group). */
export async function membersWithRole(sql: Sql, role: string): Promise<string[]> {
  const rows = await sql<{ userId: string }[]>`
    select user_id from memberships where status = 'active' and ${role} = any(roles)`;
  return rows.map((r) => r.userId);
}

/** Whether a role with this key exists in the current tenant. */
export async function roleExists(sql: Sql, key: string): Promise<boolean> {
  const [row] = await sql`select 1 from roles where key = ${key}`;
  return !!row;
}

/**
 * Active members with their permissions, by name; with `permission`, only those who hold it.
 * Users in `keep` are listed whatever their state (e.g. a current assignee who has since lost
 * the permission, so their name still shows).
 */
export async function directory(
  sql: Sql,
  opts: { permission?: string; keep?: (string | null)[]; limit?: number } = {},
): Promise<DirectoryMember[]> {
  const keep = (opts.keep ?? []).filter(Boolean) as string[];
  const rows = await sql<DirectoryMember[]>`
    select d.user_id, d.name, d.email,
      coalesce(array_agg(p) filter (where p is not null), '{}') as permissions
    from member_directory d
    left join roles r on r.key = any(d.roles) left join lateral unnest(r.permissions) p on true
    where d.status = 'active' or d.user_id = any(${keep}::uuid[])
    group by d.user_id, d.name, d.email
    order by lower(d.name), d.user_id limit ${opts.limit ?? 500}`;
  const wanted = opts.permission;
  return wanted
    ? rows.filter((r) => keep.includes(r.userId) || hasPermission(r.permissions, wanted))
    : rows;
}

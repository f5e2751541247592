/** SQL of applications and their grants (tenant-scoped connection; RLS keeps tenants apart). */
import type { Sql } from "../../../shared/db/database.ts";
import { listRoles } from "../../../platform/identity/public.ts";
import type { AppLevel } from "./access.rules.ts";
import type { Grant, GrantInput } from "./apps.schemas.ts";

export interface AppListRow {
  id: string;
  name: string;
  description: string;
  createdBy: string | null;
  createdByName: string | null;
  sheetCount: number;
  granted: AppLevel | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * Apps with the caller's strongest grant. `all` (app.write holders) lists every app; others
 * only those they created or hold a grant on, so the list never names an app not shared.
 */
export async function selectApps(
  sql: Sql,
  me: { userId: string; roles: string[]; all: boolean },
  appId?: string,
): Promise<AppListRow[]> {
  const mine = sql`(g.user_id = ${me.userId} or g.role = any(${sql.array(me.roles)}::text[]))`;
  return await sql<AppListRow[]>`
    select a.id, a.name, a.description, a.created_by, m.name as created_by_name,
      a.created_at, a.updated_at,
      (select count(*)::int from analytics_sheets s where s.app_id = a.id) as sheet_count,
      (select (array['view', 'edit', 'manage'])[max(case g.level when 'view' then 1
          when 'edit' then 2 else 3 end)]
        from analytics_app_access g where g.app_id = a.id and ${mine}) as granted
    from analytics_apps a left join member_directory m on m.user_id = a.created_by
    where ${appId ? sql`a.id = ${appId}` : sql`true`}
      and (${me.all} or a.created_by = ${me.userId}
        or exists (select 1 from analytics_app_access g where g.app_id = a.id and ${mine}))
    order by lower(a.name), a.id
    limit 1000`;
}

export async function insertApp(
  sql: Sql,
  a: { id: string; name: string; description: string; createdBy: string },
) {
  await sql`insert into analytics_apps (tenant_id, id, name, description, created_by)
    values (current_setting('app.tenant_id')::uuid, ${a.id}, ${a.name}, ${a.description},
      ${a.createdBy})`;
}

export async function updateApp(
  sql: Sql,
  id: string,
  patch: { name?: string; description?: string },
) {
  await sql`update analytics_apps set
      name = coalesce(${patch.name ?? null}::text, name),
      description = coalesce(${patch.description ?? null}::text, description),
      updated_at = now()
    where id = ${id}`;
}

export async function deleteApp(sql: Sql, id: string) {
  await sql`delete from analytics_apps where id = ${id}`;
}

export async function selectGrants(sql: Sql, appId: string): Promise<Grant[]> {
  const rows = await sql<Grant[]>`
    select g.user_id, g.role, g.level, coalesce(m.name, g.role, '') as name
    from analytics_app_access g
    left join member_directory m on m.user_id = g.user_id
    where g.app_id = ${appId}`;
  // Roles are named through identity's door (its tables are its own).
  const roleNames = new Map((await listRoles(sql)).map((r) => [r.key, r.name]));
  const named = rows.map((g) => (g.role ? { ...g, name: roleNames.get(g.role) ?? g.role } : g));
  // People first, then roles; each by name.
  return named.sort((a, b) =>
    Number(a.role !== null) - Number(b.role !== null) ||
    a.name.localeCompare(b.name, undefined, { sensitivity: "base" })
  );
}

/** Replaces every grant of the app with `grants` (the caller checked them). */
export async function replaceGrants(sql: Sql, appId: string, grants: GrantInput[]) {
  await sql`delete from analytics_app_access where app_id = ${appId}`;
  if (grants.length === 0) return;
  const rows = grants.map((g) => ({
    id: crypto.randomUUID(),
    user_id: g.userId ?? null,
    role: g.role ?? null,
    level: g.level,
  }));
  await sql`insert into analytics_app_access (tenant_id, id, app_id, user_id, role, level)
    select current_setting('app.tenant_id')::uuid, x.id::uuid, ${appId}, x.user_id::uuid, x.role,
      x.level
    from json_to_recordset(${JSON.stringify(rows)}::text::json)
      as x(id text, user_id text, role text, level text)`;
}

/** Which of these users are members of the tenant, and which of these role keys exist. */
export async function knownPrincipals(sql: Sql, userIds: string[], roles: string[]) {
  const users = userIds.length
    ? await sql<{ userId: string }[]>`select user_id from member_directory
        where user_id = any(${sql.array(userIds)}::uuid[]) and status is not null`
    : [];
  const keys = roles.length ? (await listRoles(sql)).map((r) => r.key) : [];
  return {
    users: new Set(users.map((u) => u.userId)),
    roles: new Set(keys.filter((k) => roles.includes(k))),
  };
}

/**
 * Who may be granted access: the tenant's active members and its roles, by name. Owners and
 * admins are left out: they manage every application already.
 */
export async function selectPrincipals(sql: Sql) {
  const people = await sql<{ userId: string; name: string }[]>`
    select user_id, name from member_directory where status = 'active'
    order by lower(name), user_id limit 1000`;
  const roles = (await listRoles(sql))
    .filter((r) => r.key !== "owner" && r.key !== "admin")
    .sort((a, b) =>
      Number(b.builtin) - Number(a.builtin) ||
      a.name.localeCompare(b.name, undefined, { sensitivity: "base" })
    )
    .map((r) => ({ key: r.key, name: r.name }));
  return { people, roles };
}

import type { Sql } from "../../shared/db/database.ts";
import { uuidv7 } from "uuidv7";
import type { BuiltinRole } from "../../shared/modules.ts";
import type { RoleRow } from "./identity.schemas.ts";

export type { RoleRow };

const columns = (sql: Sql) =>
  sql`id, key, name, description, permissions, builtin, created_at, updated_at`;

export async function listRoles(sql: Sql): Promise<RoleRow[]> {
  return await sql<RoleRow[]>`select ${columns(sql)} from roles order by builtin desc, key`;
}

export async function findRole(sql: Sql, id: string): Promise<RoleRow | undefined> {
  const [row] = await sql<RoleRow[]>`select ${columns(sql)} from roles where id = ${id}`;
  return row;
}

export async function roleKeysExist(sql: Sql, keys: string[]): Promise<string[]> {
  const rows = await sql<{ key: string }[]>`select key from roles where key = any(${keys})`;
  const known = new Set(rows.map((r) => r.key));
  return keys.filter((k) => !known.has(k));
}

export async function insertRole(
  sql: Sql,
  tenantId: string,
  r: { key: string; name: string; description: string; permissions: string[]; builtin?: boolean },
): Promise<RoleRow> {
  const [row] = await sql<RoleRow[]>`
    insert into roles (tenant_id, id, key, name, description, permissions, builtin)
    values (${tenantId}, ${uuidv7()}, ${r.key}, ${r.name}, ${r.description}, ${r.permissions},
            ${r.builtin ?? false})
    returning ${columns(sql)}`;
  return row;
}

export async function updateRole(
  sql: Sql,
  id: string,
  r: { name: string; description: string; permissions: string[] },
): Promise<RoleRow | undefined> {
  const [row] = await sql<RoleRow[]>`
    update roles set name = ${r.name}, description = ${r.description},
      permissions = ${r.permissions}, updated_at = now()
    where id = ${id} and not builtin
    returning ${columns(sql)}`;
  return row;
}

export async function seedBuiltinRoles(
  sql: Sql,
  tenantId: string,
  roles: Record<string, BuiltinRole>,
) {
  for (const [key, role] of Object.entries(roles)) {
    await insertRole(sql, tenantId, { key, ...role, builtin: true });
  }
}

/** Whether a role of the current tenant has this key. */
export async function roleKeyTaken(sql: Sql, key: string): Promise<boolean> {
  const [taken] = await sql`select 1 from roles where key = ${key}`;
  return Boolean(taken);
}

import { uuidv7 } from "uuidv7";
import type { Sql } from "../../../shared/db/database.ts";
import { listRoles } from "../../../platform/identity/public.ts";
import type { SharedWithMe } from "./shares.schemas.ts";

export interface ShareRow {
  id: string;
  targetType: "file" | "folder";
  targetId: string;
  targetName: string | null;
  kind: "user" | "group" | "public";
  principalId: string | null;
  principalName: string | null;
  level: "view" | "edit";
  hasPassword: boolean;
  passwordHash: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
  createdBy: string | null;
  createdAt: string;
  accessCount: number;
  lastAccessedAt: string | null;
}

const SELECT = (sql: Sql) =>
  sql`
  select s.id, s.target_type, s.target_id,
    coalesce(f.name, d.name) as target_name, s.kind, s.principal_id,
    case s.kind when 'user' then md.name end as principal_name,
    s.level, s.password_hash is not null as has_password, s.password_hash, s.expires_at,
    s.revoked_at, s.created_by, s.created_at, s.access_count, s.last_accessed_at
  from doc_shares s
  left join doc_files f on s.target_type = 'file' and f.id = s.target_id
  left join doc_folders d on s.target_type = 'folder' and d.id = s.target_id
  left join member_directory md on s.kind = 'user' and md.user_id::text = s.principal_id`;

/** Group shares are named after their role (roles live in identity, read through its door). */
async function withRoleNames(sql: Sql, rows: ShareRow[]): Promise<ShareRow[]> {
  if (!rows.some((r) => r.kind === "group")) return rows;
  const names = new Map((await listRoles(sql)).map((r) => [r.key, r.name]));
  for (const r of rows) {
    if (r.kind === "group") r.principalName = names.get(r.principalId ?? "") ?? null;
  }
  return rows;
}

export async function insertShare(
  sql: Sql,
  s: {
    targetType: string;
    targetId: string;
    kind: string;
    principalId: string | null;
    level: string;
    tokenHash: string | null;
    passwordHash: string | null;
    expiresAt: string | null;
  },
): Promise<ShareRow> {
  const id = uuidv7();
  await sql`
    insert into doc_shares (tenant_id, id, target_type, target_id, kind, principal_id, level,
      token_hash, password_hash, expires_at, created_by)
    values (nullif(current_setting('app.tenant_id', true), '')::uuid, ${id}, ${s.targetType},
      ${s.targetId}, ${s.kind}, ${s.principalId}, ${s.level}, ${s.tokenHash}, ${s.passwordHash},
      ${s.expiresAt}, nullif(current_setting('app.user_id', true), '')::uuid)`;
  if (s.tokenHash) {
    await sql`
      insert into doc_share_lookup (token_hash, tenant_id, share_id)
      values (${s.tokenHash}, nullif(current_setting('app.tenant_id', true), '')::uuid, ${id})`;
  }
  return (await findShare(sql, id))!;
}

export async function findShare(sql: Sql, id: string): Promise<ShareRow | null> {
  const [row] = await withRoleNames(sql, [
    ...await sql<ShareRow[]>`${SELECT(sql)} where s.id = ${id}`,
  ]);
  return row ?? null;
}

export async function sharesOf(sql: Sql, targetType: string, targetId: string) {
  return await withRoleNames(
    sql,
    [
      ...await sql<ShareRow[]>`
    ${SELECT(sql)} where s.target_type = ${targetType} and s.target_id = ${targetId}
    order by s.created_at desc, s.id desc`,
    ],
  );
}

export async function revokeShare(sql: Sql, id: string) {
  await sql`update doc_shares set revoked_at = now() where id = ${id} and revoked_at is null`;
  await sql`delete from doc_share_lookup where share_id = ${id}`;
}

export async function countAccess(sql: Sql, id: string) {
  await sql`
    update doc_shares set access_count = access_count + 1, last_accessed_at = now()
    where id = ${id}`;
}

/**
 * Which tenant and share a token hash belongs to, before any tenant is known: through the one
 * security-definer function that may look across tenants (migration 0023), never the table.
 */
export async function lookupToken(sql: Sql, tokenHash: string) {
  const [row] = await sql<{ tenantId: string; shareId: string }[]>`
    select tenant_id, share_id from doc_share_by_token(${tokenHash})`;
  return row ?? null;
}

/**
 * The live folders a folder link reaches: the root and its subfolders, except those that break
 * inheritance (they have their own permissions, which a link of a parent must not bypass).
 */
export async function subtree(sql: Sql, root: string): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`
    with recursive t as (
      select id from doc_folders where id = ${root} and deleted_at is null
      union all
      select d.id from doc_folders d join t on d.parent_id = t.id
      where d.deleted_at is null and d.inherit
    ) select id from t`;
  return rows.map((r) => r.id);
}

export async function folderListing(sql: Sql, folderId: string) {
  const folders = await sql<{ id: string; name: string }[]>`
    select id, name from doc_folders
    where parent_id = ${folderId} and deleted_at is null and inherit
    order by lower(name), id`;
  const files = await sql<{ id: string; name: string; size: number; contentType: string }[]>`
    select id, name, size::float8 as size, content_type from doc_files
    where folder_id = ${folderId} and deleted_at is null and owner_module is null
    order by lower(name), id limit 1000`;
  return { folders: [...folders], files: [...files] };
}

/** Live files and folders shared with the user or one of their roles (not by themselves). */
export async function sharedWithMe(sql: Sql, userId: string, roles: string[], limit: number) {
  return await sql<SharedWithMe[]>`
    select s.id as share_id, s.target_type, s.target_id, coalesce(f.name, d.name) as name,
      f.size::float8 as size, f.content_type, s.level, md.name as shared_by_name,
      s.created_at as shared_at, s.expires_at
    from doc_shares s
    left join doc_files f on s.target_type = 'file' and f.id = s.target_id
      and f.deleted_at is null and f.owner_module is null
    left join doc_folders d on s.target_type = 'folder' and d.id = s.target_id
      and d.deleted_at is null
    left join member_directory md on md.user_id = s.created_by
    where s.revoked_at is null and (s.expires_at is null or s.expires_at > now())
      and s.kind <> 'public' and s.created_by is distinct from ${userId}
      and ((s.kind = 'user' and s.principal_id = ${userId})
        or (s.kind = 'group' and s.principal_id = any(${roles})))
      and coalesce(f.id, d.id) is not null
    order by s.created_at desc, s.id desc limit ${limit}`;
}

/** Seconds a throttle key stays locked (0: not locked). */
export async function lockedFor(sql: Sql, key: string): Promise<number> {
  const [row] = await sql<{ s: number }[]>`
    select coalesce(ceil(extract(epoch from locked_until - now())), 0)::int as s
    from login_throttle where key = ${key} and locked_until > now()`;
  return row?.s ?? 0;
}

import { uuidv7 } from "uuidv7";
import type { Sql } from "../../../shared/db/database.ts";

export interface DropRow {
  id: string;
  folderId: string;
  folderName: string | null;
  folderDeleted: boolean;
  label: string;
  message: string;
  hasPassword: boolean;
  passwordHash: string | null;
  maxFileBytes: number;
  maxTotalBytes: number | null;
  usedBytes: number;
  uploadCount: number;
  expiresAt: string | null;
  revokedAt: string | null;
  createdBy: string | null;
  createdByName: string | null;
  createdAt: string;
}

const SELECT = (sql: Sql) =>
  sql`
  select d.id, d.folder_id, f.name as folder_name, f.deleted_at is not null as folder_deleted,
    d.label, d.message, d.password_hash is not null as has_password, d.password_hash,
    d.max_file_bytes::float8 as max_file_bytes, d.max_total_bytes::float8 as max_total_bytes,
    d.used_bytes::float8 as used_bytes, d.upload_count, d.expires_at, d.revoked_at,
    d.created_by, md.name as created_by_name, d.created_at
  from doc_drops d
  left join doc_folders f on f.id = d.folder_id
  left join member_directory md on md.user_id = d.created_by`;

export async function insertDrop(
  sql: Sql,
  d: {
    folderId: string;
    tokenHash: string;
    label: string;
    message: string;
    passwordHash: string | null;
    maxFileBytes: number;
    maxTotalBytes: number | null;
    expiresAt: string | null;
  },
): Promise<DropRow> {
  const id = uuidv7();
  await sql`
    insert into doc_drops (tenant_id, id, folder_id, token_hash, label, message, password_hash,
      max_file_bytes, max_total_bytes, expires_at, created_by)
    values (nullif(current_setting('app.tenant_id', true), '')::uuid, ${id}, ${d.folderId},
      ${d.tokenHash}, ${d.label}, ${d.message}, ${d.passwordHash}, ${d.maxFileBytes},
      ${d.maxTotalBytes}, ${d.expiresAt}, nullif(current_setting('app.user_id', true), '')::uuid)`;
  return (await findDrop(sql, id))!;
}

/** A drop link by id; `lock` holds its row until the transaction ends (totals are updated). */
export async function findDrop(sql: Sql, id: string, lock = false): Promise<DropRow | null> {
  if (lock) await sql`select 1 from doc_drops where id = ${id} for update`;
  const [row] = await sql<DropRow[]>`${SELECT(sql)} where d.id = ${id}`;
  return row ?? null;
}

export async function dropsOf(sql: Sql, folderId: string): Promise<DropRow[]> {
  return [
    ...await sql<DropRow[]>`
      ${SELECT(sql)} where d.folder_id = ${folderId} order by d.created_at desc, d.id desc
      limit 200`,
  ];
}

export async function revokeDrop(sql: Sql, id: string) {
  await sql`update doc_drops set revoked_at = now() where id = ${id} and revoked_at is null`;
}

/**
 * Which tenant and drop a token hash belongs to, before any tenant is known: through the one
 * security-definer function that may look across tenants (migration 0057), never the table.
 */
export async function lookupDropToken(sql: Sql, tokenHash: string) {
  const [row] = await sql<{ tenantId: string; id: string }[]>`
    select tenant_id, id from doc_drop_by_token(${tokenHash})`;
  return row ?? null;
}

export async function addDropped(
  sql: Sql,
  dropId: string,
  visitorHash: string,
  files: { id: string; name: string; size: number }[],
) {
  for (const f of files) {
    await sql`
      insert into doc_drop_uploads (tenant_id, id, drop_id, visitor_hash, file_id, name, size)
      values (nullif(current_setting('app.tenant_id', true), '')::uuid, ${uuidv7()}, ${dropId},
        ${visitorHash}, ${f.id}, ${f.name}, ${f.size})`;
  }
  const total = files.reduce((n, f) => n + f.size, 0);
  await sql`
    update doc_drops set used_bytes = used_bytes + ${total},
      upload_count = upload_count + ${files.length}
    where id = ${dropId}`;
}

/** What one visitor dropped through one link (names and sizes as uploaded), newest first. */
export async function droppedBy(sql: Sql, dropId: string, visitorHash: string) {
  return [
    ...await sql<{ name: string; size: number; createdAt: string }[]>`
      select name, size::float8 as size, created_at from doc_drop_uploads
      where drop_id = ${dropId} and visitor_hash = ${visitorHash}
      order by created_at desc, id desc limit 200`,
  ];
}

/** The roles of an active member (null once they left or were suspended). */
export async function activeMemberRoles(sql: Sql, userId: string): Promise<string[] | null> {
  const [row] = await sql<{ roles: string[] }[]>`
    select roles from member_directory where user_id = ${userId} and status = 'active'`;
  return row?.roles ?? null;
}

/** The workspace facts a public drop page shows (its own tenant only, by policy). */
export async function dropWorkspace(sql: Sql) {
  const [row] = await sql<{ name: string; logo: string | null; accentColor: string | null }[]>`
    select name, logo, accent_color from tenants
    where id = (select nullif(current_setting('app.tenant_id', true), '')::uuid)`;
  return row ?? null;
}

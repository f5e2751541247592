import type { Sql } from "../../../shared/db/database.ts";
import type { Owner } from "../files/files.repo.ts";

/** An attachment row with the record that owns it (several owners are listed at once). */
export interface OwnedFileRow {
  id: string;
  ownerId: string;
  name: string;
  contentType: string;
  size: number;
  sha256: string;
  storageKey: string;
  createdAt: string;
  createdBy: string | null;
}

const COLUMNS = (sql: Sql) =>
  sql`id, owner_id, name, content_type, size::float8 as size, sha256, storage_key, created_at,
    created_by`;

/** The live files of many records of one kind (e.g. every comment of a ticket), oldest first. */
export async function filesOfOwners(
  sql: Sql,
  owner: { module: string; entityType: string; entityIds: string[] },
): Promise<OwnedFileRow[]> {
  if (!owner.entityIds.length) return [];
  return await sql<OwnedFileRow[]>`
    select ${COLUMNS(sql)} from doc_files
    where owner_module = ${owner.module} and owner_type = ${owner.entityType}
      and owner_id = any(${owner.entityIds}::text[]) and deleted_at is null
    order by created_at, id`;
}

/** Gives files of `from` to `to`; returns the ones moved (the others were not `from`'s). */
export async function moveFiles(
  sql: Sql,
  ids: string[],
  from: Owner,
  to: Owner,
): Promise<OwnedFileRow[]> {
  if (!ids.length) return [];
  return await sql<OwnedFileRow[]>`
    update doc_files set owner_module = ${to.module}, owner_type = ${to.entityType},
      owner_id = ${to.entityId}, updated_at = now()
    where id = any(${ids}::uuid[]) and owner_module = ${from.module}
      and owner_type = ${from.entityType} and owner_id = ${from.entityId} and deleted_at is null
    returning ${COLUMNS(sql)}`;
}

/** One live attachment by id, whoever owns it (the mail sender reads its bytes). */
export async function liveAttachment(sql: Sql, id: string): Promise<OwnedFileRow | undefined> {
  const [row] = await sql<OwnedFileRow[]>`
    select ${COLUMNS(sql)} from doc_files
    where id = ${id} and owner_module is not null and deleted_at is null`;
  return row;
}

import type { Sql } from "../../../shared/db/database.ts";
import { dropThumbnails } from "../thumbnails/thumbnails.repo.ts";

export interface TrashRow {
  id: string;
  kind: "file" | "folder";
  name: string;
  size: number;
  /** Where it was (null: the root). */
  folderId: string | null;
  deletedAt: string;
  deletedBy: string | null;
  deletedByName: string | null;
  /** Files inside (folders only). */
  itemCount: number;
}

/** The trash items (what was deleted, not what went with it), newest first. */
export async function trashItems(
  sql: Sql,
  limit: number,
  after: [string, string] | null,
  olderThan?: string,
): Promise<TrashRow[]> {
  return await sql<TrashRow[]>`
    select * from (
      select f.id, 'file' as kind, f.name, f.size::float8 as size, f.folder_id, f.deleted_at,
        f.deleted_by, md.name as deleted_by_name, 0 as item_count
      from doc_files f left join member_directory md on md.user_id = f.deleted_by
      where f.deleted_at is not null and f.trash_root = f.id and f.owner_module is null
      union all
      select d.id, 'folder', d.name,
        coalesce((select sum(size) from doc_files x where x.trash_root = d.id), 0)::float8,
        d.parent_id, d.deleted_at, d.deleted_by, md.name,
        (select count(*)::int from doc_files x where x.trash_root = d.id)
      from doc_folders d left join member_directory md on md.user_id = d.deleted_by
      where d.deleted_at is not null and d.trash_root = d.id
    ) t
    where true
      ${
    after ? sql`and (t.deleted_at, t.id) < (${after[0]}::timestamptz, ${after[1]}::uuid)` : sql``
  }
      ${olderThan ? sql`and t.deleted_at < ${olderThan}::timestamptz` : sql``}
    order by t.deleted_at desc, t.id desc limit ${limit + 1}`;
}

export async function trashItem(sql: Sql, id: string): Promise<TrashRow | null> {
  const [row] = await sql<TrashRow[]>`
    select f.id, 'file' as kind, f.name, f.size::float8 as size, f.folder_id, f.deleted_at,
      f.deleted_by, null as deleted_by_name, 0 as item_count
    from doc_files f
    where f.id = ${id} and f.deleted_at is not null and f.trash_root = f.id
      and f.owner_module is null
    union all
    select d.id, 'folder', d.name, 0, d.parent_id, d.deleted_at, d.deleted_by, null, 0
    from doc_folders d where d.id = ${id} and d.deleted_at is not null and d.trash_root = d.id`;
  return row ?? null;
}

/** Is the folder there and not in the trash? */
export async function folderLive(sql: Sql, id: string | null): Promise<boolean> {
  if (!id) return true;
  const [row] = await sql`select 1 from doc_folders where id = ${id} and deleted_at is null`;
  return !!row;
}

export async function restoreFileRow(sql: Sql, id: string, folderId: string | null) {
  await sql`
    update doc_files set deleted_at = null, deleted_by = null, trash_root = null,
      folder_id = ${folderId}, updated_at = now()
    where id = ${id}`;
}

export async function restoreFolderRows(sql: Sql, root: string, parentId: string | null) {
  await sql`update doc_folders set parent_id = ${parentId} where id = ${root}`;
  await sql`
    update doc_folders set deleted_at = null, deleted_by = null, trash_root = null
    where trash_root = ${root}`;
  await sql`
    update doc_files set deleted_at = null, deleted_by = null, trash_root = null
    where trash_root = ${root}`;
}

/**
 * Removes a trash item for good and returns the storage keys to delete. Items trashed on their
 * own earlier inside a purged folder stay in the trash, moved to the root.
 */
export async function purgeRows(sql: Sql, root: string): Promise<string[]> {
  const folders = (await sql<{ id: string }[]>`
    select id from doc_folders where trash_root = ${root}`).map((r) => r.id);
  if (folders.length) {
    await sql`update doc_files set folder_id = null
      where folder_id = any(${folders}::uuid[]) and trash_root is distinct from ${root}`;
    await sql`update doc_folders set parent_id = null
      where parent_id = any(${folders}::uuid[]) and trash_root is distinct from ${root}`;
  }
  const files = (await sql<{ id: string }[]>`
    select id from doc_files where trash_root = ${root}`).map((r) => r.id);
  const thumbnails = await dropThumbnails(sql, files);
  const versions = await sql<{ storageKey: string }[]>`
    delete from doc_versions where file_id = any(${files}::uuid[]) returning storage_key`;
  const gone = await sql<{ storageKey: string }[]>`
    delete from doc_files where id = any(${files}::uuid[]) returning storage_key`;
  if (folders.length) {
    await sql`delete from doc_shares where target_id = any(${[...folders, ...files]}::uuid[])`;
    await sql`delete from doc_folders where id = any(${folders}::uuid[])`;
  } else {
    await sql`delete from doc_shares where target_id = any(${files}::uuid[])`;
  }
  return [...versions, ...gone].map((r) => r.storageKey).concat(thumbnails);
}

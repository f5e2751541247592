import { uuidv7 } from "uuidv7";
import type { Sql } from "../../../shared/db/database.ts";
import { fold } from "../../../shared/text/fold.ts";
import type { AclEntry } from "../access/access.rules.ts";

export interface FolderRow {
  id: string;
  parentId: string | null;
  name: string;
  inherit: boolean;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
  trashRoot: string | null;
}

const COLS = (sql: Sql) =>
  sql`id, parent_id, name, inherit, created_by, created_at, updated_at, deleted_at, trash_root`;

export async function findFolder(sql: Sql, id: string): Promise<FolderRow | null> {
  const [row] = await sql<FolderRow[]>`select ${COLS(sql)} from doc_folders where id = ${id}`;
  return row ?? null;
}

export async function activeFolders(sql: Sql): Promise<FolderRow[]> {
  return await sql<FolderRow[]>`
    select ${COLS(sql)} from doc_folders where deleted_at is null order by lower(name), id`;
}

export async function insertFolder(sql: Sql, name: string, parentId: string | null) {
  const id = uuidv7();
  await sql`
    insert into doc_folders (tenant_id, id, parent_id, name, name_search, created_by)
    values (nullif(current_setting('app.tenant_id', true), '')::uuid, ${id}, ${parentId},
      ${name}, ${fold(name)}, nullif(current_setting('app.user_id', true), '')::uuid)`;
  return (await findFolder(sql, id))!;
}

export async function updateFolder(
  sql: Sql,
  id: string,
  patch: { name: string; parentId: string | null },
) {
  await sql`
    update doc_folders set name = ${patch.name}, name_search = ${fold(patch.name)},
      parent_id = ${patch.parentId}, updated_at = now()
    where id = ${id}`;
  return (await findFolder(sql, id))!;
}

/** An active item named so (case-insensitively) in the folder already? */
export async function nameTaken(
  sql: Sql,
  parentId: string | null,
  name: string,
  except?: string,
): Promise<boolean> {
  const [row] = await sql`
    select exists(select 1 from doc_folders where parent_id is not distinct from ${parentId}
        and lower(name) = lower(${name}) and deleted_at is null
        and (${except ?? null}::uuid is null or id <> ${except ?? null}::uuid))
      or exists(select 1 from doc_files where folder_id is not distinct from ${parentId}
        and lower(name) = lower(${name}) and deleted_at is null and owner_module is null
        and (${except ?? null}::uuid is null or id <> ${except ?? null}::uuid)) as taken`;
  return row.taken;
}

/** Moves a folder subtree (ids given) and their files to the trash under one trash item. */
export async function trashTree(sql: Sql, root: string, ids: string[]) {
  await sql`
    update doc_folders set deleted_at = now(),
      deleted_by = nullif(current_setting('app.user_id', true), '')::uuid, trash_root = ${root}
    where id = any(${ids}::uuid[]) and deleted_at is null`;
  await sql`
    update doc_files set deleted_at = now(),
      deleted_by = nullif(current_setting('app.user_id', true), '')::uuid, trash_root = ${root}
    where folder_id = any(${ids}::uuid[]) and deleted_at is null`;
}

export async function folderAcl(sql: Sql, id: string): Promise<AclEntry[]> {
  return await sql<AclEntry[]>`
    select folder_id, principal_type, principal_id, level from doc_permissions
    where folder_id = ${id} order by principal_type, principal_id`;
}

export async function replaceAcl(
  sql: Sql,
  id: string,
  inherit: boolean,
  entries: Omit<AclEntry, "folderId">[],
) {
  await sql`update doc_folders set inherit = ${inherit}, updated_at = now() where id = ${id}`;
  await sql`delete from doc_permissions where folder_id = ${id}`;
  for (const e of entries) {
    await sql`
      insert into doc_permissions (tenant_id, folder_id, principal_type, principal_id, level)
      values (nullif(current_setting('app.tenant_id', true), '')::uuid, ${id},
        ${e.principalType}, ${e.principalId}, ${e.level})`;
  }
}

/** Every live folder, by name. */
export async function liveFolders(sql: Sql): Promise<FolderRow[]> {
  return await sql<FolderRow[]>`
    select id, parent_id, name, inherit, created_by, created_at, updated_at, deleted_at, trash_root
    from doc_folders where deleted_at is null order by lower(name), id`;
}

/** Whether the user has any membership of the tenant (status not null), whatever its state. */
export async function isMember(sql: Sql, userId: string): Promise<boolean> {
  return (await sql`select 1 from member_directory where user_id::text = ${userId}
          and status is not null`).length > 0;
}

import type { Sql } from "../../../shared/db/database.ts";

/** The folders of these files of the folder tree (attachments are left out). */
export async function treeFileFolders(sql: Sql, ids: string[]) {
  return await sql<{ id: string; folderId: string | null }[]>`
      select id, folder_id from doc_files where id = any(${ids}) and owner_module is null`;
}

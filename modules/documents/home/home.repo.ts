import type { Sql } from "../../../shared/db/database.ts";

export interface RecentFileRow {
  id: string;
  name: string;
  folderId: string | null;
  contentType: string;
  updatedAt: string;
}

/**
 * The newest live files of the folder tree (not other modules' attachments) within the
 * caller's scope: every file for admins, else files in visible folders, in the root when it is
 * visible, and files shared with them.
 */
export async function recentFiles(
  sql: Sql,
  scope: { all: boolean; visible: string[]; rootVisible: boolean; shared: string[] },
  limit: number,
): Promise<RecentFileRow[]> {
  return await sql<RecentFileRow[]>`
    select id, name, folder_id, content_type, updated_at from doc_files
    where deleted_at is null and owner_module is null
      ${
    scope.all ? sql`` : sql`and (folder_id = any(${scope.visible}::uuid[])
        or (folder_id is null and ${scope.rootVisible}) or id = any(${scope.shared}::uuid[]))`
  }
    order by updated_at desc, id desc limit ${limit}`;
}

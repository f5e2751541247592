import type { Sql } from "../../../shared/db/database.ts";

/** Names of files and folders by id, trashed ones too (a history outlives its records). */
export async function itemNames(
  sql: Sql,
  files: string[],
  folders: string[],
): Promise<{ id: string; name: string; deletedAt: string | null }[]> {
  const out = [];
  if (files.length) {
    out.push(
      ...await sql<{ id: string; name: string; deletedAt: string | null }[]>`
        select id, name, deleted_at from doc_files where id = any(${files}::uuid[])`,
    );
  }
  if (folders.length) {
    out.push(
      ...await sql<{ id: string; name: string; deletedAt: string | null }[]>`
        select id, name, deleted_at from doc_folders where id = any(${folders}::uuid[])`,
    );
  }
  return out;
}

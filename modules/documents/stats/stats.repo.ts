import type { Sql } from "../../../shared/db/database.ts";

/** Files, trashed files, attachments, folders and versions of the tenant. */
export async function fileCounts(sql: Sql) {
  const [counts] = await sql<
    { files: number; trashed: number; attachments: number; folders: number; versions: number }[]
  >`
    select count(*) filter (where deleted_at is null and owner_module is null)::int as files,
      count(*) filter (where deleted_at is not null)::int as trashed,
      count(*) filter (where owner_module is not null)::int as attachments,
      (select count(*)::int from doc_folders where deleted_at is null) as folders,
      (select count(*)::int from doc_versions) as versions
    from doc_files`;
  return counts;
}

/** Bytes and files per uploader (the 20 biggest). */
export async function bytesPerUser(sql: Sql) {
  return await sql<
    { userId: string | null; name: string; bytes: number; files: number }[]
  >`
    select f.created_by as user_id, coalesce(md.name, '—') as name,
      sum(f.size)::float8 as bytes, count(*)::int as files
    from doc_files f left join member_directory md on md.user_id = f.created_by
    group by f.created_by, md.name order by bytes desc limit 20`;
}

/** Live files and bytes per content type. */
export async function bytesPerType(sql: Sql) {
  return await sql<{ contentType: string; files: number; bytes: number }[]>`
    select content_type, count(*)::int as files, sum(size)::float8 as bytes
    from doc_files where deleted_at is null group by content_type`;
}

/** The 100 largest live files of the folder tree. */
export async function largestFiles(sql: Sql) {
  return await sql<
    {
      id: string;
      name: string;
      size: number;
      contentType: string;
      folderId: string | null;
      createdAt: string;
    }[]
  >`
    select id, name, size::float8 as size, content_type, folder_id, created_at
    from doc_files where deleted_at is null and owner_module is null
    order by size desc, id limit 100`;
}

/** One user's lines in the module, counted by action. */
export async function actionCounts(sql: Sql, userId: string, from?: string, to?: string) {
  return await sql<{ action: string; count: number }[]>`
    select action, count(*)::int as count from activity
    where module = 'documents' and actor_id = ${userId}::uuid
      ${from ? sql`and occurred_at >= ${from}::timestamptz` : sql``}
      ${to ? sql`and occurred_at < ${to}::timestamptz` : sql``}
    group by action order by count desc, action`;
}

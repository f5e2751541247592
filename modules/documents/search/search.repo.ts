import type { Sql } from "../../../shared/db/database.ts";
import { escapeLike } from "../../../shared/text/fold.ts";
import { orderedMatches } from "../../../shared/db/search.ts";
import { contentExcerpt, contentJoin, contentMatch } from "../fulltext/fulltext.repo.ts";

export interface SearchFilter {
  q?: string;
  type?: string;
  from?: string;
  to?: string;
  minSize?: number;
  maxSize?: number;
  owner?: string;
  /** Folder ids to search in (a folder and its subfolders). */
  within?: string[];
  /** Only files and folders with this tag. */
  tag?: string;
}

export interface SearchRow {
  kind: "file" | "folder";
  id: string;
  name: string;
  folderId: string | null;
  contentType: string | null;
  size: number | null;
  createdBy: string | null;
  createdByName: string | null;
  createdAt: string;
  sortName: string;
  /** About 1,000 characters of the file's text around the match, when its content matched. */
  excerpt: string | null;
}

export const TYPE_PATTERNS: Record<string, string[]> = {
  image: ["image/%"],
  video: ["video/%"],
  audio: ["audio/%"],
  pdf: ["application/pdf"],
  text: ["text/%", "application/json"],
  document: [
    "application/msword",
    "application/vnd.openxmlformats-officedocument.word%",
    "application/vnd.oasis.opendocument.text%",
  ],
  spreadsheet: ["application/vnd.ms-excel", "%spreadsheet%", "text/csv"],
  presentation: ["application/vnd.ms-powerpoint", "%presentation%"],
  archive: [
    "application/zip",
    "application/x-7z-compressed",
    "application/gzip",
    "application/x-tar",
  ],
};

const like = (folded: string) => `%${escapeLike(folded)}%`;

/** Ids of the files or folders carrying a tag. */
const tagged = (sql: Sql, type: "file" | "folder", tag: string) =>
  sql`select object_id from doc_object_tags where object_type = ${type} and tag_id = ${tag}`;

/**
 * Files and folders whose folded name contains the folded query (trigram index), limited to
 * what the caller may see: `visible` folders, the root when `rootVisible`, `shared` files.
 */
export async function searchRows(
  sql: Sql,
  f: SearchFilter,
  scope: { visible: string[]; rootVisible: boolean; shared: string[]; all: boolean },
  limit: number,
  after: [string, string] | null,
): Promise<SearchRow[]> {
  const files = f.type !== "folder";
  const folders = !f.type || f.type === "folder";
  const types = f.type && f.type !== "folder" && f.type !== "file"
    ? TYPE_PATTERNS[f.type] ?? []
    : null;
  const q = f.q ? like(f.q) : null;
  const fileSql = sql`
    select 'file' as kind, x.id, x.name, x.folder_id, x.content_type, x.size::float8 as size,
      x.created_by, md.name as created_by_name, x.created_at, lower(x.name) as sort_name,
      ${f.q ? contentExcerpt(sql, f.q) : sql`null::text`} as excerpt
    from doc_files x left join member_directory md on md.user_id = x.created_by
      ${f.q ? contentJoin(sql) : sql``}
    where x.deleted_at is null and x.owner_module is null
      ${
    scope.all ? sql`` : sql`and (x.folder_id in (select unnest(${scope.visible}::uuid[]))
        or (x.folder_id is null and ${scope.rootVisible}) or x.id = any(${scope.shared}::uuid[]))`
  }
      ${q ? sql`and (x.name_search like ${q} or ${contentMatch(sql, f.q!)})` : sql``}
      ${types ? sql`and x.content_type like any(${types})` : sql``}
      ${f.minSize !== undefined ? sql`and x.size >= ${f.minSize}` : sql``}
      ${f.maxSize !== undefined ? sql`and x.size <= ${f.maxSize}` : sql``}
      ${f.from ? sql`and x.created_at >= ${f.from}::timestamptz` : sql``}
      ${f.to ? sql`and x.created_at < ${f.to}::timestamptz` : sql``}
      ${f.owner ? sql`and x.created_by = ${f.owner}::uuid` : sql``}
      ${f.within ? sql`and x.folder_id = any(${f.within}::uuid[])` : sql``}
      ${f.tag ? sql`and x.id in (${tagged(sql, "file", f.tag)})` : sql``}`;
  const folderSql = sql`
    select 'folder' as kind, d.id, d.name, d.parent_id as folder_id, null as content_type,
      null::float8 as size, d.created_by, md.name as created_by_name, d.created_at,
      lower(d.name) as sort_name, null::text as excerpt
    from doc_folders d left join member_directory md on md.user_id = d.created_by
    where d.deleted_at is null
      ${scope.all ? sql`` : sql`and d.id in (select unnest(${scope.visible}::uuid[]))`}
      ${q ? sql`and d.name_search like ${q}` : sql``}
      ${f.minSize !== undefined || f.maxSize !== undefined ? sql`and false` : sql``}
      ${f.from ? sql`and d.created_at >= ${f.from}::timestamptz` : sql``}
      ${f.to ? sql`and d.created_at < ${f.to}::timestamptz` : sql``}
      ${f.owner ? sql`and d.created_by = ${f.owner}::uuid` : sql``}
      ${f.within ? sql`and d.parent_id = any(${f.within}::uuid[])` : sql``}
      ${f.tag ? sql`and d.id in (${tagged(sql, "folder", f.tag)})` : sql``}`;
  const union = files && folders
    ? sql`${fileSql} union all ${folderSql}`
    : files
    ? fileSql
    : folderSql;
  return await sql<SearchRow[]>`
    select * from (${union}) t
    ${after ? sql`where (t.sort_name, t.id) > (${after[0]}, ${after[1]}::uuid)` : sql``}
    order by t.sort_name, t.id limit ${limit + 1}`;
}

/**
 * The global search's files: the newest live files (not attachments) whose folded name contains
 * the folded query, among those the caller may see.
 */
export async function newestFileHits(
  sql: Sql,
  folded: string,
  scope: { visible: string[]; rootVisible: boolean; shared: string[]; all: boolean },
  limit: number,
) {
  // `in (select unnest(…))` is a hashed lookup; `= any(…)` would compare every row with every
  // visible folder.
  const visible = scope.all
    ? sql``
    : sql`and (folder_id in (select unnest(${scope.visible}::uuid[]))
    or (folder_id is null and ${scope.rootVisible}) or id = any(${scope.shared}::uuid[]))`;
  return await orderedMatches<{ id: string; name: string; folderId: string | null }>(sql, {
    table: "doc_files",
    column: "name_search",
    key: "created_at, id",
    desc: true,
    filter: sql`deleted_at is null and owner_module is null ${visible}`,
    folded,
    limit,
    columns: sql`id, name, folder_id`,
  });
}

/**
 * The global search's files found by their text (not their name), newest first, each with the
 * text around the match; only those the caller may see.
 */
export async function contentFileHits(
  sql: Sql,
  folded: string,
  scope: { visible: string[]; rootVisible: boolean; shared: string[]; all: boolean },
  limit: number,
) {
  return await sql<{ id: string; name: string; folderId: string | null; excerpt: string }[]>`
    select x.id, x.name, x.folder_id, ${contentExcerpt(sql, folded)} as excerpt
    from doc_files x ${contentJoin(sql)}
    where x.deleted_at is null and x.owner_module is null and ft.file_id is not null
      and ${contentMatch(sql, folded)} and x.name_search not like ${like(folded)}
      ${
    scope.all ? sql`` : sql`and (x.folder_id in (select unnest(${scope.visible}::uuid[]))
        or (x.folder_id is null and ${scope.rootVisible}) or x.id = any(${scope.shared}::uuid[]))`
  }
    order by x.created_at desc, x.id desc limit ${limit}`;
}

/** Each folder's path from the top ("Customers / 2026"), for the folders given. */
export async function folderPaths(sql: Sql, ids: string[]): Promise<Map<string, string>> {
  const rows = await sql<{ id: string; path: string }[]>`
    with recursive chain as (
      select id as start, id, parent_id, name, 0 as depth
      from doc_folders where id = any(${ids}::uuid[])
      union all
      select c.start, f.id, f.parent_id, f.name, c.depth + 1
      from chain c join doc_folders f on f.id = c.parent_id
    )
    select start as id, string_agg(name, ' / ' order by depth desc) as path
    from chain group by start`;
  return new Map(rows.map((r) => [r.id, r.path]));
}

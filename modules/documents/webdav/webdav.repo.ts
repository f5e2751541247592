import type { Sql } from "../../../shared/db/database.ts";
import { rowsOf } from "../../../shared/db/rows.ts";

/** A live document file of a folder by name (case-insensitive), or null. */
export async function fileIdByName(
  sql: Sql,
  folderId: string | null,
  name: string,
): Promise<string | null> {
  const [row] = await sql<{ id: string }[]>`
    select id from doc_files where folder_id is not distinct from ${folderId}
      and lower(name) = lower(${name}) and deleted_at is null and owner_module is null`;
  return row?.id ?? null;
}

export interface ListedFile {
  id: string;
  folderId: string | null;
  name: string;
  contentType: string;
  size: number;
  sha256: string;
  createdAt: string;
  updatedAt: string;
}

/** Live document files of a folder (a PROPFIND listing: no paging, few columns). */
export async function filesOf(sql: Sql, folderId: string | null): Promise<ListedFile[]> {
  return await rowsOf<ListedFile>(sql`
    select id, folder_id, name, content_type, size::float8 as size, sha256, created_at,
      updated_at
    from doc_files where folder_id is not distinct from ${folderId} and deleted_at is null
      and owner_module is null
    order by lower(name), id`);
}

export interface DeadProp {
  objectId: string;
  ns: string;
  name: string;
  value: string;
}

export async function deadProps(
  sql: Sql,
  objectType: "file" | "folder",
  ids: string[],
): Promise<DeadProp[]> {
  if (!ids.length) return [];
  return await rowsOf<DeadProp>(sql`
    select object_id, ns, name, value from doc_dav_props
    where object_type = ${objectType} and object_id = any(${ids}::uuid[])
    order by ns, name`);
}

export async function setDeadProp(
  sql: Sql,
  objectType: "file" | "folder",
  id: string,
  p: { ns: string; name: string; value: string },
) {
  await sql`
    insert into doc_dav_props (object_type, object_id, ns, name, value)
    values (${objectType}, ${id}, ${p.ns}, ${p.name}, ${p.value})
    on conflict (tenant_id, object_type, object_id, ns, name) do update set value = excluded.value`;
}

export async function removeDeadProp(
  sql: Sql,
  objectType: "file" | "folder",
  id: string,
  p: { ns: string; name: string },
) {
  await sql`delete from doc_dav_props where object_type = ${objectType} and object_id = ${id}
    and ns = ${p.ns} and name = ${p.name}`;
}

/** Copies the dead properties of one object to another (COPY keeps them). */
export async function copyDeadProps(
  sql: Sql,
  objectType: "file" | "folder",
  from: string,
  to: string,
) {
  await sql`
    insert into doc_dav_props (object_type, object_id, ns, name, value)
    select object_type, ${to}, ns, name, value from doc_dav_props
    where object_type = ${objectType} and object_id = ${from}
    on conflict (tenant_id, object_type, object_id, ns, name) do update set value = excluded.value`;
}

export interface LockRow {
  token: string;
  path: string;
  fileId: string | null;
  exclusive: boolean;
  infinite: boolean;
  ownerXml: string | null;
  userId: string | null;
  userName: string | null;
  timeoutSeconds: number;
  expiresAt: string;
}

const LOCK_COLS = (sql: Sql) =>
  sql`l.token, l.path, l.file_id, l.exclusive, l.infinite, l.owner_xml, l.user_id,
    md.name as user_name, l.timeout_seconds, l.expires_at`;

/** Live locks on `path`, on its ancestors, and (when `below`) on anything under it. */
export async function locksAround(sql: Sql, path: string, below: boolean): Promise<LockRow[]> {
  const ancestors = ["/"];
  const parts = path.split("/").filter(Boolean);
  for (let i = 1; i <= parts.length; i++) ancestors.push("/" + parts.slice(0, i).join("/"));
  const prefix = path === "/" ? "/" : path + "/";
  return await rowsOf<LockRow>(sql`
    select ${LOCK_COLS(sql)} from doc_dav_locks l
      left join member_directory md on md.user_id = l.user_id
    where l.expires_at > now() and (l.path = any(${ancestors}::text[])
      ${below ? sql`or starts_with(l.path, ${prefix})` : sql``})`);
}

export async function lockByToken(sql: Sql, token: string): Promise<LockRow | null> {
  const [row] = await rowsOf<LockRow>(sql`
    select ${LOCK_COLS(sql)} from doc_dav_locks l
      left join member_directory md on md.user_id = l.user_id
    where l.token = ${token} and l.expires_at > now()`);
  return row ?? null;
}

/** The live locks of files (the API and pages check and show them). */
export async function locksOfFiles(sql: Sql, ids: string[]): Promise<LockRow[]> {
  if (!ids.length) return [];
  return await rowsOf<LockRow>(sql`
    select ${LOCK_COLS(sql)} from doc_dav_locks l
      left join member_directory md on md.user_id = l.user_id
    where l.file_id = any(${ids}::uuid[]) and l.expires_at > now()`);
}

/** The live locks of files inside these folders (a folder's delete or move checks them). */
export async function locksInFolders(sql: Sql, folderIds: string[]): Promise<LockRow[]> {
  if (!folderIds.length) return [];
  return await rowsOf<LockRow>(sql`
    select ${LOCK_COLS(sql)} from doc_dav_locks l
      join doc_files f on f.id = l.file_id
      left join member_directory md on md.user_id = l.user_id
    where f.folder_id = any(${folderIds}::uuid[]) and f.deleted_at is null
      and l.expires_at > now()`);
}

export async function insertLock(
  sql: Sql,
  l: Omit<LockRow, "userName" | "expiresAt" | "userId">,
) {
  await sql`delete from doc_dav_locks where expires_at <= now()`;
  await sql`
    insert into doc_dav_locks (token, path, file_id, exclusive, infinite, owner_xml, user_id,
      timeout_seconds, expires_at)
    values (${l.token}, ${l.path}, ${l.fileId}, ${l.exclusive}, ${l.infinite}, ${l.ownerXml},
      nullif(current_setting('app.user_id', true), '')::uuid, ${l.timeoutSeconds},
      now() + make_interval(secs => ${l.timeoutSeconds}))`;
}

export async function refreshLock(sql: Sql, token: string, seconds: number) {
  await sql`update doc_dav_locks set timeout_seconds = ${seconds},
    expires_at = now() + make_interval(secs => ${seconds}) where token = ${token}`;
}

export async function deleteLock(sql: Sql, token: string): Promise<boolean> {
  const rows = await sql`delete from doc_dav_locks where token = ${token} returning token`;
  return rows.length > 0;
}

/** Locks taken on a path that did not exist point at the file a later PUT made there. */
export async function attachLocks(sql: Sql, path: string, fileId: string) {
  await sql`update doc_dav_locks set file_id = ${fileId} where path = ${path}
    and file_id is null and expires_at > now()`;
}

/** Locks of a path and everything under it end when it is deleted or moved away. */
export async function dropLocksUnder(sql: Sql, path: string) {
  const prefix = path === "/" ? "/" : path + "/";
  await sql`delete from doc_dav_locks where path = ${path} or starts_with(path, ${prefix})`;
}

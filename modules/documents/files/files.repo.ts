import { isUuid } from "../../../shared/http/ids.ts";
import { uuidv7 } from "uuidv7";
import type { Sql } from "../../../shared/db/database.ts";
import { rowOf, rowsOf } from "../../../shared/db/rows.ts";
import { fold } from "../../../shared/text/fold.ts";
import { type FieldColumns, selectList } from "../../../shared/db/fieldset.ts";
import type { Received } from "./upload.lib.ts";

export interface FileRow {
  id: string;
  folderId: string | null;
  name: string;
  contentType: string;
  size: number;
  sha256: string;
  storageKey: string;
  version: number;
  ownerModule: string | null;
  ownerType: string | null;
  ownerId: string | null;
  createdBy: string | null;
  createdByName: string | null;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
  deletedBy: string | null;
  trashRoot: string | null;
  /** lower(name) as the database sorts it (listings page on it). */
  sortName?: string;
}

export interface Owner {
  module: string;
  entityType: string;
  entityId: string;
}

const COLUMNS = (sql: Sql) =>
  sql`f.id, f.folder_id, f.name, f.content_type, f.size::float8 as size, f.sha256,
    f.storage_key, f.version, f.owner_module, f.owner_type, f.owner_id, f.created_by,
    md.name as created_by_name, f.created_at, f.updated_at, f.deleted_at, f.deleted_by,
    f.trash_root`;

/**
 * A file's API fields and their select items, for a sparse fieldset (`fields=`,
 * shared/db/fieldset.ts): a listing reads the asked ones, and what the access check and the
 * keyset need (the id, the folder, the sort name) whatever was asked.
 */
const FILE_FIELDS: FieldColumns = {
  id: "f.id",
  folderId: "f.folder_id",
  name: "f.name",
  contentType: "f.content_type",
  size: "f.size::float8 as size",
  sha256: "f.sha256",
  version: "f.version",
  createdBy: "f.created_by",
  createdByName: "md.name as created_by_name",
  createdAt: "f.created_at",
  updatedAt: "f.updated_at",
  deletedAt: "f.deleted_at",
  deletedBy: "f.deleted_by",
};

const FROM = (sql: Sql) =>
  sql`doc_files f left join member_directory md on md.user_id = f.created_by`;

export { isUuid };

export async function insertFile(
  sql: Sql,
  f: Received & { folderId?: string | null; owner?: Owner },
): Promise<FileRow> {
  const id = uuidv7();
  await sql`
    insert into doc_files (tenant_id, id, folder_id, name, name_search, content_type, size,
      sha256, storage_key, owner_module, owner_type, owner_id, created_by, updated_by)
    values (nullif(current_setting('app.tenant_id', true), '')::uuid, ${id},
      ${f.folderId ?? null}, ${f.name}, ${fold(f.name)}, ${f.contentType}, ${f.size},
      ${f.sha256}, ${f.key}, ${f.owner?.module ?? null}, ${f.owner?.entityType ?? null},
      ${f.owner?.entityId ?? null}, nullif(current_setting('app.user_id', true), '')::uuid,
      nullif(current_setting('app.user_id', true), '')::uuid)`;
  return (await findFile(sql, id))!;
}

/** A file by id (trashed ones too); null for a malformed id or another tenant's. */
export async function findFile(sql: Sql, id: string): Promise<FileRow | null> {
  if (!isUuid(id)) return null;
  const row = await rowOf<FileRow>(sql`
    select ${COLUMNS(sql)} from ${FROM(sql)} where f.id = ${id}`);
  return row ?? null;
}

export async function ownerFiles(sql: Sql, owner: Owner): Promise<FileRow[]> {
  return await rowsOf<FileRow>(sql`
    select ${COLUMNS(sql)} from ${FROM(sql)}
    where f.owner_module = ${owner.module} and f.owner_type = ${owner.entityType}
      and f.owner_id = ${owner.entityId} and f.deleted_at is null
    order by f.created_at, f.id`);
}

/** Hands every live file of one owner to another (e.g. a merged ticket's to the target). */
export async function moveOwnerFiles(sql: Sql, from: Owner, to: Owner): Promise<FileRow[]> {
  const moved = await sql<{ id: string }[]>`
    update doc_files set owner_module = ${to.module}, owner_type = ${to.entityType},
      owner_id = ${to.entityId}, updated_at = now()
    where owner_module = ${from.module} and owner_type = ${from.entityType}
      and owner_id = ${from.entityId} and deleted_at is null
    returning id`;
  if (!moved.length) return [];
  return await rowsOf<FileRow>(sql`
    select ${COLUMNS(sql)} from ${FROM(sql)} where f.id = any(${moved.map((m) => m.id)}::uuid[])
    order by f.created_at, f.id`);
}

/** Deletes file rows (and their versions) and returns every storage key they held. */
export async function deleteFiles(sql: Sql, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const versions = await sql<{ storageKey: string }[]>`
    delete from doc_versions where file_id = any(${ids}::uuid[]) returning storage_key`;
  const files = await sql<{ storageKey: string }[]>`
    delete from doc_files where id = any(${ids}::uuid[]) returning storage_key`;
  return [...versions, ...files].map((r) => r.storageKey);
}

export interface VersionRow {
  id: string;
  fileId: string;
  version: number;
  contentType: string;
  size: number;
  sha256: string;
  storageKey: string;
  createdBy: string | null;
  createdByName: string | null;
  createdAt: string;
}

/**
 * Live files of a folder, by name, keyset-paged on (lower(name), id); with `fields` (a sparse
 * fieldset) only those columns, the id and the folder.
 */
export async function folderFiles(
  sql: Sql,
  folderId: string | null,
  limit: number,
  after: [string, string] | null,
  fields?: readonly string[],
): Promise<FileRow[]> {
  const columns = fields
    ? sql.unsafe(selectList(FILE_FIELDS, fields, ["id", "folderId"]))
    : COLUMNS(sql);
  return await rowsOf<FileRow>(sql`
    select ${columns}, lower(f.name) as sort_name from ${FROM(sql)}
    where f.folder_id is not distinct from ${folderId} and f.deleted_at is null
      and f.owner_module is null
      ${after ? sql`and (lower(f.name), f.id) > (${after[0]}, ${after[1]}::uuid)` : sql``}
    order by lower(f.name), f.id limit ${limit + 1}`);
}

export async function updateFileMeta(
  sql: Sql,
  id: string,
  patch: { name: string; folderId: string | null },
) {
  await sql`
    update doc_files set name = ${patch.name}, name_search = ${fold(patch.name)},
      folder_id = ${patch.folderId}, updated_at = now(),
      updated_by = nullif(current_setting('app.user_id', true), '')::uuid
    where id = ${id}`;
  return (await findFile(sql, id))!;
}

export async function trashFile(sql: Sql, id: string) {
  await sql`
    update doc_files set deleted_at = now(), trash_root = id,
      deleted_by = nullif(current_setting('app.user_id', true), '')::uuid
    where id = ${id} and deleted_at is null`;
}

export async function listVersions(sql: Sql, fileId: string): Promise<VersionRow[]> {
  return await sql<VersionRow[]>`
    select v.id, v.file_id, v.version, v.content_type, v.size::float8 as size, v.sha256,
      v.storage_key, v.created_by, md.name as created_by_name, v.created_at
    from doc_versions v left join member_directory md on md.user_id = v.created_by
    where v.file_id = ${fileId} order by v.version desc`;
}

/** Keeps the current content as a version and makes `next` the current one. */
export async function pushVersion(
  sql: Sql,
  f: FileRow,
  next: { key: string; contentType: string; size: number; sha256: string; version: number },
) {
  await sql`
    insert into doc_versions (tenant_id, id, file_id, version, content_type, size, sha256,
      storage_key, created_by, created_at)
    values (nullif(current_setting('app.tenant_id', true), '')::uuid, ${uuidv7()}, ${f.id},
      ${f.version}, ${f.contentType}, ${f.size}, ${f.sha256}, ${f.storageKey},
      ${f.createdBy}, ${f.updatedAt})`;
  await sql`
    update doc_files set storage_key = ${next.key}, content_type = ${next.contentType},
      size = ${next.size}, sha256 = ${next.sha256}, version = ${next.version},
      updated_at = now(), updated_by = nullif(current_setting('app.user_id', true), '')::uuid
    where id = ${f.id}`;
}

/** Drops the oldest versions beyond `keep`; returns their storage keys. */
export async function trimVersions(sql: Sql, fileId: string, keep: number): Promise<string[]> {
  const rows = await sql<{ storageKey: string }[]>`
    delete from doc_versions where id in (
      select id from doc_versions where file_id = ${fileId}
      order by version desc offset ${keep})
    returning storage_key`;
  return rows.map((r) => r.storageKey);
}

export async function deleteVersion(sql: Sql, id: string) {
  await sql`delete from doc_versions where id = ${id}`;
}

/** Which of these storage keys a file or a kept version refers to. */
export async function knownKeys(sql: Sql, keys: string[]): Promise<string[]> {
  return (await sql<{ storageKey: string }[]>`
        select storage_key from doc_files where storage_key = any(${keys})
        union select storage_key from doc_versions where storage_key = any(${keys})
        union select k from doc_uploads, unnest(part_keys) k where part_keys && ${keys}::text[]
          and k = any(${keys})`)
    .map((r) => r.storageKey);
}

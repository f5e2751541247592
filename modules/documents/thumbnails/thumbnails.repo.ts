import type { Sql } from "../../../shared/db/database.ts";
import type { ThumbReason, ThumbStatus } from "./thumbnails.rules.ts";

export interface ThumbTarget {
  id: string;
  name: string;
  contentType: string;
  size: number;
  sha256: string;
  storageKey: string;
  version: number;
  /** The content the row describes, and where it stands (null: no row yet). */
  thumbSha256: string | null;
  status: ThumbStatus | null;
  attempts: number;
  staleKeys: string[];
}

/** A live folder file with its thumbnail row; null when it is gone, trashed or an attachment. */
export async function thumbTarget(sql: Sql, fileId: string): Promise<ThumbTarget | null> {
  const [row] = await sql<ThumbTarget[]>`
    select f.id, f.name, f.content_type, f.size::float8 as size, f.sha256, f.storage_key,
      f.version, x.sha256 as thumb_sha256, x.status, coalesce(x.attempts, 0) as attempts,
      coalesce(x.stale_keys, '{}') as stale_keys
    from doc_files f left join doc_thumbnails x on x.tenant_id = f.tenant_id and x.file_id = f.id
    where f.id = ${fileId} and f.deleted_at is null and f.owner_module is null`;
  return row ?? null;
}

export interface Image {
  key: string;
  width: number;
  height: number;
}

export type ThumbResult =
  | { status: "ready"; width: number; height: number; small: Image; large: Image }
  | { status: "failed" | "unsupported"; reason: ThumbReason; detail: string };

/**
 * Records the images made from the content `sha256` of a file and drops `doneStale` from the
 * keys to delete; false (nothing written) when the file has had other content since.
 */
export async function saveThumbnail(
  sql: Sql,
  fileId: string,
  sha256: string,
  r: ThumbResult,
  doneStale: string[],
): Promise<boolean> {
  const ready = r.status === "ready" ? r : null;
  const fault = r.status === "ready" ? null : r;
  const rows = await sql`
    insert into doc_thumbnails as x (file_id, sha256, version, status, reason, detail,
      source_width, source_height, small_key, small_width, small_height, large_key, large_width,
      large_height, made_at)
    select f.id, f.sha256, f.version, ${r.status}, ${fault?.reason ?? null},
      ${fault?.detail.slice(0, 300) ?? null},
      ${ready?.width ?? null}, ${ready?.height ?? null},
      ${ready?.small.key ?? null}, ${ready?.small.width ?? null}, ${ready?.small.height ?? null},
      ${ready?.large.key ?? null}, ${ready?.large.width ?? null}, ${ready?.large.height ?? null},
      now()
    from doc_files f where f.id = ${fileId} and f.sha256 = ${sha256}
    on conflict (tenant_id, file_id) do update
      set status = excluded.status, reason = excluded.reason, detail = excluded.detail,
          source_width = excluded.source_width, source_height = excluded.source_height,
          small_key = excluded.small_key, small_width = excluded.small_width,
          small_height = excluded.small_height, large_key = excluded.large_key,
          large_width = excluded.large_width, large_height = excluded.large_height,
          made_at = excluded.made_at, updated_at = now(),
          stale_keys = array(select unnest(x.stale_keys) except select unnest(${doneStale}::text[]))
      where x.sha256 = excluded.sha256
    returning x.file_id`;
  return rows.length > 0;
}

/** Counts a run for the content `sha256`. */
export async function startAttempt(sql: Sql, fileId: string, sha256: string) {
  await sql`update doc_thumbnails set attempts = attempts + 1, updated_at = now()
    where file_id = ${fileId} and sha256 = ${sha256}`;
}

/** Marks a pending row of a type that has no image (no job needed). */
export async function markUnsupported(sql: Sql, fileId: string, sha256: string) {
  await sql`update doc_thumbnails set status = 'unsupported', reason = 'type', made_at = now(),
      updated_at = now()
    where file_id = ${fileId} and sha256 = ${sha256} and status = 'pending'`;
}

/** Files of the tenant waiting for thumbnails (untouched for a minute), oldest first. */
export async function pendingThumbnails(sql: Sql, limit: number) {
  return await sql<
    {
      fileId: string;
      version: number;
      attempts: number;
      contentType: string;
      name: string;
      sha256: string;
    }[]
  >`
    select x.file_id, f.version, x.attempts, f.content_type, f.name, f.sha256
    from doc_thumbnails x
    join doc_files f on f.tenant_id = x.tenant_id and f.id = x.file_id
    where x.status = 'pending' and f.deleted_at is null
      and x.updated_at < now() - interval '1 minute'
    order by x.updated_at limit ${limit}`;
}

/** Adds pending rows for live folder files that have none (files from before thumbnails). */
export async function addMissing(sql: Sql, limit: number): Promise<number> {
  const rows = await sql`
    insert into doc_thumbnails (file_id, sha256, version)
    select f.id, f.sha256, f.version from doc_files f
    where f.deleted_at is null and f.owner_module is null
      and not exists (select 1 from doc_thumbnails x where x.tenant_id = f.tenant_id
                      and x.file_id = f.id)
    limit ${limit}
    on conflict do nothing returning file_id`;
  return rows.length;
}

/** Tenants whose pending rows the sweep should pick up (scheduler, worker role). */
export async function tenantsWithPending(sql: Sql): Promise<string[]> {
  const rows = await sql<{ t: string }[]>`select doc_thumbnails_tenants() as t`;
  return rows.map((r) => r.t);
}

export interface ThumbState {
  status: ThumbStatus;
  reason: ThumbReason | null;
  sha256: string;
  smallKey: string | null;
  smallWidth: number | null;
  smallHeight: number | null;
  largeKey: string | null;
  largeWidth: number | null;
  largeHeight: number | null;
}

export async function thumbState(sql: Sql, fileId: string): Promise<ThumbState | null> {
  const [row] = await sql<ThumbState[]>`
    select status, reason, sha256, small_key, small_width, small_height, large_key, large_width,
      large_height
    from doc_thumbnails where file_id = ${fileId}`;
  return row ?? null;
}

/** The thumbnail states of several files (a folder's page). */
export async function thumbStates(
  sql: Sql,
  fileIds: string[],
): Promise<Map<string, { status: ThumbStatus; reason: ThumbReason | null; sha256: string }>> {
  if (!fileIds.length) return new Map();
  const rows = await sql<
    { fileId: string; status: ThumbStatus; reason: ThumbReason | null; sha256: string }[]
  >`
    select file_id, status, reason, sha256 from doc_thumbnails
    where file_id = any(${fileIds}::uuid[])`;
  return new Map(rows.map((r) => [r.fileId, r]));
}

/** Which of these storage keys are thumbnails (for the orphan cleanup). */
export async function knownThumbnailKeys(sql: Sql, keys: string[]): Promise<string[]> {
  if (!keys.length) return [];
  return (await sql<{ key: string }[]>`
    select k as key from doc_thumbnails x,
      unnest(array_remove(array[x.small_key, x.large_key], null) || x.stale_keys) k
    where k = any(${keys})`).map((r) => r.key);
}

/** Deletes the thumbnail rows of files (purged for good) and returns every key they held. */
export async function dropThumbnails(sql: Sql, fileIds: string[]): Promise<string[]> {
  if (!fileIds.length) return [];
  const rows = await sql<{ keys: string[] }[]>`
    delete from doc_thumbnails where file_id = any(${fileIds}::uuid[])
    returning array_remove(array[small_key, large_key], null) || stale_keys as keys`;
  return rows.flatMap((r) => r.keys);
}

/** The first `chars` characters of files' extracted text (full-text index), when indexed. */
export async function textExcerpts(
  sql: Sql,
  fileIds: string[],
  chars: number,
): Promise<Map<string, string>> {
  if (!fileIds.length) return new Map();
  const rows = await sql<{ fileId: string; text: string }[]>`
    select file_id, left(content, ${chars}) as text from doc_fulltext
    where file_id = any(${fileIds}::uuid[]) and status = 'indexed' and content <> ''`;
  return new Map(rows.map((r) => [r.fileId, r.text]));
}

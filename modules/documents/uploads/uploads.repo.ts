import type { Sql } from "../../../shared/db/database.ts";
import { isUuid } from "../../../shared/http/ids.ts";
import { UPLOAD_TTL_MS, type UploadState } from "./uploads.rules.ts";

export interface UploadRow extends UploadState {
  createdBy: string;
  partKeys: string[];
  finishingAt: string | null;
}

const COLUMNS = (sql: Sql) =>
  sql`id, created_by, folder_id, name, content_type, length::float8 as length,
    received::float8 as received, part_keys, finishing_at, finished_at, file_id, expires_at,
    created_at`;

const ttl = `${UPLOAD_TTL_MS / 1000} seconds`;

export async function insertUpload(
  sql: Sql,
  u: { folderId: string | null; name: string; contentType: string; length: number },
): Promise<UploadRow> {
  const [row] = await sql<UploadRow[]>`
    insert into doc_uploads (id, created_by, folder_id, name, content_type, length, expires_at)
    values (${crypto.randomUUID()}, nullif(current_setting('app.user_id', true), '')::uuid,
      ${u.folderId}, ${u.name}, ${u.contentType}, ${u.length}, now() + ${ttl}::interval)
    returning ${COLUMNS(sql)}`;
  return row;
}

/** An upload by id (`lock`: for update, so appends on one upload wait for each other). */
export async function findUpload(sql: Sql, id: string, lock = false): Promise<UploadRow | null> {
  if (!isUuid(id)) return null;
  const [row] = lock
    ? await sql<UploadRow[]>`select ${COLUMNS(sql)} from doc_uploads where id = ${id} for update`
    : await sql<UploadRow[]>`select ${COLUMNS(sql)} from doc_uploads where id = ${id}`;
  return row ?? null;
}

/** Records one more stored part and moves the expiry on. */
export async function appendPart(sql: Sql, id: string, key: string, size: number) {
  const [row] = await sql<UploadRow[]>`
    update doc_uploads set received = received + ${size}, part_keys = part_keys || ${key}::text,
      expires_at = now() + ${ttl}::interval, updated_at = now()
    where id = ${id} returning ${COLUMNS(sql)}`;
  return row;
}

/** Takes the right to join the parts (none held, or one held too long by a process now gone). */
export async function claimFinish(sql: Sql, id: string, staleMs: number) {
  // The claim keeps the row past the expiry sweep for as long as the join may hold it (and then
  // some): a finish begun near the end of the upload's life must not lose its parts mid-join.
  const [row] = await sql<UploadRow[]>`
    update doc_uploads set finishing_at = now(),
      expires_at = greatest(expires_at, now() + ${`${(2 * staleMs) / 1000} seconds`}::interval)
    where id = ${id} and received = length and finished_at is null
      and (finishing_at is null or finishing_at < now() - ${`${staleMs / 1000} seconds`}::interval)
    returning ${COLUMNS(sql)}`;
  return row ?? null;
}

export async function releaseFinish(sql: Sql, id: string) {
  await sql`update doc_uploads set finishing_at = null where id = ${id} and finished_at is null`;
}

/** The upload became a file: the parts are gone, the row stays (HEAD answers) until it expires. */
export async function markFinished(sql: Sql, id: string, fileId: string) {
  await sql`
    update doc_uploads set finished_at = now(), file_id = ${fileId}, part_keys = '{}',
      finishing_at = null, expires_at = now() + ${ttl}::interval, updated_at = now()
    where id = ${id}`;
}

/** Deletes an upload; returns the parts it held. */
export async function deleteUpload(sql: Sql, id: string): Promise<string[]> {
  const [row] = await sql<{ partKeys: string[] }[]>`
    delete from doc_uploads where id = ${id} returning part_keys`;
  return row?.partKeys ?? [];
}

/** Deletes up to `limit` expired uploads (skipping rows in use); returns their parts. */
export async function deleteExpired(sql: Sql, limit: number) {
  return await sql<{ id: string; finishedAt: string | null; partKeys: string[] }[]>`
    delete from doc_uploads where (tenant_id, id) in (
      select tenant_id, id from doc_uploads where expires_at < now()
      order by expires_at limit ${limit} for update skip locked)
    returning id, finished_at, part_keys`;
}

/**
 * Bytes promised to the tenant's open uploads (not finished): they count against
 * the quota like stored files, or many uploads at once could each fit and together overflow it.
 * Takes a transaction-scoped lock per tenant so two creations cannot both count without the other.
 */
export async function openUploadBytes(sql: Sql): Promise<number> {
  await sql`
    select pg_advisory_xact_lock(hashtext('doc_uploads:' || current_setting('app.tenant_id', true)))`;
  // Expired rows count until the sweep deletes them: their parts are still stored.
  const [row] = await sql<{ bytes: number }[]>`
    select coalesce(sum(length), 0)::float8 as bytes from doc_uploads where finished_at is null`;
  return row.bytes;
}

/** The live file of that name in the folder (a finished upload becomes its next version). */
export async function fileNamed(sql: Sql, folderId: string | null, name: string) {
  const [row] = await sql<{ id: string }[]>`
    select id from doc_files
    where folder_id is not distinct from ${folderId} and lower(name) = lower(${name})
      and deleted_at is null and owner_module is null
    limit 1`;
  return row?.id ?? null;
}

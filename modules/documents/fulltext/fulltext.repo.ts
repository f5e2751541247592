import type { Sql } from "../../../shared/db/database.ts";
import { escapeLike } from "../../../shared/text/fold.ts";
import { queryWords } from "../../../shared/text/snippet.ts";
import type { FailReason } from "./fulltext.rules.ts";

export interface IndexTarget {
  id: string;
  name: string;
  contentType: string;
  size: number;
  sha256: string;
  storageKey: string;
  version: number;
  /** The content the index row describes, and where it stands (null: no row yet). */
  indexedSha256: string | null;
  status: "pending" | "indexed" | "failed" | "unsupported" | null;
  attempts: number;
}

/** A live folder file with its index row; null when it is gone, trashed or an attachment. */
export async function indexTarget(sql: Sql, fileId: string): Promise<IndexTarget | null> {
  const [row] = await sql<IndexTarget[]>`
    select f.id, f.name, f.content_type, f.size::float8 as size, f.sha256, f.storage_key,
      f.version, x.sha256 as indexed_sha256, x.status, coalesce(x.attempts, 0) as attempts
    from doc_files f left join doc_fulltext x on x.tenant_id = f.tenant_id and x.file_id = f.id
    where f.id = ${fileId} and f.deleted_at is null and f.owner_module is null`;
  return row ?? null;
}

export type IndexResult =
  | { status: "indexed"; text: string; truncated: boolean }
  | { status: "failed" | "unsupported"; reason: FailReason; detail: string };

/**
 * Records what was extracted from the content `sha256` of a file; a no-op when the file has had
 * other content written since (that content's own job records it).
 */
export async function saveIndex(sql: Sql, fileId: string, sha256: string, r: IndexResult) {
  const text = r.status === "indexed" ? r.text : "";
  const truncated = r.status === "indexed" && r.truncated;
  const reason = r.status === "indexed" ? null : r.reason;
  const detail = r.status === "indexed" ? null : r.detail.slice(0, 500);
  await sql`
    insert into doc_fulltext as x (file_id, sha256, status, reason, detail, content, truncated,
      extracted_at)
    select f.id, f.sha256, ${r.status}, ${reason}, ${detail}, ${text}, ${truncated}, now()
    from doc_files f where f.id = ${fileId} and f.sha256 = ${sha256}
    on conflict (tenant_id, file_id) do update
      set status = excluded.status, reason = excluded.reason, detail = excluded.detail,
          content = excluded.content, truncated = excluded.truncated,
          extracted_at = excluded.extracted_at, updated_at = now()
      where x.sha256 = excluded.sha256`;
}

/** Counts a run for the content `sha256` (see doc_fulltext.attempts). */
export async function startAttempt(sql: Sql, fileId: string, sha256: string) {
  await sql`update doc_fulltext set attempts = attempts + 1, updated_at = now()
    where file_id = ${fileId} and sha256 = ${sha256}`;
}

/** Files of the tenant waiting for extraction (untouched for a minute), oldest first. */
export async function pendingFiles(sql: Sql, limit: number) {
  return await sql<{ fileId: string; version: number; attempts: number }[]>`
    select x.file_id, f.version, x.attempts from doc_fulltext x
    join doc_files f on f.tenant_id = x.tenant_id and f.id = x.file_id
    where x.status = 'pending' and f.deleted_at is null
      and x.updated_at < now() - interval '1 minute'
    order by x.updated_at limit ${limit}`;
}

/** Adds pending rows for live folder files that have none (files from before the index). */
export async function addMissing(sql: Sql, limit: number): Promise<number> {
  const rows = await sql`
    insert into doc_fulltext (file_id, sha256)
    select f.id, f.sha256 from doc_files f
    where f.deleted_at is null and f.owner_module is null
      and not exists (select 1 from doc_fulltext x where x.tenant_id = f.tenant_id
                      and x.file_id = f.id)
    limit ${limit}
    on conflict do nothing returning file_id`;
  return rows.length;
}

/** Tenants whose pending rows the sweep should pick up (scheduler, worker role). */
export async function tenantsWithPending(sql: Sql): Promise<string[]> {
  const rows = await sql<{ t: string }[]>`select doc_fulltext_tenants() as t`;
  return rows.map((r) => r.t);
}

export interface IndexState {
  status: "pending" | "indexed" | "failed" | "unsupported";
  reason: FailReason | null;
  truncated: boolean;
  extractedAt: string | null;
}

export async function indexState(sql: Sql, fileId: string): Promise<IndexState | null> {
  const [row] = await sql<IndexState[]>`
    select status, reason, truncated, extracted_at from doc_fulltext where file_id = ${fileId}`;
  return row ?? null;
}

// ---- The search's part (search.repo.ts composes these into its query) ----

/** `x` being doc_files: its indexed text as `ft`. */
export const contentJoin = (sql: Sql) =>
  sql`left join doc_fulltext ft on ft.tenant_id = x.tenant_id and ft.file_id = x.id
    and ft.status = 'indexed'`;

/** The indexed text holds every word of the query (as a word's beginning) or the whole query. */
export function contentMatch(sql: Sql, folded: string) {
  const words = queryWords(folded);
  const like = `%${escapeLike(folded)}%`;
  return words.length
    ? sql`(ft.content_tsv @@ to_tsquery('simple', ${words.map((w) => `${w}:*`).join(" & ")})
        or ft.content_folded like ${like})`
    : sql`ft.content_folded like ${like}`;
}

/**
 * About 1,000 characters of the indexed text around the first match (folding keeps positions
 * nearly unchanged, so the window of the folded text is a window of the text), or null.
 */
export function contentExcerpt(sql: Sql, folded: string) {
  const first = queryWords(folded)[0] ?? folded;
  return sql`case when ft.file_id is not null and ${contentMatch(sql, folded)} then
      substr(ft.content, greatest(1, coalesce(nullif(strpos(ft.content_folded, ${folded}), 0),
        nullif(strpos(ft.content_folded, ${first}), 0), 1) - 300), 1000) end`;
}

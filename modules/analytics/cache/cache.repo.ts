/**
 * SQL of the result cache (tenant-scoped connection; forced RLS keeps every workspace's entries,
 * versions and settings to itself). migrations/0079_analytics_result_cache.sql has the tables.
 */
import type { Sql } from "../../../shared/db/database.ts";
import {
  ANY_SOURCE,
  isTtl,
  MAX_TENANT_BYTES,
  MAX_TENANT_ENTRIES,
  type TtlSeconds,
} from "./cache.rules.ts";

export interface Lookup {
  /** The sheet's TTL in seconds (0: off). */
  ttl: number;
  /** The sum of the sources' versions now (store the result under it). */
  generation: string;
  /** The current entry, when there is one within the TTL. */
  data: unknown | null;
  storedAt: Date | null;
  /** The database's clock (the transaction's start). */
  now: Date;
}

/**
 * The sheet's TTL, the sources' generation and the entry if it is current, in one round trip.
 * Nothing (null) when the sheet has no cache setting, i.e. the cache is off for it.
 */
export async function lookup(
  sql: Sql,
  input: { sheetId: string; key: string; sources: string[]; skipEntry: boolean },
): Promise<Lookup | null> {
  const all = input.sources.includes(ANY_SOURCE);
  const [row] = await sql<
    { ttl: number; generation: string; data: unknown; storedAt: Date | null; now: Date }[]
  >`
    with s as (select ttl_seconds from analytics_sheet_cache where sheet_id = ${input.sheetId}),
    g as (select coalesce(sum(version), 0)::bigint as generation from analytics_cache_marks
          where ${all} or source = ${ANY_SOURCE} or source = any(${input.sources}::text[]))
    select s.ttl_seconds as ttl, g.generation::text as generation, e.data, e.stored_at,
           now() as now
    from s cross join g
    left join analytics_result_cache e on not ${input.skipEntry} and s.ttl_seconds > 0
      and e.key = ${input.key} and e.generation = g.generation
      and e.stored_at > now() - make_interval(secs => s.ttl_seconds)`;
  return row
    ? { ...row, storedAt: row.storedAt ? new Date(row.storedAt) : null, now: new Date(row.now) }
    : null;
}

/**
 * Several current entries of one sheet at once (the page's fast path): key → data and when it
 * was stored, for the keys that have one within the sheet's TTL; nothing when the cache is off.
 */
export async function lookupMany(
  sql: Sql,
  input: { sheetId: string; items: { key: string; sources: string[] }[] },
): Promise<Map<string, { data: unknown; storedAt: Date }>> {
  if (!input.items.length) return new Map();
  const rows = await sql<{ key: string; data: unknown; storedAt: Date }[]>`
    with s as (select ttl_seconds from analytics_sheet_cache where sheet_id = ${input.sheetId}),
    k as (select * from jsonb_to_recordset(${sql.json(input.items as never)})
            as k(key text, sources text[]))
    select e.key, e.data, e.stored_at
    from s cross join k
    cross join lateral (
      select coalesce(sum(m.version), 0)::bigint as generation from analytics_cache_marks m
      where ${ANY_SOURCE} = any(k.sources) or m.source = ${ANY_SOURCE}
        or m.source = any(k.sources)) g
    join analytics_result_cache e on e.key = k.key and e.generation = g.generation
      and e.stored_at > now() - make_interval(secs => s.ttl_seconds)
    where s.ttl_seconds > 0`;
  return new Map(rows.map((r) => [r.key, { data: r.data, storedAt: new Date(r.storedAt) }]));
}

export interface NewEntry {
  key: string;
  sources: string[];
  generation: string;
  ttl: number;
  /** JSON text of the result (its length is the entry's size). */
  json: string;
  storedAt: Date;
}

/** Keeps results (the newer generation wins when two instances store the same key). */
export async function storeEntries(sql: Sql, entries: NewEntry[]): Promise<void> {
  if (!entries.length) return;
  const rows = entries.map((e) => ({
    key: e.key,
    sources: e.sources,
    generation: e.generation,
    ttl: e.ttl,
    json: e.json,
    bytes: new TextEncoder().encode(e.json).length,
    stored_at: e.storedAt.toISOString(),
  }));
  await sql`
    insert into analytics_result_cache as c (key, sources, data, bytes, generation, stored_at,
      expires_at)
    select distinct on (r.key) r.key, r.sources, r.json::json, r.bytes, r.generation,
      r.stored_at, r.stored_at + make_interval(secs => r.ttl)
    from jsonb_to_recordset(${sql.json(rows as never)})
      as r(key text, sources text[], json text, bytes int, generation bigint, stored_at timestamptz,
           ttl int)
    order by r.key, r.generation desc
    on conflict (tenant_id, key) do update set sources = excluded.sources, data = excluded.data,
      bytes = excluded.bytes, generation = excluded.generation, stored_at = excluded.stored_at,
      expires_at = excluded.expires_at
    where c.generation <= excluded.generation`;
}

/** Raises the version of each source (in the changing transaction: stale once it commits). */
export async function bumpSources(sql: Sql, sources: string[]): Promise<void> {
  if (!sources.length) return;
  await sql`
    insert into analytics_cache_marks (source)
    select distinct unnest(${sources}::text[]) order by 1
    on conflict (tenant_id, source) do update
      set version = analytics_cache_marks.version + 1, changed_at = now()`;
}

export async function selectTtl(sql: Sql, sheetId: string): Promise<TtlSeconds> {
  const [row] = await sql<{ ttl: number }[]>`
    select ttl_seconds as ttl from analytics_sheet_cache where sheet_id = ${sheetId}`;
  return row && isTtl(row.ttl) ? row.ttl : 0;
}

export async function upsertTtl(sql: Sql, sheetId: string, ttl: number): Promise<void> {
  await sql`
    insert into analytics_sheet_cache (sheet_id, ttl_seconds) values (${sheetId}, ${ttl})
    on conflict (tenant_id, sheet_id) do update set ttl_seconds = excluded.ttl_seconds,
      updated_at = now()`;
}

/**
 * The sweep: expired entries go, then the oldest beyond the workspace's count and size limits.
 * Returns how many entries it deleted.
 */
export async function sweepEntries(sql: Sql): Promise<number> {
  const expired = await sql`delete from analytics_result_cache where expires_at <= now()`;
  const over = await sql`
    delete from analytics_result_cache c using (
      select key from (
        select key, row_number() over w as n, sum(bytes) over w as total
        from analytics_result_cache
        window w as (order by stored_at desc, key)
      ) ranked where n > ${MAX_TENANT_ENTRIES} or total > ${MAX_TENANT_BYTES}
    ) x where c.key = x.key`;
  return expired.count + over.count;
}

/** Workspaces with an expired entry (the sweep's schedule; the worker role, ids only). */
export async function tenantsWithExpired(sql: Sql, now: Date): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`
    select analytics_cache_expired_tenants(${now.toISOString()}::timestamptz) as id`;
  return rows.map((r) => r.id);
}

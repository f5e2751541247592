/**
 * The result cache of dashboard widgets: a computed result is kept in a PostgreSQL table that
 * every instance shares, for as long as its sheet's TTL allows and until one of its sources
 * changes (a domain event for a built-in dataset, a write to a tenant table). Reads and writes
 * run in the caller's tenant scope, so forced RLS keeps workspaces apart; results that differ
 * between people of one workspace are keyed by the user as well (cache.rules.ts perUser).
 */
import type { Actor, SystemActor } from "../../../shared/http/actor.ts";
import type { SystemJob } from "../../../shared/modules.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import { requireSheet } from "../apps/access.service.ts";
import type { AnalyticsQuery } from "../query/query.types.schemas.ts";
import { datasetsChangedBy } from "../dashboard/widgets.live.lib.ts";
import {
  bumpSources,
  lookup,
  lookupMany,
  type NewEntry,
  selectTtl,
  storeEntries,
  sweepEntries,
  tenantsWithExpired,
  upsertTtl,
} from "./cache.repo.ts";
import {
  ANY_SOURCE,
  cacheKey,
  datasetSource,
  MAX_ENTRY_BYTES,
  perUser,
  reviveDates,
  sourcesOf,
  tableSource,
} from "./cache.rules.ts";
import type { CacheMeta, CacheSettings } from "./cache.schemas.ts";

export type { NewEntry };

/** How a caller uses the cache: `refresh` recomputes (and keeps the new result). */
export interface CacheUse {
  refresh?: boolean;
  /**
   * Results to keep are collected here instead of written at once: a widget computed in a
   * read-only transaction of its own (widgets.concurrent.repo.ts) cannot write; the page
   * writes them all in its own transaction afterwards (`keepResults`).
   */
  defer?: NewEntry[];
}

export const NOT_CACHED: CacheMeta = { hit: false, storedAt: null };

/** What one widget's result depends on (cache.rules.ts). */
export interface ResultOf {
  /** The query as it runs (the sheet's filters added), the chart type and options. */
  query: AnalyticsQuery;
  chartType: string;
  options: Record<string, unknown>;
  locale: string;
}

const keyOf = (actor: Actor, r: ResultOf) =>
  cacheKey({
    query: r.query,
    chartType: r.chartType,
    options: r.options,
    locale: r.locale,
    userId: perUser(r.query) ? actor.session.userId : null,
  });

/**
 * The current kept results of several widgets of one sheet in one lookup (the page's fast
 * path, before any widget is computed): id → result, for those that have one.
 */
export async function keptResults<T>(
  actor: Actor,
  { sheetId, items }: { sheetId: string; items: (ResultOf & { id: string })[] },
): Promise<Map<string, { value: T; cache: CacheMeta }>> {
  const keyed = await Promise.all(
    items.map(async (r) => ({ id: r.id, key: await keyOf(actor, r), sources: sourcesOf(r.query) })),
  );
  const found = await lookupMany(actor.sql, {
    sheetId,
    items: keyed.map(({ key, sources }) => ({ key, sources })),
  });
  const out = new Map<string, { value: T; cache: CacheMeta }>();
  for (const { id, key } of keyed) {
    const hit = found.get(key);
    if (!hit) continue;
    // Two widgets with the same query share one entry (and object: reviving is idempotent).
    out.set(id, {
      value: reviveDates(hit.data as T),
      cache: { hit: true, storedAt: hit.storedAt.toISOString() },
    });
  }
  return out;
}

/**
 * The widget's result from the cache when the sheet keeps results and a current one exists;
 * otherwise `compute()` runs and its result is kept (when the sheet's TTL is not off).
 */
export async function throughCache<T>(
  actor: Actor,
  input: ResultOf & { sheetId: string; use: CacheUse },
  compute: () => Promise<T>,
): Promise<{ value: T; cache: CacheMeta }> {
  const { query, use } = input;
  const sources = sourcesOf(query);
  const key = await keyOf(actor, input);
  const found = await lookup(actor.sql, {
    sheetId: input.sheetId,
    key,
    sources,
    skipEntry: !!use.refresh,
  });
  if (!found || found.ttl <= 0) return { value: await compute(), cache: NOT_CACHED };
  if (found.data !== null && found.storedAt) {
    return {
      value: reviveDates(found.data as T),
      cache: { hit: true, storedAt: found.storedAt.toISOString() },
    };
  }
  const value = await compute();
  const json = JSON.stringify(value);
  if (json.length > MAX_ENTRY_BYTES) return { value, cache: NOT_CACHED };
  const entry: NewEntry = {
    key,
    sources,
    generation: found.generation,
    ttl: found.ttl,
    json,
    storedAt: found.now,
  };
  if (use.defer) use.defer.push(entry);
  else await storeEntries(actor.sql, [entry]);
  return { value, cache: { hit: false, storedAt: found.now.toISOString() } };
}

/** Writes the results collected by `CacheUse.defer` (in a transaction that may write). */
export async function keepResults(actor: Actor, entries: NewEntry[]): Promise<void> {
  await storeEntries(actor.sql, entries);
}

/**
 * A domain event's invalidation: the built-in datasets it changes get a new version, in the
 * event delivery's transaction (so before the live refresh it also publishes reaches anyone).
 */
export async function invalidateByEvent(
  actor: SystemActor,
  event: { name: string },
): Promise<void> {
  const datasets = datasetsChangedBy(event.name);
  if (datasets.length) await bumpSources(actor.sql, datasets.map(datasetSource));
}

/** A tenant table's rows or columns changed (in the writing transaction). */
export async function invalidateTable(actor: SystemActor, tableId: string): Promise<void> {
  await bumpSources(actor.sql, [tableSource(tableId)]);
}

/** A relation changed: every joined query may read differently now. */
export async function invalidateRelations(actor: SystemActor): Promise<void> {
  await bumpSources(actor.sql, [ANY_SOURCE]);
}

/** The sheet's TTL for a caller who already holds access to it (the dashboard page). */
export const cacheTtlOf = (actor: Actor, sheetId: string) => selectTtl(actor.sql, sheetId);

export async function sheetCacheSettings(
  actor: Actor,
  sheetId: string,
): Promise<CacheSettings> {
  await requireSheet(actor, { sheetId, level: "view" });
  return { ttlSeconds: await selectTtl(actor.sql, sheetId) };
}

/** PUT by the sheet's editors; a new TTL applies from the next read (entries know their age). */
export async function setSheetCache(
  actor: Actor,
  { sheetId, input }: { sheetId: string; input: CacheSettings },
): Promise<CacheSettings> {
  const { sheet } = await requireSheet(actor, { sheetId, level: "edit" });
  const before = await selectTtl(actor.sql, sheetId);
  await upsertTtl(actor.sql, sheetId, input.ttlSeconds);
  if (before !== input.ttlSeconds) {
    await recordActivity(actor, {
      module: "analytics",
      entityType: "sheet",
      entityId: sheetId,
      action: "updated",
      summary: `Set the result cache of the sheet ${sheet.name} to ${input.ttlSeconds} s`,
      before: { cacheTtlSeconds: before },
      after: { cacheTtlSeconds: input.ttlSeconds },
    });
  }
  return { ttlSeconds: input.ttlSeconds };
}

/** The scheduled sweep of one workspace: expired entries and those over its limits. */
export async function sweepCache(actor: SystemActor): Promise<number> {
  return await sweepEntries(actor.sql);
}

/** Every 10 minutes, in each workspace that has an expired entry. */
export const cacheSweepJob: SystemJob = {
  name: "analytics.cache.sweep",
  handler: (ctx) =>
    ctx.scoped(async (sql) => {
      ctx.log(`deleted ${await sweepCache({ sql, bus: ctx.bus })} cached results`);
    }),
  schedule: { cron: "*/10 * * * *", perTenant: true, tenantsWithWork: tenantsWithExpired },
};

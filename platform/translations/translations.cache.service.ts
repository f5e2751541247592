import type { Actor } from "../../shared/http/actor.ts";
import { afterCommit } from "../../shared/db/scope.ts";
import {
  isBuiltinLocale,
  type Language,
  nativeName,
  runWithOverrides,
  type TenantTranslations,
} from "../../shared/i18n/i18n.ts";
import * as repo from "./translations.repo.ts";

// Per-tenant cache of overrides, so a request normally costs no extra query.

/** How long a tenant's overrides are reused before they are read again. */
export const CACHE_TTL_MS = 30_000;
const MAX_CACHED_TENANTS = 10_000;

const cache = new Map<string, { at: number; data: TenantTranslations }>();
/** Bumped on every invalidation, so a read that raced a change is not cached. */
const generations = new Map<string, number>();

const EMPTY: TenantTranslations = Object.freeze({
  overrides: Object.freeze({}),
  languages: Object.freeze([]) as unknown as Language[],
}) as TenantTranslations;

function freeze(data: TenantTranslations): TenantTranslations {
  for (const messages of Object.values(data.overrides)) Object.freeze(messages);
  Object.freeze(data.overrides);
  for (const l of data.languages) Object.freeze(l);
  Object.freeze(data.languages);
  return Object.freeze(data);
}

/** Reads the current tenant's overrides and extra languages (one query, never cached). */
export async function readTenantTranslations(
  { sql }: Pick<Actor, "sql">,
): Promise<TenantTranslations> {
  const rows = await repo.loadAll(sql);
  if (rows.length === 0) return EMPTY;
  const overrides: Record<string, Record<string, string>> = {};
  const names = new Map<string, string>();
  for (const r of rows) {
    if (r.kind === "o") (overrides[r.locale] ??= {})[r.key] = r.value;
    else names.set(r.locale, r.value);
  }
  // A language with overrides but no row (should not happen) is still listed.
  for (const code of Object.keys(overrides)) {
    if (!isBuiltinLocale(code) && !names.has(code)) names.set(code, "");
  }
  const languages = [...names.entries()]
    .filter(([code]) => !isBuiltinLocale(code))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, name]) => ({ code, name: name || nativeName(code), builtin: false }));
  return freeze({ overrides, languages });
}

/**
 * The tenant's translations through the in-process cache (TTL CACHE_TTL_MS, dropped at once
 * when this process changes them). `sql` must be scoped to `tenantId` (RLS).
 */
export async function loadTenantOverrides(
  actor: Pick<Actor, "sql">,
  tenantId: string,
): Promise<TenantTranslations> {
  const hit = cache.get(tenantId);
  if (hit && Date.now() - hit.at < CACHE_TTL_MS) return hit.data;
  const generation = generations.get(tenantId) ?? 0;
  const data = await readTenantTranslations(actor);
  if ((generations.get(tenantId) ?? 0) === generation) {
    cache.delete(tenantId); // re-insert: Map order is the eviction order
    cache.set(tenantId, { at: Date.now(), data });
    if (cache.size > MAX_CACHED_TENANTS) cache.delete(cache.keys().next().value!);
  }
  return data;
}

/** Forgets a tenant's cached translations (this process only; others expire by TTL). */
export function invalidateTenantOverrides(tenantId: string) {
  cache.delete(tenantId);
  generations.set(tenantId, (generations.get(tenantId) ?? 0) + 1);
}

/** Empties the whole cache (tests). */
export function clearTranslationCache() {
  for (const id of cache.keys()) invalidateTenantOverrides(id);
  cache.clear();
}

/** Loads the tenant's translations (cached) and runs fn with them applied to every t(). */
export async function withTenantTranslations<T>(
  actor: Pick<Actor, "sql">,
  { tenantId, fn }: { tenantId: string; fn: () => Promise<T> },
): Promise<T> {
  return await runWithOverrides(await loadTenantOverrides(actor, tenantId), fn);
}

/** After a change: drop the cache now and again once the transaction has committed. */
export function invalidateAfterChange({ sql }: Pick<Actor, "sql">, tenantId: string) {
  invalidateTenantOverrides(tenantId);
  afterCommit(sql, () => invalidateTenantOverrides(tenantId));
}

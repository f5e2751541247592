import type { Sql } from "../../shared/db/database.ts";

/** SQL of translations and translation_languages, through the tenant-scoped connection. */

export interface OverrideRow {
  locale: string;
  key: string;
  value: string;
  updatedAt: string;
  updatedBy: string | null;
}

export interface LanguageRow {
  locale: string;
  name: string;
  createdAt: string;
}

/** Every override of the current tenant (or of one language). */
export async function listOverrides(sql: Sql, locale?: string): Promise<OverrideRow[]> {
  return await sql<OverrideRow[]>`
    select locale, key, value, updated_at, updated_by from translations
    ${locale ? sql`where locale = ${locale}` : sql``}
    order by locale, key`;
}

export async function findOverride(sql: Sql, locale: string, key: string) {
  const [row] = await sql<OverrideRow[]>`
    select locale, key, value, updated_at, updated_by from translations
    where locale = ${locale} and key = ${key}`;
  return row ?? null;
}

/** Inserts or replaces the current tenant's text for (locale, key). */
export async function upsertOverride(
  sql: Sql,
  o: { locale: string; key: string; value: string },
): Promise<OverrideRow> {
  const [row] = await sql<OverrideRow[]>`
    insert into translations (tenant_id, locale, key, value, updated_by)
    values (nullif(current_setting('app.tenant_id', true), '')::uuid, ${o.locale}, ${o.key},
      ${o.value}, nullif(current_setting('app.user_id', true), '')::uuid)
    on conflict (tenant_id, locale, key) do update
      set value = excluded.value, updated_at = now(), updated_by = excluded.updated_by
    returning locale, key, value, updated_at, updated_by`;
  return row;
}

/** Removes an override; true when there was one. */
export async function deleteOverride(sql: Sql, locale: string, key: string): Promise<boolean> {
  const res = await sql`delete from translations where locale = ${locale} and key = ${key}`;
  return res.count > 0;
}

/** The current tenant's extra languages, by code. */
export async function listLanguages(sql: Sql): Promise<LanguageRow[]> {
  return await sql<LanguageRow[]>`
    select locale, name, created_at from translation_languages order by locale`;
}

/** Adds an extra language; an existing one keeps its row (the name changes when given). */
export async function upsertLanguage(sql: Sql, locale: string, name?: string) {
  await sql`
    insert into translation_languages (tenant_id, locale, name, created_by)
    values (nullif(current_setting('app.tenant_id', true), '')::uuid, ${locale}, ${name ?? ""},
      nullif(current_setting('app.user_id', true), '')::uuid)
    on conflict (tenant_id, locale) do update
      set name = case when ${name ?? null}::text is null then translation_languages.name
                      else excluded.name end`;
}

/**
 * Queues the current tenant's changes to its languages behind each other until the transaction
 * ends (taken before any row is written): adding a language counts them before it inserts, and
 * removing one deletes texts that a write may be storing at the same time.
 */
export async function lockLanguages(sql: Sql) {
  await sql`select pg_advisory_xact_lock(hashtext('translation_languages:' ||
    current_setting('app.tenant_id')))`;
}

/** How many extra languages the current tenant has, and whether `locale` is one of them. */
export async function countLanguages(sql: Sql, locale: string) {
  const [row] = await sql<{ count: number; known: boolean }[]>`
    select count(*)::int as count, coalesce(bool_or(locale = ${locale}), false) as known
    from translation_languages`;
  return row;
}

/**
 * Removes an extra language with all of its overrides; true when it existed. The language row
 * goes first: the order in which a write takes them (language, then text).
 */
export async function deleteLanguage(sql: Sql, locale: string): Promise<boolean> {
  const res = await sql`delete from translation_languages where locale = ${locale}`;
  await sql`delete from translations where locale = ${locale}`;
  return res.count > 0;
}

/** Both tables in one round trip, for the per-tenant cache. */
export async function loadAll(sql: Sql) {
  const rows = await sql<{ kind: "o" | "l"; locale: string; key: string; value: string }[]>`
    select 'o' as kind, locale, key, value from translations
    union all
    select 'l', locale, '', name from translation_languages`;
  return rows;
}

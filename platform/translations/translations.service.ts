import type { Sql } from "../../shared/db/database.ts";
import { problems } from "../../shared/http/problem.ts";
import {
  builtinCatalog,
  builtinLanguages,
  isBuiltinLocale,
  type Language,
  lookup,
  messageKeys,
  nativeName,
  type TenantTranslations,
} from "../../shared/i18n/i18n.ts";
import { invalidateAfterChange, readTenantTranslations } from "./translations.cache.service.ts";
import * as repo from "./translations.repo.ts";
import { checkKey, checkLocale, checkValue } from "./translations.rules.ts";
import type { Actor } from "../../shared/http/actor.ts";
import type { Cell, Source, TranslationRow } from "./translations.schemas.ts";

export type { Cell, Source, TranslationRow };

// ---------------------------------------------------------------------------------------------
// Reads

/** Built-in languages, then the current tenant's extra languages, with native names. */
export async function languagesFor({ sql }: Pick<Actor, "sql">): Promise<Language[]> {
  const rows = await repo.listLanguages(sql);
  return [
    ...builtinLanguages(),
    ...rows.filter((r) => !isBuiltinLocale(r.locale)).map((r) => ({
      code: r.locale,
      name: r.name || nativeName(r.locale),
      builtin: false,
    })),
  ];
}

const languagesOf = (data: TenantTranslations): Language[] => [
  ...builtinLanguages(),
  ...data.languages,
];

/**
 * The merged catalog of a language: built-in English ← the tenant's English ← the built-in
 * catalog of the language ← the tenant's overrides for it.
 */
export async function mergedCatalog({ sql }: Actor, locale: string) {
  checkLocale(locale);
  const data = await readTenantTranslations({ sql });
  const messages: Record<string, string> = {};
  for (const key of messageKeys()) messages[key] = lookup(locale, key, data) ?? key;
  return { locale, languages: languagesOf(data), messages };
}

/** The tenant's translations minus its overrides for one language (that language's defaults). */
const withoutLocale = (data: TenantTranslations, locale: string): TenantTranslations => ({
  overrides: { ...data.overrides, [locale]: {} },
  languages: data.languages,
});

function cellOf(
  data: TenantTranslations,
  locale: string,
  key: string,
  defaults: TenantTranslations = withoutLocale(data, locale),
): Cell {
  const own = data.overrides[locale];
  const fallback = lookup(locale, key, defaults) ?? key;
  if (own && Object.hasOwn(own, key)) {
    return { value: own[key], source: "override", default: fallback };
  }
  const builtin = builtinCatalog(locale);
  const source: Source = builtin && Object.hasOwn(builtin, key) ? "builtin" : "fallback";
  return { value: fallback, source, default: fallback };
}

export interface TableFilter {
  /** Text searched in keys and values (case-insensitive). */
  q?: string;
  /** Which part of the product a key belongs to ("platform", "support", …); see `group`. */
  groupOf?: (key: string) => string;
  /** Only the keys of this group; the rows come grouped in `groups` order either way. */
  group?: string;
  groups?: string[];
  /** Only keys that some language other than English has not translated. */
  missing?: boolean;
  offset?: number;
  limit?: number;
}

/** The keys with their text per language, filtered and paged, for the translations page. */
export async function translationTable({ sql }: Actor, filter: TableFilter = {}) {
  const data = await readTenantTranslations({ sql });
  const languages = languagesOf(data);
  const q = filter.q?.trim().toLocaleLowerCase() ?? "";
  const defaults = new Map(languages.map((l) => [l.code, withoutLocale(data, l.code)]));
  const rows: TranslationRow[] = [];
  for (const key of messageKeys()) {
    const cells: Record<string, Cell> = {};
    for (const l of languages) cells[l.code] = cellOf(data, l.code, key, defaults.get(l.code));
    if (
      filter.missing &&
      !languages.some((l) => l.code !== "en" && cells[l.code].source === "fallback")
    ) continue;
    if (
      q && !key.toLocaleLowerCase().includes(q) &&
      !Object.values(cells).some((c) => c.value.toLocaleLowerCase().includes(q))
    ) continue;
    const group = filter.groupOf?.(key);
    if (filter.group && group !== filter.group) continue;
    rows.push({ key, cells, group });
  }
  const order = filter.groups ?? [];
  const rank = (
    g: string | undefined,
  ) => (g && order.includes(g) ? order.indexOf(g) : order.length);
  rows.sort((a, b) => rank(a.group) - rank(b.group));
  const offset = Math.max(0, filter.offset ?? 0);
  const limit = Math.min(Math.max(1, filter.limit ?? 100), 500);
  return { languages, total: rows.length, offset, limit, rows: rows.slice(offset, offset + limit) };
}

/** One key with its text per language (the row the page swaps after an edit). */
export async function translationRow({ sql }: Actor, key: string) {
  checkKey(key);
  const data = await readTenantTranslations({ sql });
  const languages = languagesOf(data);
  const cells: Record<string, Cell> = {};
  for (const l of languages) cells[l.code] = cellOf(data, l.code, key);
  return { languages, row: { key, cells } as TranslationRow };
}

// ---------------------------------------------------------------------------------------------
// Changes

export interface TranslationEntry {
  locale: string;
  key: string;
  value: string;
  default: string;
  overridden: boolean;
}

/** Extra languages per tenant: every one multiplies the catalog a page or cache load works through. */
export const MAX_EXTRA_LANGUAGES = 20;

/**
 * Refuses a new language beyond MAX_EXTRA_LANGUAGES. Holds the tenant's language lock for the
 * rest of the transaction, so that languages added at once are counted one after another and a
 * language being removed is not written to meanwhile (on PostgreSQL: a deadlock, once a 500).
 */
async function ensureLanguageRoom(sql: Sql, locale: string) {
  await repo.lockLanguages(sql);
  const { count, known } = await repo.countLanguages(sql, locale);
  if (!known && count >= MAX_EXTRA_LANGUAGES) {
    throw problems.unprocessable(`A workspace has at most ${MAX_EXTRA_LANGUAGES} extra languages.`);
  }
}

/** Stores the tenant's text for (locale, key); a new language code becomes an extra language. */
export async function setTranslation(
  { sql, session: { tenantId } }: Actor,
  input: { locale: string; key: string; value: string },
): Promise<TranslationEntry> {
  checkLocale(input.locale);
  checkKey(input.key);
  checkValue(input.key, input.value);
  if (!isBuiltinLocale(input.locale)) {
    await ensureLanguageRoom(sql, input.locale);
    await repo.upsertLanguage(sql, input.locale);
  }
  const row = await repo.upsertOverride(sql, input);
  invalidateAfterChange({ sql }, tenantId);
  const data = await readTenantTranslations({ sql });
  return {
    locale: row.locale,
    key: row.key,
    value: row.value,
    default: cellOf(data, row.locale, row.key).default,
    overridden: true,
  };
}

/** Removes the tenant's text for (locale, key): the default applies again. Idempotent. */
export async function resetTranslation(
  { sql, session: { tenantId } }: Actor,
  { locale, key }: { locale: string; key: string },
): Promise<TranslationEntry> {
  checkLocale(locale);
  checkKey(key);
  if (await repo.deleteOverride(sql, locale, key)) invalidateAfterChange({ sql }, tenantId);
  const value = cellOf(await readTenantTranslations({ sql }), locale, key).value;
  return { locale, key, value, default: value, overridden: false };
}

/** Adds an extra language (its keys show English until translated). */
export async function addLanguage(
  { sql, session: { tenantId } }: Actor,
  input: { locale: string; name?: string },
): Promise<Language> {
  checkLocale(input.locale);
  if (isBuiltinLocale(input.locale)) {
    throw problems.unprocessable(`${nativeName(input.locale)} (${input.locale}) is built in.`);
  }
  const name = input.name?.trim() || undefined;
  if (name && name.length > 100) {
    throw problems.validation([{ path: "name", message: "At most 100 characters." }]);
  }
  await ensureLanguageRoom(sql, input.locale);
  await repo.upsertLanguage(sql, input.locale, name);
  invalidateAfterChange({ sql }, tenantId);
  const lang = (await languagesFor({ sql })).find((l) => l.code === input.locale)!;
  return lang;
}

/** Removes an extra language and every text translated into it. */
export async function removeLanguage({ sql, session: { tenantId } }: Actor, locale: string) {
  checkLocale(locale);
  if (isBuiltinLocale(locale)) {
    throw problems.unprocessable(`${nativeName(locale)} (${locale}) is built in.`);
  }
  await repo.lockLanguages(sql);
  if (!(await repo.deleteLanguage(sql, locale))) {
    throw problems.notFound(`No language ${locale} was added.`);
  }
  invalidateAfterChange({ sql }, tenantId);
}

import { AsyncLocalStorage } from "node:async_hooks";
import { en } from "./en.ts";
import { tr } from "./tr.ts";

/** The languages whose catalogs ship with the code. Tenants may add more (see translations). */
export const BUILTIN_LOCALES = ["en", "tr"] as const;
export type BuiltinLocale = (typeof BUILTIN_LOCALES)[number];
/** @deprecated Use BUILTIN_LOCALES (built in) or currentLanguages() (built in + the tenant's). */
export const LOCALES = BUILTIN_LOCALES;
/**
 * A language code: a built-in one, or an extra language a tenant added (e.g. `de`, `pt-BR`).
 * Any string that passes isLocale() / LOCALE_PATTERN.
 */
export type Locale = string;
/**
 * Every message key that exists: the core catalog's and each feature's. A feature's
 * `x.messages.ts` adds its keys with `defineMessages` and declares them here by module
 * augmentation (see docs/architecture.md "Translations"), so a key that does not exist fails
 * `deno check`.
 */
export interface MessageCatalog extends Record<keyof typeof en, true> {}
export type MessageKey = keyof MessageCatalog;
/** The keys of a table made with defineMessages, for `interface MessageCatalog extends …`. */
export type KeysOf<T> = Record<keyof T, true>;

/** `en`, `tr`, `de`, `pt-BR`: a 2–3 letter language, optionally a 2-letter region. */
export const LOCALE_PATTERN = /^[a-z]{2,3}(-[A-Z]{2})?$/;

/** Native names of well-known languages; anything else is named by Intl.DisplayNames. */
const NATIVE_NAMES: Record<string, string> = { en: "English", tr: "Türkçe" };

const catalogs: Record<string, Record<string, string>> = { en, tr };

export interface Language {
  code: string;
  /** The language's name in that language ("Deutsch", "Türkçe"). */
  name: string;
  builtin: boolean;
}

/** A tenant's overrides (locale → key → value) and the extra languages it added. */
export interface TenantTranslations {
  overrides: Record<string, Record<string, string>>;
  languages: Language[];
}

interface Store {
  data: TenantTranslations;
  /** Built-in and extra language codes, for isLocale(). */
  codes: Set<string>;
}

const overridesStore = new AsyncLocalStorage<Store>();

const storeOf = (data: TenantTranslations): Store => ({
  data,
  codes: new Set<string>([...BUILTIN_LOCALES, ...data.languages.map((l) => l.code)]),
});

/**
 * Runs fn with a tenant's translations applied to every t() call made inside it (also across
 * awaits). The session middleware wraps the rest of the request in it.
 */
export function runWithOverrides<T>(data: TenantTranslations, fn: () => T): T {
  return overridesStore.run(storeOf(data), fn);
}

/**
 * Replaces the translations of the current runWithOverrides scope (e.g. after the request
 * itself changed them, so the rest of its response shows the change). No-op outside a scope.
 */
export function replaceCurrentOverrides(data: TenantTranslations) {
  const store = overridesStore.getStore();
  if (!store) return;
  const next = storeOf(data);
  store.data = next.data;
  store.codes = next.codes;
}

/** The translations in effect for the current request, if any. */
export function currentOverrides(): TenantTranslations | undefined {
  return overridesStore.getStore()?.data;
}

/** The native name of a language code: known list, else Intl, else the code itself. */
export function nativeName(code: string): string {
  if (NATIVE_NAMES[code]) return NATIVE_NAMES[code];
  try {
    const name = new Intl.DisplayNames([code], { type: "language" }).of(code);
    if (name && name !== code) return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
  } catch { /* not a code Intl knows */ }
  return code;
}

export const builtinLanguages = (): Language[] =>
  BUILTIN_LOCALES.map((code) => ({ code, name: nativeName(code), builtin: true }));

/** Built-in languages plus the current tenant's extra ones (for the language switcher). */
export function currentLanguages(): Language[] {
  return [...builtinLanguages(), ...(currentOverrides()?.languages ?? [])];
}

export function isBuiltinLocale(v: unknown): v is BuiltinLocale {
  return typeof v === "string" && (BUILTIN_LOCALES as readonly string[]).includes(v);
}

/** A language the current request may use: built in, or one of the tenant's extra languages. */
export function isLocale(v: unknown): v is Locale {
  if (typeof v !== "string") return false;
  return isBuiltinLocale(v) || (overridesStore.getStore()?.codes.has(v) ?? false);
}

/** The built-in catalog of a language (English is the reference), or undefined. */
export function builtinCatalog(locale: string): Readonly<Record<string, string>> | undefined {
  return catalogs[locale];
}

/** Every message key (the English catalog's keys, sorted). */
export function messageKeys(): string[] {
  return Object.keys(catalogs.en).sort();
}

export function hasMessageKey(key: string): boolean {
  return Object.hasOwn(catalogs.en, key);
}

/**
 * A feature's messages: key → [English, Turkish]. Registers them in the built-in catalogs when
 * the file loads and returns the table, whose keys the file then declares in MessageCatalog.
 */
export function defineMessages<const T extends Record<string, readonly [string, string]>>(
  table: T,
): T {
  for (const [key, [english, turkish]] of Object.entries(table)) {
    (catalogs.en as Record<string, string>)[key] = english;
    (catalogs.tr as Record<string, string>)[key] = turkish;
  }
  return table;
}

/**
 * The text of a key read from data (a stored action, an enum value from another system), or
 * undefined when no catalog has it: the caller says what to show instead.
 */
export function textFor(
  locale: Locale,
  key: string,
  vars?: Record<string, string | number>,
): string | undefined {
  const text = lookup(locale, key);
  return text === undefined ? undefined : format(text, vars);
}

/**
 * A key read from data (a stored label key, an enum value from another system), checked at run
 * time: the key itself when it exists, otherwise `fallback`.
 */
export function knownKey(key: string, fallback: MessageKey): MessageKey {
  return hasMessageKey(key) ? key as MessageKey : fallback;
}

/**
 * The text of a key without placeholders filled: the tenant's override for the language, the
 * built-in catalog of the language, then the tenant's English, then built-in English.
 */
export function lookup(
  locale: Locale,
  key: string,
  data: TenantTranslations | undefined = currentOverrides(),
): string | undefined {
  const own = data?.overrides[locale];
  return (own && Object.hasOwn(own, key) ? own[key] : undefined) ??
    (Object.hasOwn(catalogs, locale) && Object.hasOwn(catalogs[locale], key)
      ? catalogs[locale][key]
      : undefined) ??
    (data?.overrides.en && Object.hasOwn(data.overrides.en, key)
      ? data.overrides.en[key]
      : undefined) ??
    (Object.hasOwn(catalogs.en, key) ? catalogs.en[key] : undefined);
}

/** Fills `{name}` placeholders; unknown ones stay as they are. */
export function format(text: string, vars?: Record<string, string | number>): string {
  return vars ? text.replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m)) : text;
}

/**
 * Looks up a message (with the current tenant's overrides, see runWithOverrides) and fills
 * `{name}` placeholders. Unknown keys show as themselves.
 */
export function t(locale: Locale, key: MessageKey, vars?: Record<string, string | number>): string {
  return format(lookup(locale, key) ?? key, vars);
}

/** Profile language first, then the language cookie, then Accept-Language, then English. */
export function resolveLocale(
  profile: string | null | undefined,
  cookie: string | undefined,
  acceptLanguage: string | undefined,
): Locale {
  if (isLocale(profile)) return profile;
  if (isLocale(cookie)) return cookie;
  const ranked = (acceptLanguage ?? "").split(",").map((part) => {
    const [tag, ...params] = part.trim().split(";");
    const q = params.map((p) => /^q=([\d.]+)$/.exec(p.trim())).find(Boolean);
    const [lang, region] = tag.trim().split("-");
    return {
      exact: region ? `${lang.toLowerCase()}-${region.toUpperCase()}` : lang.toLowerCase(),
      lang: lang.toLowerCase(),
      q: q ? Number(q[1]) : 1,
    };
  }).filter((x) => x.q > 0).sort((a, b) => b.q - a.q);
  for (const r of ranked) {
    if (isLocale(r.exact)) return r.exact;
    if (isLocale(r.lang)) return r.lang;
  }
  return "en";
}

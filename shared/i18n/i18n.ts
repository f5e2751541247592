import { en } from "./en.ts";
import { tr } from "./tr.ts";

export const LOCALES = ["en", "tr"] as const;
export type Locale = (typeof LOCALES)[number];
export type MessageKey = keyof typeof en;

const catalogs: Record<Locale, Record<string, string>> = { en, tr };

export function isLocale(v: unknown): v is Locale {
  return typeof v === "string" && (LOCALES as readonly string[]).includes(v);
}

/** Modules add their own keys at load time; English is the fallback for any missing key. */
export function addMessages(locale: Locale, messages: Record<string, string>) {
  Object.assign(catalogs[locale], messages);
}

/** Looks up a message and fills `{name}` placeholders. Unknown keys show as themselves. */
export function t(locale: Locale, key: string, vars?: Record<string, string | number>): string {
  const text = catalogs[locale][key] ?? catalogs.en[key] ?? key;
  return vars ? text.replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m)) : text;
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
    return { lang: tag.toLowerCase().split("-")[0], q: q ? Number(q[1]) : 1 };
  }).filter((x) => x.q > 0).sort((a, b) => b.q - a.q);
  return ranked.map((x) => x.lang).find(isLocale) ?? "en";
}

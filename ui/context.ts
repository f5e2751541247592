import { createContext } from "preact";
import { useContext } from "preact/hooks";
import { knownKey, type Locale, type MessageKey, t } from "../shared/i18n/i18n.ts";

/** What every component may need to format for the reader: language and tenant time zone. */
export interface Reader {
  locale: Locale;
  timeZone: string;
  /** Render time, so every relative time on a page agrees. */
  now: number;
}

export const ReaderContext = createContext<Reader>({ locale: "en", timeZone: "UTC", now: 0 });

/** The reader of the page being rendered (set by ui/render.tsx). */
export function useReader(): Reader {
  const r = useContext(ReaderContext);
  return r.now ? r : { ...r, now: Date.now() };
}

/** What a view translates with: `const t = useT(); t("support.tickets.title")`. */
export type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;

/** The reader's translations (their language and the tenant's overrides). */
export function useT(): Translate {
  const { locale } = useContext(ReaderContext);
  return (key, vars) => t(locale, key, vars);
}

/**
 * A module by its manifest name ("support" → "Support"); a module without a `module.<name>`
 * text reads as that key, as the catalog shows it.
 */
export function moduleLabel(t: Translate, module: string): string {
  const key = `module.${module}`;
  const known = knownKey(key, "module.platform");
  return known === key ? t(known) : key;
}

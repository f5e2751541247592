import type { Locale } from "../../../shared/i18n/i18n.ts";

/** A language code as its name in the reader's language ("tr" → "Turkish" / "Türkçe"). */
export function languageName(l: Locale, code: string | null | undefined): string {
  if (!code) return "—";
  try {
    const name = new Intl.DisplayNames([l], { type: "language" }).of(code);
    return name ? name[0].toLocaleUpperCase(l) + name.slice(1) : code;
  } catch {
    return code;
  }
}

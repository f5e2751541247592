import type { Locale } from "../shared/i18n/i18n.ts";

/** A date and time for pages, in UTC (stored times are UTC; the label says so where it matters). */
export function formatDateTime(l: Locale, iso: string | null | undefined): string {
  if (!iso) return "—";
  return new Intl.DateTimeFormat(l === "tr" ? "tr-TR" : "en-GB", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "UTC",
  }).format(new Date(iso));
}

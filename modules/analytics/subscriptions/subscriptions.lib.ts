/** Schedules and filters in words, for the list page and the mail (pure). */
import { t } from "../../../shared/i18n/i18n.ts";
import "./subscriptions.messages.ts";
import type { Schedule, SubscriptionFilters } from "./subscriptions.schemas.ts";

type Locale = "en" | "tr";
const tag = (l: Locale) => (l === "tr" ? "tr-TR" : "en-GB");

/** A weekday's name (0 Sunday … 6 Saturday) in the reader's language. */
export function weekdayName(locale: Locale, day: number): string {
  // 2023-01-01 was a Sunday.
  return new Intl.DateTimeFormat(tag(locale), { weekday: "long", timeZone: "UTC" })
    .format(new Date(Date.UTC(2023, 0, 1 + day)));
}

export const hourText = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

/** "Every Monday at 08:00", "Her ayın 1. günü 08:00", or the custom expression. */
export function scheduleWords(locale: Locale, s: Schedule, cron: string): string {
  const time = hourText(s.hour);
  switch (s.kind) {
    case "daily":
      return t(locale, "analytics.subs.every.daily", { time });
    case "weekly":
      return t(locale, "analytics.subs.every.weekly", {
        weekday: weekdayName(locale, s.weekday),
        time,
      });
    case "monthly":
      return t(locale, "analytics.subs.every.monthly", { day: s.day, time });
    case "custom":
      return t(locale, "analytics.subs.every.custom", { cron });
  }
}

/** The filters as a line of the mail ("status = acik, created_at 2026-01-01 – 2026-01-31"). */
export function filtersWords(
  f: SubscriptionFilters,
  label: (field: string) => string,
  valueLabel: (field: string, value: string) => string,
): string {
  const parts: string[] = [];
  if (f.dateField && (f.from || f.to)) {
    parts.push(`${label(f.dateField)}: ${f.from ?? "…"} – ${f.to ?? "…"}`);
  }
  for (const w of f.where ?? []) {
    const at = w.indexOf(":");
    const field = w.slice(0, at);
    parts.push(`${label(field)} = ${valueLabel(field, w.slice(at + 1))}`);
  }
  return parts.join(", ");
}

/** The sheet's address query for these filters (as the dashboard's filter bar writes it). */
export function filtersQuery(f: SubscriptionFilters): string {
  const q = new URLSearchParams();
  if (f.dateField && (f.from || f.to)) {
    q.set("dateField", f.dateField);
    if (f.from) q.set("from", f.from);
    if (f.to) q.set("to", f.to);
  }
  for (const w of f.where ?? []) q.append("where", w);
  const s = q.toString();
  return s ? `?${s}` : "";
}

import type { Locale } from "../../../shared/i18n/i18n.ts";

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The report's period: [from, to] as dates, inclusive; the last 30 days by default. Returns
 * an error text for a period backwards or longer than 366 days.
 */
export function reportPeriod(
  input: { from?: string; to?: string },
  now = Date.now(),
): { from: string; to: string } | { error: string } {
  const to = input.to ?? iso(now);
  const from = input.from ?? iso(Date.parse(to) - 29 * DAY);
  const days = (Date.parse(to) - Date.parse(from)) / DAY;
  if (days < 0) return { error: "from is after to" };
  if (days > 366) return { error: "at most 366 days" };
  return { from, to };
}

/** Minutes as people read them: "45 min", "2 h", "2 h 5 min" ("2 sa 5 dk" in Turkish). */
export function formatMinutes(locale: Locale, minutes: number): string {
  const [h, m] = [Math.floor(minutes / 60), minutes % 60];
  const [hu, mu] = locale === "tr" ? ["sa", "dk"] : ["h", "min"];
  const n = (x: number) => x.toLocaleString(locale === "tr" ? "tr-TR" : "en-GB");
  if (h === 0) return `${n(m)} ${mu}`;
  return m === 0 ? `${n(h)} ${hu}` : `${n(h)} ${hu} ${m} ${mu}`;
}

/** Hours with two decimals (the CSV's figure for spreadsheets). */
export const decimalHours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

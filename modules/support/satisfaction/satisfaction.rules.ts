import type { Status } from "../common/common.schemas.ts";

/** A customer rates a ticket only once it is solved or closed. */
export const canRate = (status: Status): boolean => status === "cozuldu" || status === "kapandi";

/** How long a rating link in a closing e-mail works. */
export const LINK_DAYS = 30;

/** Share of good ratings as a percentage with one decimal; null when nothing was rated. */
export function score(good: number, bad: number): number | null {
  const total = good + bad;
  return total === 0 ? null : Math.round((good / total) * 1000) / 10;
}

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Today's date (YYYY-MM-DD) in a time zone. */
export function today(timeZone: string, now = Date.now()): string {
  try {
    return new Intl.DateTimeFormat("en-CA", { timeZone }).format(now);
  } catch {
    return iso(now);
  }
}

/**
 * The report's period: [from, to] as dates in the workspace's time zone, inclusive; the last
 * 30 days by default. An error text for a period backwards or longer than 366 days.
 */
export function ratingPeriod(
  input: { from?: string; to?: string },
  timeZone: string,
  now = Date.now(),
): { from: string; to: string } | { error: string; path: "from" | "to" } {
  const to = input.to ?? today(timeZone, now);
  const from = input.from ?? iso(Date.parse(to) - 29 * DAY);
  const days = (Date.parse(to) - Date.parse(from)) / DAY;
  if (!Number.isFinite(days)) return { error: "not a date", path: "from" };
  if (days < 0) return { error: "from is after to", path: "from" };
  if (days > 366) return { error: "at most 366 days", path: "from" };
  return { from, to };
}

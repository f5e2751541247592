/** Pure rules of the history cleanup: reading a time to live, and the batch bounds. */

/** Finished instances deleted per transaction: keeps each one short (locks, WAL, replicas). */
export const CLEANUP_BATCH = 500;
/** Batches one run does at most; what is left waits for the next day's run. */
export const CLEANUP_MAX_BATCHES = 200;
/** A hundred years: beyond it a time to live means "keep" and is refused as a typo. */
export const MAX_TTL_DAYS = 36_500;

export type TtlResult = { ok: true; days: number | null } | { ok: false; message: string };

/**
 * camunda:historyTimeToLive as Camunda 7 reads it: a whole number of days ("30") or an ISO 8601
 * duration in days ("P30D"); empty or absent: none (the tenant default applies).
 */
export function parseHistoryTtl(value: string | null | undefined): TtlResult {
  const v = (value ?? "").trim();
  if (v === "") return { ok: true, days: null };
  const m = /^(?:(\d{1,6})|P(\d{1,6})D)$/i.exec(v);
  if (!m) {
    return {
      ok: false,
      message:
        `camunda:historyTimeToLive "${v}" is not a number of days (such as 30) or a duration in days (such as P30D).`,
    };
  }
  const days = Number(m[1] ?? m[2]);
  if (days > MAX_TTL_DAYS) {
    return {
      ok: false,
      message: `camunda:historyTimeToLive is more than ${MAX_TTL_DAYS} days.`,
    };
  }
  return { ok: true, days };
}

/** The time to live that applies: the version's own, else the tenant default, else none. */
export const effectiveTtl = (own: number | null, fallback: number | null): number | null =>
  own ?? fallback;

/** The instant before which an instance must have ended to be removed under `days`. */
export const cutoff = (now: Date, days: number): Date =>
  new Date(now.getTime() - days * 86_400_000);

/**
 * Which occurrences of a due job to fire, given its catch-up policy (a pure function: the ticker
 * calls it with the clock, tests with a fake one).
 *
 * - `none`: only an occurrence that is (nearly) now; what was missed while no instance ran is
 *   dropped. "Nearly" is a grace window, so a tick that comes a few seconds late still fires.
 * - `latest`: the most recent missed occurrence, once.
 * - `all`: the missed occurrences, oldest first, at most `limit` (the most recent ones: after a
 *   long outage the last `limit` matter, not the first).
 */
import type { Cron } from "croner";
import { parseCron } from "../common/common.lib.ts";
import type { CatchupPolicy, TriggerKind } from "../common/common.schemas.ts";

/** How late a tick may be and still fire a `none` job's occurrence. */
export const GRACE_SECONDS = 60;

export interface Schedule {
  triggerKind: TriggerKind;
  cron: string | null;
  timezone: string | null;
  intervalSeconds: number | null;
}

export interface Plan {
  /** Occurrences to fire, oldest first. */
  fire: Date[];
  /** The next occurrence after `now` (null: nothing more, a one-off that has fired). */
  next: Date | null;
}

/** The last occurrence at or before `now` (croner's previousRuns leaves `now` itself out). */
function latestOccurrence(cron: Cron, now: Date): Date | null {
  const exact = cron.nextRun(new Date(now.getTime() - 1000));
  if (exact && exact <= now) return exact;
  return cron.previousRuns(1, now)[0] ?? null;
}

/** The due occurrences (at most `limit`, newest `limit` of them), oldest first. */
function dueOccurrences(s: Schedule, from: Date, now: Date, limit: number): Date[] {
  if (from > now) return [];
  if (s.triggerKind === "interval") {
    const step = s.intervalSeconds! * 1000;
    const count = Math.floor((now.getTime() - from.getTime()) / step) + 1;
    const first = Math.max(0, count - limit);
    const out: Date[] = [];
    for (let k = first; k < count; k++) out.push(new Date(from.getTime() + k * step));
    return out;
  }
  if (s.triggerKind === "cron") {
    const cron = parseCron(s.cron!, s.timezone ?? undefined);
    const latest = latestOccurrence(cron, now);
    if (!latest || latest < from) return [];
    const earlier = limit > 1 ? cron.previousRuns(limit - 1, latest) : [];
    return [latest, ...earlier].filter((d) => d >= from).reverse();
  }
  // A one-off: its single occurrence is the stored next run.
  return [from];
}

/** The occurrence after `now` of a schedule whose occurrences up to `now` are handled. */
function following(s: Schedule, fired: Date | null, from: Date, now: Date): Date | null {
  if (s.triggerKind === "cron") {
    return parseCron(s.cron!, s.timezone ?? undefined).nextRun(now) ?? null;
  }
  if (s.triggerKind === "interval") {
    const step = s.intervalSeconds! * 1000;
    const base = fired ?? from;
    // Stay on the job's grid (from + k·step): the first point after now.
    const k = Math.floor((now.getTime() - base.getTime()) / step) + 1;
    return new Date(base.getTime() + Math.max(1, k) * step);
  }
  return null;
}

/**
 * Plans a due job: `nextRunAt` is its stored next occurrence (<= now when due), `policy` and
 * `limit` its catch-up settings.
 */
export function planOccurrences(
  s: Schedule,
  nextRunAt: Date,
  now: Date,
  policy: CatchupPolicy,
  limit: number,
  graceSeconds = GRACE_SECONDS,
): Plan {
  const keep = policy === "all" ? Math.max(1, limit) : 1;
  const due = dueOccurrences(s, nextRunAt, now, keep);
  const latest = due.at(-1) ?? null;
  let fire = due;
  if (policy === "none") {
    fire = latest && now.getTime() - latest.getTime() <= graceSeconds * 1000 ? [latest] : [];
  }
  return { fire, next: following(s, latest, nextRunAt, now) };
}

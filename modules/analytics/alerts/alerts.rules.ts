/**
 * What an alert decides, as pure functions: which value a query result gives (a column folded
 * over the rows), whether the condition holds, what a new state means (fire, recover, nothing),
 * whether anything may be sent (mute, snooze) and how a schedule is told in words.
 */
import type { Aggregate, AlertKind, AlertState } from "./alerts.schemas.ts";

export const toNumber = (v: unknown): number | null => {
  if (v === null || v === undefined || v === "") return null;
  const n = typeof v === "number" ? v : Number(v);
  return Number.isFinite(n) ? n : null;
};

/** One number from the rows: the column of the first row, or its sum / max / min over all. */
export function pickValue(
  rows: Record<string, unknown>[],
  column: string,
  aggregate: Aggregate,
): number | null {
  const values = rows.map((r) => toNumber(r[column])).filter((n): n is number => n !== null);
  if (aggregate === "first") return rows.length ? toNumber(rows[0][column]) : null;
  if (!values.length) return aggregate === "sum" ? 0 : null;
  if (aggregate === "sum") return values.reduce((a, b) => a + b, 0);
  return aggregate === "max" ? Math.max(...values) : Math.min(...values);
}

/** Change in percent from previous to current; null when there is no base to compare with. */
export function changePercent(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null;
  return ((current - previous) / Math.abs(previous)) * 100;
}

export interface Condition {
  kind: AlertKind;
  threshold: number | null;
  direction: "up" | "down" | "any";
}

export interface Observed {
  value: number | null;
  /** The previous period's value (change alerts). */
  previous?: number | null;
  rowCount: number;
}

/**
 * Whether the condition holds. above/below compare strictly; a goal is reached at or above it;
 * change compares the period's change with the threshold (in percent, up/down/either way);
 * "rows" holds when the query returns any row. No value means the condition does not hold.
 */
export function conditionHolds(c: Condition, o: Observed): boolean {
  if (c.kind === "rows") return o.rowCount > 0;
  if (o.value === null || c.threshold === null) return false;
  switch (c.kind) {
    case "above":
      return o.value > c.threshold;
    case "below":
      return o.value < c.threshold;
    case "goal":
      return o.value >= c.threshold;
    case "change": {
      const pct = changePercent(o.value, o.previous ?? null);
      if (pct === null) return false;
      const limit = Math.abs(c.threshold);
      if (c.direction === "up") return pct >= limit;
      if (c.direction === "down") return pct <= -limit;
      return Math.abs(pct) >= limit;
    }
  }
  return false;
}

export type Transition = "fired" | "recovered" | "none";

/**
 * What a check's outcome means for the alert: ok → firing fires, firing → ok recovers, the
 * rest changes nothing that is sent. An alert in error counts as ok (it never fired from it):
 * holding after an error fires, clearing after an error is silent.
 */
export function transition(before: AlertState, holds: boolean): Transition {
  if (holds && before !== "firing") return "fired";
  if (!holds && before === "firing") return "recovered";
  return "none";
}

/** A goal announces reaching it once; falling back below is recorded but not announced. */
export const announcesRecovery = (kind: AlertKind) => kind !== "goal";

/** Whether anything may go out now (checks still run and record state while silenced). */
export function isSilenced(
  a: { muted: boolean; snoozedUntil: string | Date | null },
  now: Date,
): boolean {
  if (a.muted) return true;
  return a.snoozedUntil !== null && new Date(a.snoozedUntil).getTime() > now.getTime();
}

/** The kinds that need a threshold (rows does not). */
export const needsThreshold = (kind: AlertKind) => kind !== "rows";

/** Schedules people pick by name; anything else is a custom cron expression (for experts). */
export const SCHEDULE_PRESETS = {
  every15: "*/15 * * * *",
  hourly: "0 * * * *",
  daily: "0 8 * * *",
  weekly: "0 8 * * 1",
} as const;
export type SchedulePreset = keyof typeof SCHEDULE_PRESETS;

/** The preset a cron expression is (whitespace aside), or "custom". */
export function presetOf(cron: string): SchedulePreset | "custom" {
  const norm = cron.trim().split(/\s+/).join(" ");
  for (const [k, v] of Object.entries(SCHEDULE_PRESETS)) if (v === norm) return k as SchedulePreset;
  return "custom";
}

/** Recipients who keep getting the alert: those with access to its application. */
export function reachable<T extends string>(recipients: T[], withAccess: Set<T>): T[] {
  return [...new Set(recipients)].filter((r) => withAccess.has(r));
}

/** The webhook's JSON body (stable field names: receivers parse it). */
export function webhookBody(input: {
  event: "firing" | "recovery";
  alert: { id: string; name: string; kind: AlertKind; threshold: number | null };
  widget: string;
  value: number | null;
  at: Date;
  link: string;
}) {
  return {
    event: input.event,
    alert: input.alert,
    widget: input.widget,
    value: input.value,
    at: input.at.toISOString(),
    link: input.link,
  };
}

/** A number as people read it in the alert's texts (at most two decimals). */
export function formatValue(v: number | null, locale: string): string {
  if (v === null) return "—";
  return new Intl.NumberFormat(locale === "tr" ? "tr-TR" : "en-US", {
    maximumFractionDigits: 2,
  }).format(v);
}

/** Time tracking's pure rules: durations, timer minutes, weeks and the timesheet grid. */
import { addDays } from "../cycles/cycles.rules.ts";

/** One entry at most a day long. */
export const MAX_MINUTES = 24 * 60;

/**
 * Minutes from what a person types: "1:30", "1h 30m", "1sa 30dk", "90m", "45 dk", "1.5" or
 * "1,5" (hours), "2" (hours). Null when it is not a duration.
 */
export function parseDuration(text: string): number | null {
  const s = text.trim().toLowerCase().replace(/\s+/g, " ");
  if (!s) return null;
  let m = /^(\d{1,2}):([0-5]\d)$/.exec(s);
  if (m) return Number(m[1]) * 60 + Number(m[2]);
  m = /^(\d+(?:[.,]\d+)?)$/.exec(s);
  if (m) return Math.round(Number(m[1].replace(",", ".")) * 60);
  m =
    /^(?:(\d+(?:[.,]\d+)?) ?(?:h|hr|hrs|hours?|sa|saat))? ?(?:(\d+) ?(?:m|min|mins|minutes?|dk|dakika))?$/
      .exec(s);
  if (m && (m[1] || m[2])) {
    return Math.round(Number((m[1] ?? "0").replace(",", ".")) * 60 + Number(m[2] ?? 0));
  }
  return null;
}

/** A stopped timer's minutes: rounded up to a whole minute, at least 1, at most a day. */
export function timerMinutes(startedAt: string, endedAt: string): number {
  const ms = Date.parse(endedAt) - Date.parse(startedAt);
  return Math.min(MAX_MINUTES, Math.max(1, Math.ceil(ms / 60000)));
}

/** The Monday of the week a day falls in. */
export function weekStart(day: string): string {
  const dow = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((dow + 6) % 7));
}

/** The seven days of the week starting on `monday`. */
export const weekDays = (monday: string) => Array.from({ length: 7 }, (_, i) => addDays(monday, i));

export interface SheetEntry {
  taskId: string;
  taskTitle: string;
  projectName: string;
  entryDate: string;
  minutes: number;
}

export interface SheetRow {
  taskId: string;
  taskTitle: string;
  projectName: string;
  /** Minutes per day of the week, Monday first. */
  days: number[];
  total: number;
}

/** The week's grid: a row per task (by project, then title), minutes per day, totals. */
export function timesheetGrid(entries: SheetEntry[], days: string[]) {
  const rows = new Map<string, SheetRow>();
  const dayTotals = days.map(() => 0);
  for (const e of entries) {
    const i = days.indexOf(e.entryDate);
    if (i < 0) continue;
    let row = rows.get(e.taskId);
    if (!row) {
      row = { ...e, days: days.map(() => 0), total: 0 };
      rows.set(e.taskId, row);
    }
    row.days[i] += e.minutes;
    row.total += e.minutes;
    dayTotals[i] += e.minutes;
  }
  const sorted = [...rows.values()].sort((a, b) =>
    a.projectName.localeCompare(b.projectName) || a.taskTitle.localeCompare(b.taskTitle) ||
    a.taskId.localeCompare(b.taskId)
  );
  return { rows: sorted, dayTotals, total: dayTotals.reduce((a, b) => a + b, 0) };
}

/** Estimate (hours) against spent minutes: spent hours, what is left and whether it is over. */
export function estimateVsSpent(estimate: number | null, minutes: number) {
  const spent = Math.round((minutes / 60) * 100) / 100;
  if (estimate === null) return { spentHours: spent, leftHours: null, over: false };
  const left = Math.round((estimate - spent) * 100) / 100;
  return { spentHours: spent, leftHours: left, over: left < 0 };
}

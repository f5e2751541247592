/** Month grids for the calendar: plain dates ("2026-12-02"), no time zone arithmetic. */

export const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The first day of the week for a language: Monday in Turkish, Sunday in English (en-US). */
export function weekStartFor(locale: string): 1 | 7 {
  return locale === "en" ? 7 : 1;
}

/** Today's date where the reader is ("YYYY-MM-DD"). */
export function todayIn(timeZone: string, now: number): string {
  try {
    return new Intl.DateTimeFormat("en-CA", { timeZone, dateStyle: "short" }).format(now);
  } catch {
    return new Date(now).toISOString().slice(0, 10);
  }
}

const utc = (day: string) => new Date(`${day}T00:00:00Z`);
const iso = (d: Date) => d.toISOString().slice(0, 10);

export function addDays(day: string, n: number): string {
  const d = utc(day);
  d.setUTCDate(d.getUTCDate() + n);
  return iso(d);
}

/** The month next to `month` ("2026-12", +1 → "2027-01"). */
export function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split("-").map(Number);
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return iso(d).slice(0, 7);
}

/** ISO weekday (Monday 1 … Sunday 7) of a date. */
export const weekday = (day: string) => utc(day).getUTCDay() || 7;

export interface GridDay {
  date: string;
  inMonth: boolean;
}

/**
 * The weeks shown for a month: from the week start on or before its first day to the day
 * before the week start after its last day (4 to 6 rows of 7 days).
 */
export function monthGrid(month: string, weekStart: 1 | 7): GridDay[][] {
  const first = `${month}-01`;
  const last = addDays(`${shiftMonth(month, 1)}-01`, -1);
  const back = (weekday(first) - weekStart + 7) % 7;
  let day = addDays(first, -back);
  const weeks: GridDay[][] = [];
  while (day <= last) {
    const week: GridDay[] = [];
    for (let i = 0; i < 7; i++) {
      week.push({ date: day, inMonth: day.startsWith(month) });
      day = addDays(day, 1);
    }
    weeks.push(week);
  }
  return weeks;
}

/** The first and last day of a grid. */
export function gridRange(weeks: GridDay[][]): { from: string; to: string } {
  return { from: weeks[0][0].date, to: weeks[weeks.length - 1][6].date };
}

/** Weekday numbers (ISO) in column order for a week start. */
export function weekdayOrder(weekStart: 1 | 7): number[] {
  return Array.from({ length: 7 }, (_, i) => ((weekStart - 1 + i) % 7) + 1);
}

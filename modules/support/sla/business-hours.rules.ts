/**
 * Business-hours arithmetic for SLA clocks: pure functions over UTC instants and a calendar of
 * weekly working hours in an IANA time zone, minus holidays. Wall times are converted with
 * Intl offsets, so daylight-saving changes shorten or lengthen the affected day correctly.
 */

/** "HH:MM" start and end of one working period; "24:00" ends at midnight. */
export type Period = [string, string];

export interface Calendar {
  /** IANA zone, e.g. "Europe/Istanbul". */
  timeZone: string;
  /** Working periods per weekday, keys "0" (Sunday) to "6" (Saturday). */
  weekly: Partial<Record<string, Period[]>>;
  /** Local dates (YYYY-MM-DD) without working time. */
  holidays?: string[];
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
// Ten years of days without a single working minute means the calendar is empty.
const MAX_DAYS = 3660;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** True when Intl knows the zone. */
export function isTimeZone(tz: string): boolean {
  try {
    formatter(tz);
    return true;
  } catch {
    return false;
  }
}

/** The wall clock of an instant in a zone, as a UTC timestamp of the same digits. */
function wallClock(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(instant))) {
    if (p.type !== "literal") parts[p.type] = Number(p.value);
  }
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
}

/** The zone's offset from UTC at an instant, in milliseconds. */
export function offsetAt(instant: number, timeZone: string): number {
  return wallClock(Math.floor(instant / 1000) * 1000, timeZone) -
    Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a wall time (given as UTC digits) happens in a zone. A wall time skipped by a
 * spring-forward change maps to the instant just after the gap; a repeated one to its first.
 */
export function wallToInstant(wall: number, timeZone: string): number {
  // Offsets half a day either side cover any single transition near this wall time.
  const candidates = [
    wall - offsetAt(wall - DAY / 2, timeZone),
    wall - offsetAt(wall + DAY / 2, timeZone),
  ];
  const real = candidates.filter((c) => wallClock(c, timeZone) === wall);
  return real.length ? Math.min(...real) : Math.max(...candidates);
}

function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(":").map(Number);
  return h * 60 + m;
}

/** The local date (as midnight UTC digits) that an instant falls on in the zone. */
function localDay(instant: number, timeZone: string): number {
  return Math.floor(wallClock(instant, timeZone) / DAY) * DAY;
}

function isoDate(dayWall: number): string {
  return new Date(dayWall).toISOString().slice(0, 10);
}

/** Working intervals of one local day as UTC instants [start, end). */
function intervalsOf(dayWall: number, cal: Calendar): [number, number][] {
  if (cal.holidays?.includes(isoDate(dayWall))) return [];
  const weekday = new Date(dayWall).getUTCDay();
  return (cal.weekly[String(weekday)] ?? [])
    .map(([s, e]): [number, number] => [
      wallToInstant(dayWall + minutesOf(s) * MINUTE, cal.timeZone),
      wallToInstant(dayWall + minutesOf(e) * MINUTE, cal.timeZone),
    ])
    .filter(([s, e]) => e > s)
    .sort((a, b) => a[0] - b[0])
    // Overlapping periods count once.
    .reduce<[number, number][]>((out, [s, e]) => {
      const last = out[out.length - 1];
      if (last && s <= last[1]) last[1] = Math.max(last[1], e);
      else out.push([s, e]);
      return out;
    }, []);
}

/** Whether the calendar has any working time at all. */
export function hasWorkingTime(cal: Calendar): boolean {
  return Object.values(cal.weekly).some((ps) =>
    (ps ?? []).some(([s, e]) => minutesOf(e) > minutesOf(s))
  );
}

/** The instant `minutes` of working time after `start`. */
export function addBusinessMinutes(start: Date, minutes: number, cal: Calendar): Date {
  if (!hasWorkingTime(cal)) throw new Error("The calendar has no working hours.");
  let remaining = Math.max(0, minutes) * MINUTE;
  const from = start.getTime();
  let day = localDay(from, cal.timeZone) - DAY; // the previous day may run past midnight
  for (let i = 0; i < MAX_DAYS; i++, day += DAY) {
    for (const [s, e] of intervalsOf(day, cal)) {
      if (e <= from) continue;
      const begin = Math.max(s, from);
      if (remaining === 0) return new Date(begin);
      if (e - begin >= remaining) return new Date(begin + remaining);
      remaining -= e - begin;
    }
  }
  throw new Error("No working time within ten years.");
}

/** Minutes of working time between two instants (0 when `to` is not after `from`). */
export function businessMinutesBetween(from: Date, to: Date, cal: Calendar): number {
  const a = from.getTime();
  const b = to.getTime();
  if (b <= a) return 0;
  let total = 0;
  const last = localDay(b, cal.timeZone);
  for (let day = localDay(a, cal.timeZone) - DAY; day <= last; day += DAY) {
    for (const [s, e] of intervalsOf(day, cal)) {
      const lo = Math.max(s, a);
      const hi = Math.min(e, b);
      if (hi > lo) total += hi - lo;
    }
  }
  return total / MINUTE;
}

/** Cycles' pure rules: state, overlap, the burndown series and velocity. */

export type CycleState = "upcoming" | "active" | "completed";
export const CYCLE_STATES = ["upcoming", "active", "completed"] as const;

/** The longest cycle in days (the burndown has a point per day). */
export const MAX_CYCLE_DAYS = 366;

/** A day as YYYY-MM-DD plus `n` days. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Days from `a` to `b` (b − a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86400000);
}

/**
 * Completed once a manager completes it; before its start day upcoming; otherwise active (also
 * past its end day, until someone completes it and decides where unfinished tasks go).
 */
export function cycleState(
  c: { startDate: string; completedAt: string | null },
  today: string,
): CycleState {
  if (c.completedAt) return "completed";
  return today < c.startDate ? "upcoming" : "active";
}

/** The first other cycle whose days meet [start, end], or undefined. */
export function overlapping<T extends { id: string; startDate: string; endDate: string }>(
  others: T[],
  range: { id?: string; startDate: string; endDate: string },
): T | undefined {
  return others.find((o) =>
    o.id !== range.id && o.startDate <= range.endDate && range.startDate <= o.endDate
  );
}

/** One stay of a task in a cycle, with its dates as days in the project's time zone. */
export interface Stay {
  taskId: string;
  added: string;
  removed: string | null;
  /** Left when the cycle was completed (carried on): it counts until that day. */
  carried: boolean;
  doneOn: string | null;
  estimate: number | null;
}

export interface BurndownPoint {
  day: string;
  /** Null for days still to come. */
  openTasks: number | null;
  openHours: number | null;
  idealTasks: number;
  idealHours: number;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Per day of the cycle, what was still open at the end of that day: the tasks in the cycle then
 * (came in on or before it, not yet gone; carried tasks count through the completion day) that
 * were not done by then, and their estimate hours. Days after `lastDay` (today, or the day the
 * cycle was completed) have no actual figures. The ideal line runs from the scope of the first
 * day with tasks to zero on the last day of the cycle.
 */
export function burndown(
  cycle: { startDate: string; endDate: string },
  stays: Stay[],
  lastDay: string,
): BurndownPoint[] {
  const days: string[] = [];
  for (let d = cycle.startDate; d <= cycle.endDate; d = addDays(d, 1)) days.push(d);
  const inScope = (s: Stay, d: string) =>
    s.added <= d && (s.removed === null || s.removed > d || (s.carried && s.removed >= d));
  // A task counts once a day, whatever its stays (removed and added back the same day).
  const openOn = (d: string) => {
    const tasks = new Map<string, number>();
    for (const s of stays) {
      if (inScope(s, d) && !(s.doneOn && s.doneOn <= d)) tasks.set(s.taskId, s.estimate ?? 0);
    }
    return { tasks: tasks.size, hours: round2([...tasks.values()].reduce((a, b) => a + b, 0)) };
  };
  const scope = (d: string) => {
    const tasks = new Map<string, number>();
    for (const s of stays) if (inScope(s, d)) tasks.set(s.taskId, s.estimate ?? 0);
    return { tasks: tasks.size, hours: [...tasks.values()].reduce((a, b) => a + b, 0) };
  };
  // Tasks are often planned in after the first day: the line starts from the first day that
  // had any (the start day's scope when it had some).
  const first = days.filter((d) => d <= lastDay).map(scope).find((x) => x.tasks > 0) ??
    { tasks: 0, hours: 0 };
  const span = Math.max(1, days.length - 1);
  return days.map((day, i) => {
    const actual = day <= lastDay ? openOn(day) : null;
    return {
      day,
      openTasks: actual ? actual.tasks : null,
      openHours: actual ? actual.hours : null,
      idealTasks: round2(first.tasks * (1 - i / span)),
      idealHours: round2(first.hours * (1 - i / span)),
    };
  });
}

/** The average of completed figures over the cycles given (velocity), 0 for none. */
export function averageVelocity(items: { completedTasks: number; completedEstimate: number }[]) {
  if (!items.length) return { tasks: 0, hours: 0 };
  const sum = items.reduce(
    (a, c) => ({ tasks: a.tasks + c.completedTasks, hours: a.hours + c.completedEstimate }),
    { tasks: 0, hours: 0 },
  );
  return { tasks: round2(sum.tasks / items.length), hours: round2(sum.hours / items.length) };
}

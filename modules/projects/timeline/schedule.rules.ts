/**
 * Pure scheduling rules of the timeline, tested directly (tests/projects/schedule.rules.test.ts).
 *
 * Dates are whole days (`YYYY-MM-DD`); a task occupies its start day through its due day. A task
 * with only one of the two dates lasts that one day; a task with neither is unscheduled and no
 * rule applies to it. A dependency links a blocker to the task that waits for it:
 * - finish_to_start: the task starts after the blocker's due day (+ lag days);
 * - start_to_start: the task starts on or after the blocker's start (+ lag);
 * - finish_to_finish: the task is due on or after the blocker's due day (+ lag);
 * - start_to_finish: the task is due on or after the day before the blocker starts (+ lag).
 */

export const DEPENDENCY_KINDS = [
  "finish_to_start",
  "start_to_start",
  "finish_to_finish",
  "start_to_finish",
] as const;
export type DependencyKind = (typeof DEPENDENCY_KINDS)[number];

export interface Dated {
  id: string;
  title: string;
  startDate: string | null;
  dueDate: string | null;
}

export interface Link {
  blockerId: string;
  blockedId: string;
  kind: DependencyKind;
  lagDays: number;
}

const DAY = 86_400_000;
/** Days since 1970-01-01 of an ISO date. */
export const dayNumber = (iso: string) => Math.round(Date.parse(`${iso}T00:00:00Z`) / DAY);
/** The ISO date of a day number. */
export const isoDay = (n: number) => new Date(n * DAY).toISOString().slice(0, 10);

/** First and last day of a task, or null when it has no date at all. */
export function span(
  t: Pick<Dated, "startDate" | "dueDate">,
): { start: number; end: number } | null {
  const s = t.startDate ?? t.dueDate;
  const e = t.dueDate ?? t.startDate;
  if (!s || !e) return null;
  return { start: dayNumber(s), end: dayNumber(e) };
}

export interface Violation {
  /** The dependency broken. */
  link: Link;
  /** The field of the waiting task that is too early. */
  field: "startDate" | "dueDate";
  /** The earliest allowed value of that field. */
  earliest: string;
}

/**
 * Whether the waiting task's dates respect one dependency; null when they do (or when either
 * task is unscheduled), else what is broken.
 */
export function checkLink(link: Link, blocker: Dated, blocked: Dated): Violation | null {
  const b = span(blocker);
  const w = span(blocked);
  if (!b || !w) return null;
  const lag = link.lagDays;
  let field: Violation["field"];
  let min: number;
  let value: number;
  switch (link.kind) {
    case "start_to_start":
      [field, min, value] = ["startDate", b.start + lag, w.start];
      break;
    case "finish_to_finish":
      [field, min, value] = ["dueDate", b.end + lag, w.end];
      break;
    case "start_to_finish":
      [field, min, value] = ["dueDate", b.start - 1 + lag, w.end];
      break;
    default:
      [field, min, value] = ["startDate", b.end + 1 + lag, w.start];
  }
  return value < min ? { link, field, earliest: isoDay(min) } : null;
}

/**
 * The first dependency that `task` (with its new dates) breaks, either as the waiting task or
 * as a blocker of others. `tasks` holds the other tasks' current dates by id.
 */
export function firstViolation(
  task: Dated,
  links: Link[],
  tasks: Map<string, Dated>,
): Violation | null {
  for (const link of links) {
    if (link.blockedId === task.id) {
      const blocker = tasks.get(link.blockerId);
      const v = blocker && checkLink(link, blocker, task);
      if (v) return v;
    } else if (link.blockerId === task.id) {
      const blocked = tasks.get(link.blockedId);
      const v = blocked && checkLink(link, task, blocked);
      if (v) return v;
    }
  }
  return null;
}

/** A date outside the project's start/due dates, naming the task field; null when inside. */
export function outsideProject(
  task: Pick<Dated, "startDate" | "dueDate">,
  project: { startDate: string | null; dueDate: string | null },
): { field: "startDate" | "dueDate"; bound: string } | null {
  for (const field of ["startDate", "dueDate"] as const) {
    const v = task[field];
    if (!v) continue;
    if (project.startDate && v < project.startDate) return { field, bound: project.startDate };
    if (project.dueDate && v > project.dueDate) return { field, bound: project.dueDate };
  }
  return null;
}

export interface CpmTask {
  id: string;
  /** Whole days, at least 1. */
  duration: number;
}

export interface CpmResult {
  earliestStart: Map<string, number>;
  latestStart: Map<string, number>;
  /** Slack in days: how far a task may slip without delaying the end. */
  float: Map<string, number>;
  /** Tasks with zero float, in earliest-start order. */
  critical: string[];
  /** Length of the whole plan in days. */
  length: number;
}

/**
 * Critical path method: earliest and latest starts through the dependencies (with their kinds
 * and lags) from day 0, the longest chain by duration. Tasks caught in a dependency cycle are
 * left out of the chain (never critical).
 */
export function criticalPath(tasks: CpmTask[], links: Link[]): CpmResult {
  // Integer indices and flat arrays: a project of thousands of tasks stays a few milliseconds.
  const n = tasks.length;
  const index = new Map<string, number>();
  const dur = new Int32Array(n);
  tasks.forEach((t, i) => {
    index.set(t.id, i);
    dur[i] = Math.max(1, Math.round(t.duration));
  });
  const from: number[] = [];
  const to: number[] = [];
  const kinds: DependencyKind[] = [];
  const lags: number[] = [];
  for (const l of links) {
    const a = index.get(l.blockerId);
    const b = index.get(l.blockedId);
    if (a === undefined || b === undefined) continue;
    from.push(a);
    to.push(b);
    kinds.push(l.kind);
    lags.push(l.lagDays);
  }
  const m = from.length;
  // Links by blocker (outgoing) and by waiting task (incoming), as offsets into one array each.
  const outStart = new Int32Array(n + 1);
  const inStart = new Int32Array(n + 1);
  for (let e = 0; e < m; e++) {
    outStart[from[e] + 1]++;
    inStart[to[e] + 1]++;
  }
  for (let i = 0; i < n; i++) {
    outStart[i + 1] += outStart[i];
    inStart[i + 1] += inStart[i];
  }
  const outList = new Int32Array(m);
  const inList = new Int32Array(m);
  const outFill = outStart.slice(0, n);
  const inFill = inStart.slice(0, n);
  for (let e = 0; e < m; e++) {
    outList[outFill[from[e]]++] = e;
    inList[inFill[to[e]]++] = e;
  }
  // Kahn's order; what never reaches indegree 0 sits on a cycle.
  const indegree = new Int32Array(n);
  for (let i = 0; i < n; i++) indegree[i] = inStart[i + 1] - inStart[i];
  const order = new Int32Array(n);
  let head = 0;
  let tail = 0;
  for (let i = 0; i < n; i++) if (indegree[i] === 0) order[tail++] = i;
  while (head < tail) {
    const i = order[head++];
    for (let k = outStart[i]; k < outStart[i + 1]; k++) {
      const w = to[outList[k]];
      if (--indegree[w] === 0) order[tail++] = w;
    }
  }
  const placed = new Uint8Array(n);
  for (let k = 0; k < tail; k++) placed[order[k]] = 1;
  const es = new Float64Array(n);
  for (let k = 0; k < tail; k++) {
    const i = order[k];
    let start = 0;
    for (let q = inStart[i]; q < inStart[i + 1]; q++) {
      const e = inList[q];
      const p = from[e];
      if (!placed[p]) continue;
      start = Math.max(start, earliestFor(kinds[e], es[p], dur[p], dur[i]) + lags[e]);
    }
    es[i] = start;
  }
  let length = 0;
  for (let k = 0; k < tail; k++) length = Math.max(length, es[order[k]] + dur[order[k]]);
  const lf = new Float64Array(n);
  for (let k = tail - 1; k >= 0; k--) {
    const i = order[k];
    let finish = length;
    for (let q = outStart[i]; q < outStart[i + 1]; q++) {
      const e = outList[q];
      const s = to[e];
      if (!placed[s]) continue;
      finish = Math.min(finish, latestFinishFor(kinds[e], lf[s] - dur[s], lf[s], dur[i]) - lags[e]);
    }
    lf[i] = finish;
  }
  const earliestStart = new Map<string, number>();
  const latestStart = new Map<string, number>();
  const float = new Map<string, number>();
  const critical: number[] = [];
  for (let k = 0; k < tail; k++) {
    const i = order[k];
    const id = tasks[i].id;
    const ls = lf[i] - dur[i];
    earliestStart.set(id, es[i]);
    latestStart.set(id, ls);
    float.set(id, ls - es[i]);
    if (ls === es[i]) critical.push(i);
  }
  critical.sort((a, b) => es[a] - es[b] || a - b);
  return {
    earliestStart,
    latestStart,
    float,
    critical: critical.map((i) => tasks[i].id),
    length,
  };
}

/** Earliest start of a successor (before the lag) given its predecessor's start and duration. */
function earliestFor(kind: DependencyKind, ps: number, pd: number, d: number) {
  switch (kind) {
    case "start_to_start":
      return ps;
    case "finish_to_finish":
      return ps + pd - d;
    case "start_to_finish":
      return ps - d;
    default:
      return ps + pd;
  }
}

/** Latest finish of a predecessor (before the lag) given its successor's latest start/finish. */
function latestFinishFor(kind: DependencyKind, ss: number, sf: number, d: number) {
  switch (kind) {
    case "start_to_start":
      return ss + d;
    case "finish_to_finish":
      return sf;
    case "start_to_finish":
      return sf + d;
    default:
      return ss;
  }
}

/** Duration in days of a task for the critical path: its dates, else one day. */
export function durationOf(t: Pick<Dated, "startDate" | "dueDate">): number {
  const s = span(t);
  return s ? Math.max(1, s.end - s.start + 1) : 1;
}

export interface Counts {
  total: number;
  done: number;
  estimateHours: number;
  doneHours: number;
}

/** Task counts of a set of tasks: all and done, by number and by estimated hours. */
export function countsOf(tasks: { done: boolean; estimate: number | null }[]): Counts {
  return {
    total: tasks.length,
    done: tasks.filter((t) => t.done).length,
    estimateHours: tasks.reduce((s, t) => s + (t.estimate ?? 0), 0),
    doneHours: tasks.reduce((s, t) => s + (t.done ? t.estimate ?? 0 : 0), 0),
  };
}

/** Progress from counts: done/total by number and by estimate, each a whole 0..100. */
export function progressOf(c: Counts) {
  return {
    ...c,
    percent: c.total ? Math.round((c.done / c.total) * 100) : 0,
    percentByEstimate: c.estimateHours ? Math.round((c.doneHours / c.estimateHours) * 100) : 0,
  };
}

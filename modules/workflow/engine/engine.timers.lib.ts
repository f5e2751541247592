/**
 * Timer arithmetic: ISO 8601 dates, durations (P2D, PT30M) and repeats (R3/PT10M, R/P1D,
 * R2/2026-01-01T09:00:00Z/P1D), and cron (croner). The clock is injectable so tests can move
 * time forward without waiting.
 */
import { Cron } from "croner";
import type { TimerDef } from "../common/model.lib.ts";
import { attribute, FeelError } from "./engine.feel.lib.ts";

let nowFn = () => new Date();
/** The engine's clock: every due date and "is it due" question asks it. */
export const clock = {
  now: (): Date => nowFn(),
  /** Tests: pin or move time. */
  set(fn: () => Date) {
    nowFn = fn;
  },
  reset() {
    nowFn = () => new Date();
  },
};

const DURATION =
  /^(-)?P(?:(\d+(?:\.\d+)?)Y)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)W)?(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

export function isDuration(text: string): boolean {
  const t = text.trim();
  return DURATION.test(t) && t !== "P" && !t.endsWith("T");
}

/** `from` plus an ISO 8601 duration (calendar months and years, the rest exact). */
export function addDuration(from: Date, iso: string): Date {
  const m = DURATION.exec(iso.trim());
  if (!m || !isDuration(iso)) throw new FeelError(`not an ISO 8601 duration: ${iso}`);
  const sign = m[1] ? -1 : 1;
  const [y, mo, w, d, h, mi, s] = m.slice(2).map((x) => Number(x ?? 0) * sign);
  const out = new Date(from.getTime());
  if (y || mo) out.setUTCMonth(out.getUTCMonth() + y * 12 + mo);
  out.setTime(out.getTime() + (((w * 7 + d) * 24 + h) * 60 + mi) * 60_000 + s * 1000);
  return out;
}

function parseDate(text: string): Date {
  const d = new Date(text.trim());
  if (Number.isNaN(d.getTime())) throw new FeelError(`not an ISO 8601 date: ${text}`);
  return d;
}

export interface Due {
  dueAt: Date;
  /** What is left of a repeating timer after this firing (null: it fires once). */
  cycle: string | null;
}

/** The next firing of a cycle (`R3/PT10M`, `R/P1D`, `R2/<start>/PT1H`, or cron) after `from`. */
export function nextCycle(cycle: string, from: Date): Due | null {
  const c = cycle.trim();
  const rep = /^R(\d*)\/(.+)$/.exec(c);
  if (!rep) {
    let next: Date | null;
    try {
      next = new Cron(c, { paused: true }).nextRun(from);
    } catch (err) {
      throw new FeelError(
        `not a timer cycle (ISO repeat or cron): ${c}: ${(err as Error).message}`,
      );
    }
    return next ? { dueAt: next, cycle: c } : null;
  }
  const count = rep[1] === "" ? Infinity : Number(rep[1]);
  if (count <= 0) return null;
  const parts = rep[2].split("/");
  let start = from;
  let duration = parts[0];
  if (parts.length === 2) {
    if (isDuration(parts[0])) duration = parts[0];
    else {
      start = parseDate(parts[0]);
      duration = parts[1];
    }
  }
  let dueAt = parts.length === 2 && !isDuration(parts[0]) ? start : addDuration(start, duration);
  // A start in the past: the first firing still ahead of `from`.
  while (dueAt.getTime() < from.getTime() && parts.length === 2) {
    dueAt = addDuration(dueAt, duration);
  }
  const left = count === Infinity ? "" : String(count - 1);
  return { dueAt, cycle: count - 1 > 0 ? `R${left}/${duration}` : null };
}

/** When a timer fires first, its expression evaluated against the variables. */
export function timerDue(timer: TimerDef, vars: Record<string, unknown>, now = clock.now()): Due {
  const raw = attribute(timer.expression, vars);
  const text = raw instanceof Date ? raw.toISOString() : String(raw ?? "");
  if (timer.kind === "date") return { dueAt: parseDate(text), cycle: null };
  if (timer.kind === "duration") return { dueAt: addDuration(now, text), cycle: null };
  const first = nextCycle(text, now);
  if (!first) throw new FeelError(`the timer cycle ${text} never fires`);
  return first;
}

/** A due date attribute of a user task: an ISO date, a duration from now, or an expression. */
export function dueDateOf(text: string | undefined, vars: Record<string, unknown>): string | null {
  if (!text || !text.trim()) return null;
  const raw = attribute(text, vars);
  if (raw === null || raw === undefined || raw === "") return null;
  const s = String(raw).trim();
  return (isDuration(s) ? addDuration(clock.now(), s) : parseDate(s)).toISOString();
}

/**
 * The rules of a job's trigger and schedule, as pure functions (tested directly): which fields
 * a trigger kind needs, whether a schedule respects the tenant's minimum interval, and when the
 * job fires next.
 */
import { nextRuns, parseCron } from "../common/common.lib.ts";
import { type FieldError, Problem, problems } from "../../../shared/http/problem.ts";
import type { TriggerKind } from "../common/common.schemas.ts";

/** The trigger part of a job, as stored. */
export interface TriggerFields {
  triggerKind: TriggerKind;
  cron: string | null;
  timezone: string | null;
  runAt: string | null;
  intervalSeconds: number | null;
  event: string | null;
}

export interface TriggerContext {
  /** The tenant's minimum gap between two runs of a job (settings). */
  minIntervalSeconds: number;
  /** Every domain event the installed modules declare. */
  events: string[];
  now: Date;
}

/** Occurrences looked at when measuring how often a cron expression fires. */
const GAP_SAMPLE = 10;
/** A job's input is stored with it and copied into every run: kept small. */
export const MAX_INPUT_BYTES = 64 * 1024;

/** Whether a time zone name is one the runtime knows (IANA, e.g. Europe/Istanbul). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The smallest gap in seconds between the next `sample` occurrences (Infinity for < 2). */
export function smallestGapSeconds(
  cron: string,
  timezone: string | null,
  from: Date,
  sample = GAP_SAMPLE,
): number {
  const runs = nextRuns(cron, timezone ?? undefined, sample, from);
  let gap = Infinity;
  for (let i = 1; i < runs.length; i++) {
    gap = Math.min(gap, (runs[i].getTime() - runs[i - 1].getTime()) / 1000);
  }
  return gap;
}

/**
 * Only the fields of the chosen kind are kept (a cron job has no event); the others are null,
 * so a job never carries a stale schedule from a kind it no longer has.
 */
export function normalizeTrigger(t: TriggerFields): TriggerFields {
  const k = t.triggerKind;
  return {
    triggerKind: k,
    cron: k === "cron" ? (t.cron?.trim() || null) : null,
    timezone: k === "cron" ? (t.timezone?.trim() || null) : null,
    runAt: k === "once" ? t.runAt : null,
    intervalSeconds: k === "interval" ? t.intervalSeconds : null,
    event: k === "event" ? (t.event?.trim() || null) : null,
  };
}

/** Automation's own run events: a job on them must not be fed by its own runs (a loop). */
export const isRunEvent = (event: string) => event.startsWith("automation.run.");

/**
 * Checks a (normalized) trigger. Missing or malformed fields are a 400 listing every field;
 * a schedule that breaks the tenant's rules (too frequent, in the past) is a 422.
 */
export function checkTrigger(t: TriggerFields, ctx: TriggerContext, enabled = true): void {
  const errors: FieldError[] = [];
  const need = (field: keyof TriggerFields, ok: boolean, message: string) => {
    if (!ok) errors.push({ path: field, message });
  };
  switch (t.triggerKind) {
    case "cron":
      need("cron", !!t.cron, "A schedule needs a cron expression.");
      if (t.timezone && !isTimeZone(t.timezone)) {
        errors.push({ path: "timezone", message: `Unknown time zone "${t.timezone}".` });
      }
      if (t.cron) {
        try {
          parseCron(t.cron, t.timezone && isTimeZone(t.timezone) ? t.timezone : undefined);
        } catch (err) {
          errors.push(...(err instanceof Problem ? err.errors ?? [] : []));
        }
      }
      break;
    case "once":
      need("runAt", !!t.runAt && !Number.isNaN(Date.parse(t.runAt)), "A time is required.");
      break;
    case "interval":
      need("intervalSeconds", !!t.intervalSeconds, "An interval in seconds is required.");
      break;
    case "event":
      need("event", !!t.event, "An event is required.");
      if (t.event && !ctx.events.includes(t.event)) {
        errors.push({ path: "event", message: `Unknown event "${t.event}".` });
      }
      break;
  }
  if (errors.length) throw problems.validation(errors, "The trigger is not valid.");

  const min = ctx.minIntervalSeconds;
  if (t.triggerKind === "interval" && t.intervalSeconds! < min) {
    throw problems.unprocessable(
      `The interval must be at least ${min} seconds (the workspace's minimum interval).`,
    );
  }
  if (t.triggerKind === "cron" && min > 0) {
    const gap = smallestGapSeconds(t.cron!, t.timezone, ctx.now);
    if (gap < min) {
      throw problems.unprocessable(
        `This schedule fires every ${gap} seconds; the workspace allows at most one run every ${min} seconds.`,
      );
    }
  }
  if (t.triggerKind === "once" && enabled && Date.parse(t.runAt!) <= ctx.now.getTime()) {
    throw problems.unprocessable("The time of a one-off job must be in the future.");
  }
}

/** Checks a job's input: a JSON object of bounded size. */
export function checkInput(input: unknown): void {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    throw problems.validation([{ path: "input", message: "The input must be a JSON object." }]);
  }
  if (new TextEncoder().encode(JSON.stringify(input)).length > MAX_INPUT_BYTES) {
    throw problems.validation([{
      path: "input",
      message: `The input must be at most ${MAX_INPUT_BYTES / 1024} KB.`,
    }]);
  }
}

/**
 * When a job fires next: the next cron occurrence after `now`, a one-off's time, now plus
 * the interval; nothing for manual, event and webhook jobs or when disabled.
 */
export function computeNextRunAt(
  t: TriggerFields & { enabled: boolean },
  now: Date,
): Date | null {
  if (!t.enabled) return null;
  switch (t.triggerKind) {
    case "cron":
      return nextRuns(t.cron!, t.timezone ?? undefined, 1, now)[0] ?? null;
    case "once":
      return t.runAt && Date.parse(t.runAt) > now.getTime() ? new Date(t.runAt) : null;
    case "interval":
      return new Date(now.getTime() + t.intervalSeconds! * 1000);
    default:
      return null;
  }
}

/** Whether an edit touches the schedule (then next_run_at is computed again). */
export function scheduleChanged(a: TriggerFields, b: TriggerFields): boolean {
  return a.triggerKind !== b.triggerKind || a.cron !== b.cron || a.timezone !== b.timezone ||
    (a.runAt === null ? null : Date.parse(a.runAt)) !==
      (b.runAt === null ? null : Date.parse(b.runAt)) ||
    a.intervalSeconds !== b.intervalSeconds;
}

/** Seconds until another run of a job is allowed, given its last run (0 = now). */
export function secondsUntilAllowed(
  lastQueuedAt: string | null,
  minIntervalSeconds: number,
  now: Date,
): number {
  if (!lastQueuedAt || minIntervalSeconds <= 0) return 0;
  const wait = Date.parse(lastQueuedAt) + minIntervalSeconds * 1000 - now.getTime();
  return wait > 0 ? Math.ceil(wait / 1000) : 0;
}

/** Constant-time comparison of two hex digests (no early exit on the first difference). */
export function sameDigest(a: string, b: string): boolean {
  const len = Math.max(a.length, b.length);
  let diff = a.length ^ b.length;
  for (let i = 0; i < len; i++) diff |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  return diff === 0;
}

/** Every domain event the installed modules declare (what an event job may wait for). */
export function eventNames(modules: readonly { events?: Record<string, unknown> }[]): string[] {
  return modules.flatMap((m) => Object.keys(m.events ?? {})).sort();
}

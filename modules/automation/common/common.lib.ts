/**
 * Pure helpers several features share: reading raw form fields, and cron expressions
 * (the same behaviour as shared/http/pages.ts and shared/jobs/scheduler.ts, without importing
 * HTTP or jobs code into pure files).
 */
import { Cron } from "croner";
import { problems } from "../../../shared/http/problem.ts";

export type { Form } from "../../../shared/http/pages.ts";

/** One value of a raw form field, trimmed ("" when absent). */
export const one = (v: string | string[] | File | undefined): string =>
  typeof v === "string" ? v.trim() : Array.isArray(v) ? String(v[0] ?? "").trim() : "";
/** Every non-empty value of a raw form field. */
export const many = (v: string | string[] | undefined): string[] =>
  (Array.isArray(v) ? v : v ? [v] : []).map((x) => String(x).trim()).filter(Boolean);

/** Parses a cron expression (5 or 6 fields) in a time zone; a bad one is a 400 with the reason. */
export function parseCron(expression: string, timezone?: string): Cron {
  try {
    // croner accepts an unknown zone silently; Intl does not.
    if (timezone) new Intl.DateTimeFormat("en", { timeZone: timezone });
    return new Cron(expression, { timezone, paused: true });
  } catch (err) {
    throw problems.validation(
      [{ path: "cron", message: (err as Error).message }],
      "Invalid schedule.",
    );
  }
}

/** The next `n` occurrences of a cron expression. */
export function nextRuns(expression: string, timezone: string | undefined, n: number, from?: Date) {
  return parseCron(expression, timezone).nextRuns(n, from);
}

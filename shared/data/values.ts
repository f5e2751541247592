/**
 * Values people type into query filters and parameters, coerced to a column's type (Analytics
 * queries and Workflow data queries share these rules), and the 422 problem a refused query
 * becomes, each fault with its place.
 */
import { type FieldError, Problem } from "../http/problem.ts";

export type ValueType = "text" | "number" | "boolean" | "date" | "datetime";

/** A refused query or definition: 422 naming the place of each fault. */
export function unprocessable(errors: FieldError[]): Problem {
  return new Problem(
    422,
    "business-rule",
    "Unprocessable Content",
    errors.map((e) => e.message).join(" "),
    errors,
  );
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** YYYY-MM-DD naming a day that exists (no 2026-02-30). */
export function validDate(s: string): boolean {
  if (!DATE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/**
 * One value as a column's type: numbers from numeric text (a decimal comma too), booleans from
 * true/false, dates as YYYY-MM-DD, date-times as ISO text in UTC (a bare date is its midnight
 * UTC), text up to 1,000 characters (any other type — a person, a coded value — is text).
 * Otherwise the reason it does not fit.
 */
export function coerce(
  type: ValueType | (string & Record<never, never>),
  v: unknown,
): { value: unknown } | { error: string } {
  switch (type) {
    case "number": {
      const n = typeof v === "number"
        ? v
        : typeof v === "string" && v.trim() !== ""
        ? Number(v.trim().replace(",", "."))
        : NaN;
      return Number.isFinite(n) ? { value: n } : { error: "must be a number" };
    }
    case "boolean":
      if (typeof v === "boolean") return { value: v };
      if (v === "true" || v === "false") return { value: v === "true" };
      return { error: "must be true or false" };
    case "date":
      if (typeof v === "string" && validDate(v.trim())) return { value: v.trim() };
      return { error: "must be a date (YYYY-MM-DD)" };
    case "datetime": {
      if (typeof v !== "string") return { error: "must be a date and time" };
      const s = v.trim();
      if (validDate(s)) return { value: `${s}T00:00:00.000Z` };
      const ms = /^\d{4}-\d{2}-\d{2}T/.test(s) ? Date.parse(s) : NaN;
      return Number.isNaN(ms)
        ? { error: "must be a date and time" }
        : { value: new Date(ms).toISOString() };
    }
    default:
      if (typeof v === "string") return v.length > 1000 ? { error: "is too long" } : { value: v };
      if (typeof v === "number" || typeof v === "boolean") return { value: String(v) };
      return { error: "must be text" };
  }
}

/** `%`, `_` and `\` taken literally inside a LIKE pattern. */
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

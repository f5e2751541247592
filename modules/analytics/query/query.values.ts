/**
 * Pure value rules of analytics queries: limits, coercing a filter value to its field's type,
 * and the 422 problem every refused query becomes (each fault with its place).
 */
import { type FieldError, Problem } from "../../../shared/http/problem.ts";
import type { ResultColumn } from "./query.types.ts";

export const ROW_CAP = 10_000;
export const DEFAULT_LIMIT = 1_000;
/** Milliseconds one dataset or table query may run before PostgreSQL cancels it. */
export const STATEMENT_TIMEOUT_MS = 10_000;
/** Result names people or widgets choose (aggregate and field aliases). */
export const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;
/** Field names of tenant tables (as analytics_tables.columns stores them). */
export const COLUMN_NAME = /^[a-z][a-z0-9_]{0,62}$/;

export type FieldType = ResultColumn["type"];

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

function validDate(s: string): boolean {
  if (!DATE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** A filter value as its field's type, or why it does not fit. */
export function coerce(type: FieldType, v: unknown): { value: unknown } | { error: string } {
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

/**
 * Pure rules of data queries: parameter declarations, value coercion by field type, and the
 * 422 problem every refusal becomes (unknown field, op or parameter; a value that does not fit).
 */
import type { FieldError } from "../../../shared/http/problem.ts";
import { coerce, unprocessable } from "../../../shared/data/values.ts";
import type { FieldType } from "./queries.types.lib.ts";

export { coerce, likeEscape, unprocessable } from "../../../shared/data/values.ts";

export const AGGREGATES = ["count", "sum", "avg", "min", "max"] as const;

export const FILTER_OPS = [
  "eq",
  "ne",
  "lt",
  "lte",
  "gt",
  "gte",
  "contains",
  "startsWith",
  "in",
  "isEmpty",
  "isNotEmpty",
] as const;

export function opsFor(type: FieldType): string[] {
  const empty = ["isEmpty", "isNotEmpty"];
  switch (type) {
    case "number":
      return ["eq", "ne", "lt", "lte", "gt", "gte", "in", ...empty];
    case "date":
    case "datetime":
      return ["eq", "ne", "lt", "lte", "gt", "gte", ...empty];
    case "boolean":
      return ["eq", "ne", ...empty];
    case "user":
      return ["eq", "ne", "in", ...empty];
    default:
      return ["eq", "ne", "contains", "startsWith", "in", ...empty];
  }
}

export const ROW_CAP = 1000;
export const DEFAULT_LIMIT = 100;
/** Milliseconds one query may run before PostgreSQL cancels it. */
export const STATEMENT_TIMEOUT_MS = 5000;
export const NAME = /^[A-Za-z][A-Za-z0-9_]{0,62}$/;
export const QUERY_KEY = /^[a-z][a-z0-9_]{0,62}$/;

export type ParamType = "text" | "number" | "boolean" | "date";
export interface ParamDef {
  name: string;
  label: string;
  type: ParamType;
  required: boolean;
  default?: unknown;
}

/** `{name}` as a whole filter value names a parameter too (as the builder writes it). */
export function paramRef(f: { value?: unknown; param?: string }): string | null {
  if (f.param) return f.param;
  if (typeof f.value === "string") {
    const m = /^\{([A-Za-z][A-Za-z0-9_]{0,62})\}$/.exec(f.value.trim());
    if (m) return m[1];
  }
  return null;
}

/**
 * The parameter values a run uses: given ones coerced to their declared type, else the default.
 * Absent optional parameters stay absent (their filters are left out); a missing required one
 * or a value that does not fit is refused. Undeclared given names are ignored.
 */
export function resolveParams(
  defs: ParamDef[],
  given: Record<string, unknown>,
): Map<string, unknown> {
  const out = new Map<string, unknown>();
  const errors: FieldError[] = [];
  for (const p of defs) {
    const raw = given[p.name];
    const v = raw === undefined || raw === null || raw === "" ? p.default : raw;
    if (v === undefined || v === null || v === "") {
      if (p.required) {
        errors.push({ path: `params.${p.name}`, message: `Parameter ${p.name} is required.` });
      }
      continue;
    }
    const c = coerce(p.type, v);
    if ("error" in c) {
      errors.push({ path: `params.${p.name}`, message: `Parameter ${p.name} ${c.error}.` });
    } else out.set(p.name, c.value);
  }
  if (errors.length) throw unprocessable(errors);
  return out;
}

/** Checks parameter declarations (names, unique, defaults that fit their type). */
export function checkParamDefs(defs: ParamDef[]): FieldError[] {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  defs.forEach((p, i) => {
    if (!NAME.test(p.name)) {
      errors.push({ path: `params.${i}.name`, message: "A parameter name is letters, digits, _." });
    } else if (seen.has(p.name)) {
      errors.push({ path: `params.${i}.name`, message: `Parameter ${p.name} is declared twice.` });
    }
    seen.add(p.name);
    if (p.default !== undefined && p.default !== null && p.default !== "") {
      const c = coerce(p.type, p.default);
      if ("error" in c) {
        errors.push({ path: `params.${i}.default`, message: `The default ${c.error}.` });
      }
    }
  });
  return errors;
}

/** `createdAt:week` → the field and its bucket. */
export function splitBucket(group: string): { field: string; bucket?: "day" | "week" | "month" } {
  const [field, bucket] = group.split(":");
  if (bucket === "day" || bucket === "week" || bucket === "month") return { field, bucket };
  return { field: bucket === undefined ? field : group };
}

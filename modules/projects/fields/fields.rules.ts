/**
 * Custom fields: the pure decisions. A value sent for a task is checked against its field's type
 * and turned into the column it is stored in; a list filter (`cf=<fieldId>:<op>:<value>`) is
 * parsed and checked against the field's type; a sort cursor's key is checked before it reaches
 * SQL.
 */
import type { FieldError } from "../../../shared/http/problem.ts";

export const FIELD_TYPES = [
  "text",
  "number",
  "date",
  "select",
  "multi_select",
  "person",
  "url",
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const OPTION_COLORS = [
  "gray",
  "blue",
  "green",
  "amber",
  "red",
  "purple",
  "teal",
] as const;
export type OptionColor = (typeof OPTION_COLORS)[number];

/** Limits (docs/limits.md). */
export const MAX_FIELDS_PER_PROJECT = 50;
export const MAX_OPTIONS_PER_FIELD = 100;
export const MAX_TEXT_LENGTH = 2000;
export const MAX_URL_LENGTH = 2000;
export const MAX_CHOSEN_OPTIONS = 50;
/** Number values stay within ±10^15 (exact in a JavaScript number). */
export const NUMBER_LIMIT = 1e15;

export const hasOptions = (type: FieldType) => type === "select" || type === "multi_select";

export interface FieldOption {
  id: string;
  label: string;
  color: OptionColor;
  position: number;
}

export interface FieldDef {
  id: string;
  projectId: string;
  name: string;
  type: FieldType;
  required: boolean;
  description: string;
  position: number;
  min: number | null;
  max: number | null;
  options: FieldOption[];
}

/** What one value is stored as: exactly one column. */
export type Stored =
  | { text: string }
  | { number: number }
  | { date: string }
  | { user: string }
  | { options: string[] };

/** A value as the API shows it. */
export type ApiValue = string | number | string[];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d\d-\d\d$/;

export const isUuid = (v: unknown): v is string => typeof v === "string" && UUID.test(v);

/** A real calendar day as YYYY-MM-DD. */
export function isDay(v: unknown): v is string {
  if (typeof v !== "string" || !DAY.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/** An absolute http(s) address. */
export function isWebUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return (u.protocol === "http:" || u.protocol === "https:") && !!u.hostname;
  } catch {
    return false;
  }
}

export type Parsed = { ok: true; value: Stored | null } | { ok: false; reason: string };

const fail = (reason: string): Parsed => ({ ok: false, reason });

/**
 * Checks one value against its field: null (or an empty string / empty list) clears it;
 * `members` are the project's members (person fields). The reason names no field: the caller
 * puts the field's name in front.
 */
export function parseValue(def: FieldDef, raw: unknown, members: ReadonlySet<string>): Parsed {
  if (raw === null || raw === undefined) return { ok: true, value: null };
  if (typeof raw === "string" && raw.trim() === "" && def.type !== "multi_select") {
    return { ok: true, value: null };
  }
  switch (def.type) {
    case "text": {
      if (typeof raw !== "string") return fail("must be text");
      const text = raw.trim();
      if (text.length > MAX_TEXT_LENGTH) {
        return fail(`must be at most ${MAX_TEXT_LENGTH} characters`);
      }
      return { ok: true, value: { text } };
    }
    case "url": {
      if (typeof raw !== "string") return fail("must be a web address");
      const text = raw.trim();
      if (text.length > MAX_URL_LENGTH) {
        return fail(`must be at most ${MAX_URL_LENGTH} characters`);
      }
      if (!isWebUrl(text)) return fail("must be a web address starting with http:// or https://");
      return { ok: true, value: { text } };
    }
    case "number": {
      const n = typeof raw === "number"
        ? raw
        : typeof raw === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(raw)
        ? Number(raw)
        : NaN;
      if (!Number.isFinite(n)) return fail("must be a number");
      if (Math.abs(n) > NUMBER_LIMIT) return fail(`must be between -${1e15} and ${1e15}`);
      if (def.min !== null && n < def.min) return fail(`must be at least ${def.min}`);
      if (def.max !== null && n > def.max) return fail(`must be at most ${def.max}`);
      return { ok: true, value: { number: n } };
    }
    case "date":
      if (!isDay(raw)) return fail("must be a date (YYYY-MM-DD)");
      return { ok: true, value: { date: raw } };
    case "person":
      if (!isUuid(raw)) return fail("must be a person's id");
      if (!members.has(raw.toLowerCase())) return fail("must be a member of the project");
      return { ok: true, value: { user: raw.toLowerCase() } };
    case "select": {
      if (typeof raw !== "string") return fail("must be one of the field's options");
      const option = def.options.find((o) => o.id === raw.toLowerCase());
      if (!option) return fail("must be one of the field's options");
      return { ok: true, value: { options: [option.id] } };
    }
    case "multi_select": {
      const list = typeof raw === "string" ? [raw] : raw;
      if (!Array.isArray(list) || list.some((x) => typeof x !== "string")) {
        return fail("must be a list of the field's options");
      }
      const ids = [...new Set(list.map((x) => (x as string).toLowerCase()))];
      if (ids.length > MAX_CHOSEN_OPTIONS) {
        return fail(`may have at most ${MAX_CHOSEN_OPTIONS} options`);
      }
      const known = new Set(def.options.map((o) => o.id));
      if (ids.some((id) => !known.has(id))) return fail("must be a list of the field's options");
      if (!ids.length) return { ok: true, value: null };
      // Kept in the field's option order.
      const order = new Map(def.options.map((o, i) => [o.id, i]));
      ids.sort((a, b) => order.get(a)! - order.get(b)!);
      return { ok: true, value: { options: ids } };
    }
  }
}

export interface FieldWrite {
  fieldId: string;
  value: Stored | null;
}

/**
 * Checks a task's `customFields` against the project's fields. `creating`: required fields must
 * have a value; on an update a required field may not be cleared (`existing` says which have
 * one). Returns the writes, or the errors (each naming the field by its name).
 */
export function checkCustomFields(
  defs: FieldDef[],
  input: Record<string, unknown> | undefined,
  opts: { creating: boolean; members: ReadonlySet<string>; existing?: ReadonlySet<string> },
): { writes: FieldWrite[]; errors: FieldError[] } {
  const byId = new Map(defs.map((d) => [d.id, d]));
  const writes: FieldWrite[] = [];
  const errors: FieldError[] = [];
  for (const [key, raw] of Object.entries(input ?? {})) {
    const def = byId.get(key.toLowerCase());
    if (!def) {
      errors.push({ path: `customFields.${key}`, message: "is not a field of this project" });
      continue;
    }
    const parsed = parseValue(def, raw, opts.members);
    if (!parsed.ok) {
      errors.push({ path: `customFields.${def.id}`, message: `${def.name}: ${parsed.reason}` });
    } else if (parsed.value === null && def.required) {
      errors.push({ path: `customFields.${def.id}`, message: `${def.name}: is required` });
    } else writes.push({ fieldId: def.id, value: parsed.value });
  }
  if (opts.creating) {
    const given = new Set(writes.filter((w) => w.value !== null).map((w) => w.fieldId));
    for (const def of defs) {
      if (def.required && !given.has(def.id) && !errors.some((e) => e.path.endsWith(def.id))) {
        errors.push({ path: `customFields.${def.id}`, message: `${def.name}: is required` });
      }
    }
  }
  return { writes, errors };
}

/** The value as the API shows it. */
export function apiValue(type: FieldType, v: Stored): ApiValue {
  if ("text" in v) return v.text;
  if ("number" in v) return v.number;
  if ("date" in v) return v.date;
  if ("user" in v) return v.user;
  return type === "select" ? v.options[0] : v.options;
}

// ---- list filters -------------------------------------------------------------------------

export const FILTER_OPS = [
  "eq",
  "ne",
  "gt",
  "gte",
  "lt",
  "lte",
  "contains",
  "any",
  "empty",
  "set",
] as const;
export type FilterOp = (typeof FILTER_OPS)[number];

const OPS_BY_TYPE: Record<FieldType, FilterOp[]> = {
  text: ["eq", "ne", "contains", "empty", "set"],
  url: ["eq", "ne", "contains", "empty", "set"],
  number: ["eq", "ne", "gt", "gte", "lt", "lte", "empty", "set"],
  date: ["eq", "ne", "gt", "gte", "lt", "lte", "empty", "set"],
  select: ["eq", "ne", "any", "empty", "set"],
  multi_select: ["eq", "ne", "any", "empty", "set"],
  person: ["eq", "ne", "any", "empty", "set"],
};

export const opsFor = (type: FieldType) => OPS_BY_TYPE[type];

export interface RawFilter {
  fieldId: string;
  op: FilterOp;
  value: string;
}

/** A checked filter: the value in the form its column takes. */
export type FieldFilter =
  | { fieldId: string; type: FieldType; op: "empty" | "set" }
  | { fieldId: string; type: "text" | "url"; op: "eq" | "ne" | "contains"; value: string }
  | {
    fieldId: string;
    type: "number";
    op: "eq" | "ne" | "gt" | "gte" | "lt" | "lte";
    value: number;
  }
  | {
    fieldId: string;
    type: "date";
    op: "eq" | "ne" | "gt" | "gte" | "lt" | "lte";
    value: string;
  }
  | {
    fieldId: string;
    type: "select" | "multi_select" | "person";
    op: "eq" | "ne" | "any";
    values: string[];
  };

/**
 * `<fieldId>:<op>:<value>` or `<fieldId>:<value>` (equals); the value may hold colons. `any`
 * takes ids separated by commas.
 */
export function parseFilterParam(s: string): RawFilter | null {
  const i = s.indexOf(":");
  if (i < 0) return null;
  const fieldId = s.slice(0, i).toLowerCase();
  if (!isUuid(fieldId)) return null;
  const rest = s.slice(i + 1);
  const j = rest.indexOf(":");
  const head = j < 0 ? rest : rest.slice(0, j);
  if ((FILTER_OPS as readonly string[]).includes(head)) {
    return { fieldId, op: head as FilterOp, value: j < 0 ? "" : rest.slice(j + 1) };
  }
  return { fieldId, op: "eq", value: rest };
}

/** Checks a parsed filter against its field; `me` is the caller (person fields take `me`). */
export function checkFilter(
  def: FieldDef,
  f: RawFilter,
  me: string,
): { ok: true; filter: FieldFilter } | { ok: false; reason: string } {
  if (!OPS_BY_TYPE[def.type].includes(f.op)) {
    return {
      ok: false,
      reason: `${def.name}: the operator ${f.op} does not apply; use ${
        OPS_BY_TYPE[def.type].join(", ")
      }`,
    };
  }
  if (f.op === "empty" || f.op === "set") {
    return { ok: true, filter: { fieldId: def.id, type: def.type, op: f.op } };
  }
  const bad = (what: string) => ({ ok: false as const, reason: `${def.name}: ${what}` });
  switch (def.type) {
    case "text":
    case "url":
      if (!f.value.trim()) return bad("give a value to compare with");
      return {
        ok: true,
        filter: {
          fieldId: def.id,
          type: def.type,
          op: f.op as "eq" | "ne" | "contains",
          value: f.value.trim(),
        },
      };
    case "number": {
      const n = /^-?\d+(\.\d+)?$/.test(f.value.trim()) ? Number(f.value) : NaN;
      if (!Number.isFinite(n) || Math.abs(n) > NUMBER_LIMIT) return bad("must be a number");
      return {
        ok: true,
        filter: { fieldId: def.id, type: "number", op: f.op as "eq", value: n },
      };
    }
    case "date":
      if (!isDay(f.value)) return bad("must be a date (YYYY-MM-DD)");
      return {
        ok: true,
        filter: { fieldId: def.id, type: "date", op: f.op as "eq", value: f.value },
      };
    default: {
      const values = f.value.split(",").map((v) => v.trim().toLowerCase())
        .map((v) => (def.type === "person" && v === "me" ? me : v)).filter(Boolean);
      if (!values.length || values.length > MAX_CHOSEN_OPTIONS || !values.every(isUuid)) {
        return bad(def.type === "person" ? "must be a person's id or me" : "must be an option id");
      }
      if (hasOptions(def.type)) {
        const known = new Set(def.options.map((o) => o.id));
        if (!values.every((v) => known.has(v))) return bad("must be one of the field's options");
      }
      return {
        ok: true,
        filter: { fieldId: def.id, type: def.type, op: f.op as "eq", values },
      };
    }
  }
}

// ---- sort ----------------------------------------------------------------------------------

export type SortDir = "asc" | "desc";

/** Whether a cursor's sort key is one the field's sort can have produced. */
export function validSortKey(type: FieldType, v: string): boolean {
  switch (type) {
    case "number":
      return /^-?(\d+(\.\d+)?|Infinity)$/.test(v);
    case "date":
      return /^(\d{4}-\d\d-\d\d|-?infinity)$/.test(v);
    case "select":
    case "multi_select":
      return /^-?\d{1,10}$/.test(v);
    default:
      return v.length <= 4000;
  }
}

// ---- definitions ---------------------------------------------------------------------------

/** A new or changed option list: labels unique (folded by the caller), kept ids known. */
export function checkOptions(
  fieldName: string,
  options: { id?: string; label: string }[],
  known: ReadonlySet<string>,
  fold: (s: string) => string,
): string | null {
  if (options.length > MAX_OPTIONS_PER_FIELD) {
    return `${fieldName}: at most ${MAX_OPTIONS_PER_FIELD} options`;
  }
  const labels = options.map((o) => fold(o.label));
  if (new Set(labels).size !== labels.length) return `${fieldName}: option labels must be unique`;
  for (const o of options) {
    if (o.id && !known.has(o.id.toLowerCase())) {
      return `${fieldName}: the option ${o.id} is not an option of this field`;
    }
  }
  const ids = options.flatMap((o) => (o.id ? [o.id.toLowerCase()] : []));
  if (new Set(ids).size !== ids.length) return `${fieldName}: each option may appear once`;
  return null;
}

/** Number bounds: both within the limit and min ≤ max. */
export function checkBounds(name: string, min: number | null, max: number | null): string | null {
  for (const v of [min, max]) {
    if (v !== null && Math.abs(v) > NUMBER_LIMIT) return `${name}: bounds must be within ±10^15`;
  }
  if (min !== null && max !== null && min > max) return `${name}: the minimum is above the maximum`;
  return null;
}

/**
 * Pure rules of data models and records: field lists checked, a record's values coerced and
 * checked against its model, what a model change would break, titles, search text and the
 * before → after of a history line. Existence of referenced records and users is a database
 * question: the service asks it for the values these rules name (referencesOf).
 */
import { fold } from "../../../shared/text/fold.ts";
import type { FieldDef } from "./data.schemas.ts";

/** A UUID (any version, either case): the pattern of shared/http/ids.ts. */
const isUuid = (v: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);

export interface FieldError {
  path: string;
  message: string;
}

type Data = Record<string, unknown>;

const DAY = /^\d{4}-\d\d-\d\d$/;
const INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d{1,6})?)?(Z|[+-]\d\d:\d\d)$/;
const LOCAL = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d)?$/;
export const MAX_TEXT = 10_000;

export const isDay = (v: string) =>
  DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
  new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;

/**
 * A model's field list checked: unique names, enums with unique values, references to a
 * known model (`models`: the tenant's keys, plus the model's own), a title field that exists.
 */
export function checkFields(
  fields: FieldDef[],
  models: string[],
  titleField?: string | null,
): FieldError[] {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  fields.forEach((f, i) => {
    const lower = f.name.toLowerCase();
    if (seen.has(lower)) errors.push({ path: `fields.${i}.name`, message: "Used twice" });
    seen.add(lower);
    if (f.type === "enum") {
      const values = (f.values ?? []).map((v) => v.value);
      if (!values.length) {
        errors.push({ path: `fields.${i}.values`, message: "A choice needs at least one value" });
      } else if (new Set(values).size !== values.length) {
        errors.push({ path: `fields.${i}.values`, message: "Each value once" });
      }
    }
    if (f.type === "reference" && (!f.model || !models.includes(f.model))) {
      errors.push({ path: `fields.${i}.model`, message: "Name an existing data model" });
    }
  });
  if (titleField && !fields.some((f) => f.name === titleField)) {
    errors.push({ path: "titleField", message: "Not a field of this model" });
  }
  return errors;
}

/** A field as stored: enum values only on enums, a model only on references. */
export function cleanField(f: FieldDef): FieldDef {
  const out: FieldDef = { name: f.name, label: f.label, type: f.type, required: !!f.required };
  if (f.type === "enum") out.values = f.values ?? [];
  if (f.type === "reference") out.model = f.model;
  return out;
}

/** The title field: the one named, else the first text field, else none. */
export function titleFieldOf(fields: FieldDef[], named?: string | null): string | null {
  if (named && fields.some((f) => f.name === named)) return named;
  return fields.find((f) => f.type === "text")?.name ?? null;
}

/**
 * What replacing a field list would break for records holding values: fields removed, and
 * fields whose kind of value changed (type, or the model a reference points to).
 */
export function fieldChanges(before: FieldDef[], after: FieldDef[]) {
  const next = new Map(after.map((f) => [f.name, f]));
  const removed: string[] = [];
  const retyped: string[] = [];
  for (const f of before) {
    const n = next.get(f.name);
    if (!n) removed.push(f.name);
    else if (n.type !== f.type || (f.type === "reference" && n.model !== f.model)) {
      retyped.push(f.name);
    }
  }
  return { removed, retyped };
}

/**
 * A value as the field's type, from JSON or from a form's text: numbers and yes/no parsed,
 * dates and times normalised (a time without a zone is read as UTC), "" and null as nothing.
 * Values that cannot be read come back unchanged, so checkValue names the problem.
 */
export function coerceValue(field: FieldDef, raw: unknown): unknown {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === "string") {
    const text = field.type === "text" ? raw : raw.trim();
    if (text === "") return null;
    switch (field.type) {
      case "number": {
        const n = Number(text.replace(",", "."));
        return Number.isNaN(n) ? raw : n;
      }
      case "boolean":
        return ["true", "yes", "on", "1"].includes(text.toLowerCase())
          ? true
          : ["false", "no", "off", "0"].includes(text.toLowerCase())
          ? false
          : raw;
      case "datetime":
        if (LOCAL.test(text)) return new Date(`${text}Z`).toISOString();
        return INSTANT.test(text) && !Number.isNaN(Date.parse(text))
          ? new Date(text).toISOString()
          : raw;
      case "reference":
      case "user":
        return text.toLowerCase();
      default:
        return text;
    }
  }
  return raw;
}

/** Why a (coerced, non-null) value does not fit its field, or null when it does. */
export function checkValue(field: FieldDef, v: unknown): string | null {
  switch (field.type) {
    case "text":
      return typeof v === "string" && v.length <= MAX_TEXT
        ? null
        : `Must be a text of at most ${MAX_TEXT} characters`;
    case "number":
      return typeof v === "number" && Number.isFinite(v) ? null : "Must be a number";
    case "boolean":
      return typeof v === "boolean" ? null : "Must be true or false";
    case "date":
      return typeof v === "string" && isDay(v) ? null : "Must be a date (YYYY-MM-DD)";
    case "datetime":
      return typeof v === "string" && INSTANT.test(v) && !Number.isNaN(Date.parse(v))
        ? null
        : "Must be a date and time with its zone";
    case "enum":
      return (field.values ?? []).some((x) => x.value === v)
        ? null
        : `Must be one of ${(field.values ?? []).map((x) => x.value).join(", ")}`;
    case "reference":
      return typeof v === "string" && isUuid(v) ? null : "Must be the id of a record";
    case "user":
      return typeof v === "string" && isUuid(v) ? null : "Must be the id of a member";
  }
}

/**
 * A record's data checked against its model: `patch` over `base` (null clears a field),
 * values coerced, unknown fields and missing required ones refused. Empty values are left out.
 */
export function checkRecord(
  fields: FieldDef[],
  patch: Data,
  base: Data = {},
): { ok: true; data: Data } | { ok: false; errors: FieldError[] } {
  const byName = new Map(fields.map((f) => [f.name, f]));
  const errors: FieldError[] = [];
  for (const k of Object.keys(patch)) {
    if (!byName.has(k)) errors.push({ path: `data.${k}`, message: "Not a field of this model" });
  }
  const data: Data = {};
  for (const f of fields) {
    const raw = Object.hasOwn(patch, f.name) ? patch[f.name] : base[f.name];
    const v = coerceValue(f, raw);
    if (v === null) {
      if (f.required) errors.push({ path: `data.${f.name}`, message: "Required" });
      continue;
    }
    const problem = checkValue(f, v);
    if (problem) errors.push({ path: `data.${f.name}`, message: problem });
    else data[f.name] = v;
  }
  return errors.length ? { ok: false, errors } : { ok: true, data };
}

/**
 * The user ids and referenced record ids a write brings in (values that differ from before):
 * those must exist; values already stored are kept even if their target has gone since.
 */
export function referencesOf(fields: FieldDef[], after: Data, before: Data = {}) {
  const users: { field: string; id: string }[] = [];
  const records: { field: string; model: string; id: string }[] = [];
  for (const f of fields) {
    const v = after[f.name];
    if (typeof v !== "string" || v === before[f.name]) continue;
    if (f.type === "user") users.push({ field: f.name, id: v });
    if (f.type === "reference") records.push({ field: f.name, model: f.model!, id: v });
  }
  return { users, records };
}

/** The record's title: its title field's value as text ("" when empty). */
export function titleOf(titleField: string | null, data: Data): string {
  const v = titleField ? data[titleField] : undefined;
  return v === undefined || v === null ? "" : String(v);
}

/**
 * Folded text of what people search for: every text and number value, enum labels and the
 * names behind user and reference values (`display`).
 */
export function searchTextOf(fields: FieldDef[], data: Data, display: Data = {}): string {
  const parts: string[] = [];
  for (const f of fields) {
    const v = data[f.name];
    if (v === undefined || v === null) continue;
    if (f.type === "enum") parts.push(f.values?.find((x) => x.value === v)?.label ?? String(v));
    else if (f.type === "user" || f.type === "reference") parts.push(String(display[f.name] ?? ""));
    else if (f.type !== "boolean") parts.push(String(v));
  }
  return fold(parts.filter(Boolean).join(" ")).slice(0, 20_000);
}

/** A history line's changed fields in model order (fields since removed come last). */
export function changedFields(fields: FieldDef[], before: Data | null, after: Data | null) {
  const b = before ?? {};
  const a = after ?? {};
  const names = [...fields.map((f) => f.name)];
  for (const k of new Set([...Object.keys(b), ...Object.keys(a)])) {
    if (!names.includes(k)) names.push(k);
  }
  return names
    .filter((k) => JSON.stringify(b[k] ?? null) !== JSON.stringify(a[k] ?? null))
    .map((k) => ({ name: k, from: b[k] ?? null, to: a[k] ?? null }));
}

/** Choices as typed in the field editor: one per line, `value = label` or just the value. */
export function parseChoices(text: string): { value: string; label: string }[] {
  return text.split(/\r?\n/).map((line) => line.trim()).filter(Boolean).map((line) => {
    const at = line.indexOf("=");
    const value = (at < 0 ? line : line.slice(0, at)).trim();
    const label = at < 0 ? value : line.slice(at + 1).trim() || value;
    return { value, label };
  });
}

/** Service-task operations on data records (data.operations.service.ts). */
export const DATA_OPERATION_PREFIX = "workflow.data.";
export const isDataOperation = (op: string) => op.startsWith(DATA_OPERATION_PREFIX);

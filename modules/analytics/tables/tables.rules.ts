/**
 * Pure rules of tenant tables: column names from labels, values checked against column types,
 * texts (CSV cells, form fields) read as typed values, and column types inferred from values.
 */
import { COLUMN_NAME, type ColumnType } from "./tables.schemas.ts";

export type Checked = { ok: true; value: unknown } | { ok: false; message: string };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/;
const TRUE = new Set(["true", "yes", "y", "1", "evet", "doğru"]);
const FALSE = new Set(["false", "no", "n", "0", "hayır", "yanlış"]);

// Turkish and other Latin letters fold to ASCII so "Müşteri Adı" becomes "musteri_adi".
const FOLD: Record<string, string> = { ı: "i", İ: "i", ş: "s", ğ: "g", ç: "c", ö: "o", ü: "u" };

/** A label as a column name: ASCII snake_case, never starting with a digit, at most 63. */
export function toColumnName(label: string): string {
  const folded = label.replace(/[ıİşğçöüŞĞÇÖÜ]/g, (ch) => FOLD[ch.toLowerCase()] ?? ch)
    .normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
  let name = folded.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase()
    .replace(/[^a-z0-9]+/g, "_").replace(/^_+|_+$/g, "");
  if (!name) name = "column";
  if (!/^[a-z]/.test(name)) name = `c_${name}`;
  return name.slice(0, 63).replace(/_+$/, "");
}

/** Names for a list of labels, made unique with _2, _3… in order. */
export function columnNames(labels: string[]): string[] {
  const seen = new Set<string>();
  return labels.map((label) => {
    const base = toColumnName(label);
    let name = base;
    for (let i = 2; seen.has(name); i++) name = `${base.slice(0, 58)}_${i}`;
    seen.add(name);
    return name;
  });
}

export const isColumnName = (name: string) => COLUMN_NAME.test(name);

const validDate = (text: string) => {
  if (!DATE.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
};

/** A value as stored for its column type (null always allowed), or why it does not fit. */
export function checkValue(type: ColumnType, value: unknown): Checked {
  if (value === null || value === undefined) return { ok: true, value: null };
  switch (type) {
    case "text":
      // PostgreSQL's jsonb cannot hold a NUL character.
      return typeof value === "string" && value.length <= 10_000 && !value.includes("\u0000")
        ? { ok: true, value }
        : { ok: false, message: "Must be a text of at most 10000 characters (no NUL)" };
    case "number":
      return typeof value === "number" && Number.isFinite(value)
        ? { ok: true, value }
        : { ok: false, message: "Must be a number" };
    case "boolean":
      return typeof value === "boolean"
        ? { ok: true, value }
        : { ok: false, message: "Must be true or false" };
    case "date":
      return typeof value === "string" && validDate(value)
        ? { ok: true, value }
        : { ok: false, message: "Must be a date as YYYY-MM-DD" };
    case "datetime": {
      const d = typeof value === "string" && DATETIME.test(value) ? new Date(value) : null;
      return d && !Number.isNaN(d.getTime())
        ? { ok: true, value: d.toISOString() }
        : { ok: false, message: "Must be a date and time (ISO 8601)" };
    }
  }
}

/**
 * A text (a CSV cell, a form field) as the type's value: "" is null, numbers accept a decimal
 * comma, booleans yes/no too. Unreadable text comes back unchanged so checkValue names it.
 */
export function parseText(type: ColumnType, raw: string): unknown {
  const text = raw.trim();
  if (text === "") return null;
  if (type === "number") {
    const normal = /^-?\d+,\d+$/.test(text) ? text.replace(",", ".") : text;
    const n = Number(normal);
    return Number.isFinite(n) && /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(normal) ? n : text;
  }
  if (type === "boolean") {
    const low = text.toLocaleLowerCase("tr");
    return TRUE.has(low) ? true : FALSE.has(low) ? false : text;
  }
  return text;
}

/** A text as the type's stored value, or why it does not fit. */
export const readText = (type: ColumnType, raw: string): Checked =>
  checkValue(type, parseText(type, raw));

/** The narrowest type every non-empty text fits (text when nothing else does or all empty). */
export function inferType(texts: string[]): ColumnType {
  const values = texts.map((t) => t.trim()).filter((t) => t !== "");
  if (values.length === 0) return "text";
  for (const type of ["number", "boolean", "date", "datetime"] as const) {
    if (values.every((v) => readText(type, v).ok)) return type;
  }
  return "text";
}

/** A row's data checked against the columns; unknown columns are errors too. */
export function checkRow(
  columns: { name: string; type: ColumnType }[],
  data: Record<string, unknown>,
): { ok: true; data: Record<string, unknown> } | {
  ok: false;
  errors: { path: string; message: string }[];
} {
  const byName = new Map(columns.map((c) => [c.name, c]));
  const errors: { path: string; message: string }[] = [];
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    const col = byName.get(key);
    if (!col) {
      errors.push({ path: `data.${key}`, message: "No such column" });
      continue;
    }
    const checked = checkValue(col.type, value);
    if (checked.ok) out[key] = checked.value;
    else errors.push({ path: `data.${key}`, message: checked.message });
  }
  return errors.length ? { ok: false, errors } : { ok: true, data: out };
}

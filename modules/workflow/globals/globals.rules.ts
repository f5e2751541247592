/** Pure rules of global variables: names, values checked against their type, previews. */
import { GLOBAL_NAME, type GlobalType } from "./globals.schemas.ts";

export interface FieldError {
  path: string;
  message: string;
}

export const isGlobalName = (name: string) => GLOBAL_NAME.test(name);

/** The value as stored for its type, or the reason it does not fit. */
export function checkValue(
  type: GlobalType,
  value: unknown,
): { ok: true; value: unknown } | { ok: false; message: string } {
  switch (type) {
    case "text":
      return typeof value === "string" && value.length <= 10_000
        ? { ok: true, value }
        : { ok: false, message: "Must be a text of at most 10000 characters" };
    case "number":
      return typeof value === "number" && Number.isFinite(value)
        ? { ok: true, value }
        : { ok: false, message: "Must be a number" };
    case "boolean":
      return typeof value === "boolean"
        ? { ok: true, value }
        : { ok: false, message: "Must be true or false" };
    case "json":
      if (value === undefined) return { ok: false, message: "Required" };
      return JSON.stringify(value).length <= 100_000
        ? { ok: true, value }
        : { ok: false, message: "Must be JSON of at most 100000 characters" };
    case "secret":
      return typeof value === "string" && value.length > 0 && value.length <= 10_000
        ? { ok: true, value }
        : { ok: false, message: "Must be a non-empty text of at most 10000 characters" };
  }
}

/**
 * A form's text as the type's value: numbers and booleans parsed, JSON parsed, text as is.
 * Unparseable text is returned unchanged so checkValue names the problem.
 */
export function parseFormValue(type: GlobalType, text: string): unknown {
  if (type === "number") {
    const n = Number(text.trim().replace(",", "."));
    return text.trim() === "" || Number.isNaN(n) ? text : n;
  }
  if (type === "boolean") return text === "true" ? true : text === "false" ? false : text;
  if (type === "json") {
    try {
      return JSON.parse(text);
    } catch {
      return undefined;
    }
  }
  return text;
}

/** A short one-line preview of a value for lists (secrets are never previewed). */
export function preview(type: GlobalType, value: unknown, max = 60): string {
  if (type === "secret") return "••••";
  const text = type === "text" ? String(value ?? "") : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** What the audit log keeps of a variable: a secret's value masked. */
export function auditView(g: { type: GlobalType; value: unknown; description: string } | null) {
  if (!g) return null;
  return {
    type: g.type,
    value: g.type === "secret" ? "••••" : g.value,
    description: g.description,
  };
}

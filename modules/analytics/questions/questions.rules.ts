/**
 * Saved questions' parameters (pure): `{{name}}` placeholders found in SQL text the way the
 * database reads it, so a placeholder inside a comment is ignored and one inside a quoted string
 * is refused (it would stay text there, never a value), and a typed value checked against its
 * declaration. The caller turns each placeholder into a bind parameter: the value never becomes
 * SQL text.
 */
import type { FieldError } from "../../../shared/http/problem.ts";

export type Dialect = "postgres" | "mysql";
export type ParamType = "text" | "number" | "date" | "boolean" | "choice";
export const PARAM_TYPES: ParamType[] = ["text", "number", "date", "boolean", "choice"];

export interface ParamDecl {
  name: string;
  type: ParamType;
  label: string;
  required: boolean;
  default?: string | number | boolean | null;
  choices?: { value: string; label: string }[];
}

/** SQL text split at its placeholders: parts.length === names.length + 1. */
export interface Template {
  parts: string[];
  names: string[];
}

export const PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;
const PLACEHOLDER = /^\{\{\s*([A-Za-z_][A-Za-z0-9_]{0,62})\s*\}\}/;
const DOLLAR_TAG = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/;

/**
 * Splits SQL at its `{{name}}` placeholders. Refused (FieldErrors on `sql`): a placeholder inside
 * a quoted string or quoted name, a `{{` that is not a placeholder, an unclosed quote or
 * comment, and the dialect's own positional markers ($1 in PostgreSQL, ? in MySQL), which would
 * collide with the bound values.
 */
export function parseTemplate(text: string, dialect: Dialect): Template | FieldError[] {
  const errors: FieldError[] = [];
  const parts: string[] = [];
  const names: string[] = [];
  let start = 0;
  let i = 0;
  const n = text.length;
  const err = (message: string) => errors.push({ path: "sql", message });
  /** Any `{{…}}` inside a quoted span is refused by name. */
  const quoted = (from: number, to: number) => {
    const inner = text.slice(from, to);
    for (const m of inner.matchAll(/\{\{\s*([^}\s]*)\s*\}\}/g)) {
      err(
        `{{${
          m[1]
        }}} is inside quotes, where it would stay text; write it without quotes: its value is bound with its type.`,
      );
    }
  };
  while (i < n) {
    const ch = text[i];
    const next = text[i + 1];
    if (ch === "'" || ch === '"' || ch === "`" && dialect === "mysql") {
      // E'…' strings (PostgreSQL) and every MySQL string take backslash escapes.
      const backslash = ch !== "`" &&
        (dialect === "mysql" || (ch === "'" && /[eE]/.test(text[i - 1] ?? "") &&
          !/[A-Za-z0-9_]/.test(text[i - 2] ?? "")));
      const open = i;
      i++;
      let closed = false;
      while (i < n) {
        if (backslash && text[i] === "\\") i += 2;
        else if (text[i] === ch && text[i + 1] === ch) i += 2;
        else if (text[i] === ch) {
          closed = true;
          break;
        } else i++;
      }
      if (!closed) {
        err("A quote is not closed.");
        break;
      }
      quoted(open, i);
      i++;
    } else if ((ch === "-" && next === "-") || (dialect === "mysql" && ch === "#")) {
      while (i < n && text[i] !== "\n") i++;
    } else if (ch === "/" && next === "*") {
      // PostgreSQL block comments nest; MySQL's do not.
      let depth = 1;
      i += 2;
      while (i < n && depth > 0) {
        if (text[i] === "*" && text[i + 1] === "/") {
          depth--;
          i += 2;
        } else if (dialect === "postgres" && text[i] === "/" && text[i + 1] === "*") {
          depth++;
          i += 2;
        } else i++;
      }
      if (depth > 0) {
        err("A comment is not closed.");
        break;
      }
    } else if (dialect === "postgres" && ch === "$") {
      const tag = text.slice(i).match(DOLLAR_TAG)?.[0];
      if (tag && !/[A-Za-z0-9_]/.test(text[i - 1] ?? "")) {
        const close = text.indexOf(tag, i + tag.length);
        if (close < 0) {
          err("A dollar quote is not closed.");
          break;
        }
        quoted(i, close);
        i = close + tag.length;
      } else if (/[0-9]/.test(next ?? "") && !/[A-Za-z0-9_]/.test(text[i - 1] ?? "")) {
        err("Write parameters as {{name}}, not $1.");
        i++;
      } else i++;
    } else if (dialect === "mysql" && ch === "?") {
      err("Write parameters as {{name}}, not ?.");
      i++;
    } else if (ch === "{" && next === "{") {
      const m = text.slice(i).match(PLACEHOLDER);
      if (!m) {
        err("{{ starts a placeholder: {{name}}, a letter or _ then letters, digits or _.");
        i += 2;
        continue;
      }
      parts.push(text.slice(start, i));
      names.push(m[1]);
      i += m[0].length;
      start = i;
    } else i++;
  }
  if (errors.length) return errors;
  parts.push(text.slice(start));
  return { parts, names };
}

/** Placeholders without a declaration and declarations without a placeholder, by name. */
export function checkDeclared(names: string[], decls: ParamDecl[]): FieldError[] {
  const declared = new Set(decls.map((d) => d.name));
  const used = new Set(names);
  const errors: FieldError[] = [];
  for (const name of used) {
    if (!declared.has(name)) {
      errors.push({ path: "sql", message: `{{${name}}} is not a declared parameter.` });
    }
  }
  decls.forEach((d, i) => {
    if (!used.has(d.name)) {
      errors.push({ path: `params.${i}.name`, message: `${d.name} is not used in the SQL.` });
    }
  });
  const seen = new Set<string>();
  decls.forEach((d, i) => {
    if (seen.has(d.name)) {
      errors.push({ path: `params.${i}.name`, message: `${d.name} is declared twice.` });
    }
    seen.add(d.name);
  });
  return errors;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** One value read for its declaration (form text or JSON); undefined/"" means "not given". */
export function readValue(
  d: ParamDecl,
  raw: unknown,
): { ok: true; value: string | number | boolean | null } | { ok: false; message: string } {
  if (raw === undefined || raw === null || raw === "") return { ok: true, value: null };
  switch (d.type) {
    case "number": {
      const v = typeof raw === "number" ? raw : typeof raw === "string" ? Number(raw.trim()) : NaN;
      return Number.isFinite(v) && !(typeof raw === "string" && raw.trim() === "")
        ? { ok: true, value: v }
        : { ok: false, message: `${d.label} is a number.` };
    }
    case "date": {
      const ok = typeof raw === "string" && DAY.test(raw) &&
        !Number.isNaN(Date.parse(`${raw}T00:00:00Z`)) &&
        new Date(`${raw}T00:00:00Z`).toISOString().startsWith(raw);
      return ok ? { ok: true, value: raw as string } : {
        ok: false,
        message: `${d.label} is a date (YYYY-MM-DD).`,
      };
    }
    case "boolean": {
      if (typeof raw === "boolean") return { ok: true, value: raw };
      if (raw === "true" || raw === "on" || raw === "1") return { ok: true, value: true };
      if (raw === "false" || raw === "off" || raw === "0") return { ok: true, value: false };
      return { ok: false, message: `${d.label} is yes or no.` };
    }
    case "choice": {
      const v = typeof raw === "number" ? String(raw) : raw;
      return typeof v === "string" && (d.choices ?? []).some((c) => c.value === v)
        ? { ok: true, value: v }
        : { ok: false, message: `${d.label} is one of its choices.` };
    }
    default:
      return typeof raw === "string" && raw.length <= 1000
        ? { ok: true, value: raw }
        : { ok: false, message: `${d.label} is a text of at most 1000 characters.` };
  }
}

/**
 * Every declared parameter's value: the given one, else its default; a required parameter
 * without either, a value of the wrong type and a value for an undeclared name are refused
 * (paths `params.<name>`).
 */
export function resolveValues(
  decls: ParamDecl[],
  given: Record<string, unknown>,
): { values: Map<string, string | number | boolean | null>; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const values = new Map<string, string | number | boolean | null>();
  const declared = new Set(decls.map((d) => d.name));
  for (const name of Object.keys(given)) {
    if (!declared.has(name)) {
      errors.push({
        path: `params.${name}`,
        message: `${name} is not a parameter of this question.`,
      });
    }
  }
  for (const d of decls) {
    let r = readValue(d, given[d.name]);
    if (r.ok && r.value === null && d.default !== undefined && d.default !== null) {
      r = readValue(d, d.default);
    }
    if (!r.ok) errors.push({ path: `params.${d.name}`, message: r.message });
    else if (r.value === null && d.required) {
      errors.push({ path: `params.${d.name}`, message: `${d.label} is required.` });
    } else values.set(d.name, r.value);
  }
  return { values, errors };
}

/** Checks a declaration list on its own (names, choices, defaults). */
export function checkDecls(decls: ParamDecl[]): FieldError[] {
  const errors: FieldError[] = [];
  decls.forEach((d, i) => {
    if (!PARAM_NAME.test(d.name)) {
      errors.push({ path: `params.${i}.name`, message: `${d.name} is not a parameter name.` });
    }
    if (d.type === "choice" && !(d.choices ?? []).length) {
      errors.push({ path: `params.${i}.choices`, message: `${d.label} needs its choices.` });
    }
    if (d.default !== undefined && d.default !== null && d.default !== "") {
      const r = readValue(d, d.default);
      if (!r.ok) errors.push({ path: `params.${i}.default`, message: r.message });
    }
  });
  return errors;
}

/** The database type a value of this parameter is bound as (PostgreSQL casts). */
export const PG_CAST: Record<ParamType, string> = {
  text: "text",
  number: "numeric",
  date: "date",
  boolean: "boolean",
  choice: "text",
};

/**
 * Server-side checking of data submitted through a form-js form. The browser checks too, but
 * nothing it sends is trusted: every keyed field is read as its type, checked against the
 * schema's rules (required, min/max, length, pattern, e-mail/phone, offered options, files
 * that really belong to the task) and only known keys come out, typed. Pure.
 */
import { evaluate } from "feelin";
import type { FieldError } from "../../../shared/http/problem.ts";
import {
  type Component,
  CONTAINERS,
  type FormSchema,
  getPath,
  isSchema,
  KEYED,
  setPath,
  WITH_OPTIONS,
} from "./forms.rules.ts";

export interface Option {
  value: unknown;
  label?: string;
}

export interface SubmitContext {
  /** Process variables the form opened with (conditions, `valuesKey` options). */
  vars?: Record<string, unknown>;
  /** Options of `valuesKey: "query:<key>"` fields, loaded by the service beforehand. */
  queryOptions?: Record<string, Option[]>;
  /** Documents a file field may name: the ids of the task's attachments. */
  files?: Set<string>;
}

export interface Checked {
  values: Record<string, unknown>;
  errors: FieldError[];
}

const MAX_REPEATS = 200;
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
/** International numbers as form-js asks for them: + or 00, then 5 to 22 digits. */
const PHONE = /^(\+|00)[1-9]\d{4,21}$/;
const DATE = /^\d{4}-\d\d-\d\d$/;
const TIME = /^\d\d:\d\d(:\d\d)?(Z|[+-]\d\d:?\d\d)?$/;
const DATETIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:?\d\d)?$/;

const empty = (v: unknown) =>
  v === undefined || v === null || v === "" || (Array.isArray(v) && v.length === 0);

const num = (v: unknown): number | undefined => {
  const n = typeof v === "string" && v.trim() !== "" ? Number(v) : v;
  return typeof n === "number" && Number.isFinite(n) ? n : undefined;
};

/** A FEEL `=expr` (form-js conditions) against the data and variables; errors read as false. */
function feelTrue(expression: string, context: Record<string, unknown>): boolean {
  const text = expression.trim().replace(/^=/, "");
  if (!text) return false;
  try {
    return evaluate(text, context).value === true;
  } catch {
    return false;
  }
}

/** The options a field offers, or null when they cannot be known here (then any is taken). */
function optionsOf(c: Component, ctx: SubmitContext): Option[] | null {
  if (Array.isArray(c.values) && !c.valuesKey && !c.valuesExpression) return c.values;
  if (typeof c.valuesKey === "string") {
    if (c.valuesKey.startsWith("query:")) return ctx.queryOptions?.[c.valuesKey.slice(6)] ?? [];
    const given = getPath(ctx.vars ?? {}, c.valuesKey);
    if (Array.isArray(given)) {
      return given.map((o) =>
        o && typeof o === "object" && "value" in o ? o as Option : { value: o }
      );
    }
  }
  return null;
}

const sameValue = (a: unknown, b: unknown) =>
  a === b || (typeof a !== "object" && typeof b !== "object" && String(a) === String(b));

/** One keyed field: its typed value (undefined = leave out) or an error message. */
function checkField(
  c: Component,
  v: unknown,
  ctx: SubmitContext,
): { value?: unknown; error?: string } {
  const rule = c.validate ?? {};
  const required = rule.required === true;
  if (c.type === "checkbox") {
    if (v !== undefined && v !== null && typeof v !== "boolean") {
      return { error: "Must be true or false" };
    }
    if (required && v !== true) return { error: "Required" };
    return { value: v === true };
  }
  if (empty(v)) return required ? { error: "Required" } : {};
  switch (c.type) {
    case "textfield":
    case "textarea": {
      if (typeof v !== "string") return { error: "Must be text" };
      if (required && !v.trim()) return { error: "Required" };
      const min = num(rule.minLength), max = num(rule.maxLength);
      if (min !== undefined && v.length < min) return { error: `At least ${min} characters` };
      if (max !== undefined && v.length > max) return { error: `At most ${max} characters` };
      if (rule.pattern && !safeTest(rule.pattern, v)) return { error: "Has the wrong format" };
      if (rule.validationType === "email" && !EMAIL.test(v)) {
        return { error: "Must be an e-mail address" };
      }
      if (rule.validationType === "phone" && !PHONE.test(v.replace(/[\s()-]/g, ""))) {
        return { error: "Must be a phone number starting with + or 00" };
      }
      return { value: v };
    }
    case "number": {
      const n = num(v);
      if (n === undefined) return { error: "Must be a number" };
      const min = num(rule.min), max = num(rule.max);
      if (min !== undefined && n < min) return { error: `At least ${min}` };
      if (max !== undefined && n > max) return { error: `At most ${max}` };
      const digits = typeof c.decimalDigits === "number" ? c.decimalDigits : undefined;
      if (digits !== undefined && decimals(n) > digits) {
        return { error: digits === 0 ? "Must be a whole number" : `At most ${digits} decimals` };
      }
      return { value: c.serializeToString ? String(n) : n };
    }
    case "datetime": {
      if (typeof v !== "string") return { error: "Must be a date or time" };
      const sub = c.subtype ?? "date";
      const ok = sub === "time"
        ? TIME.test(v)
        : sub === "datetime"
        ? DATETIME.test(v) && !Number.isNaN(Date.parse(v))
        : DATE.test(v) && !Number.isNaN(Date.parse(v));
      return ok
        ? { value: v }
        : { error: `Must be a ${sub === "datetime" ? "date and time" : sub}` };
    }
    case "radio":
    case "select": {
      if (typeof v === "object") return { error: "Must be one of the offered choices" };
      const options = optionsOf(c, ctx);
      const hit = options ? options.find((o) => sameValue(o.value, v)) : { value: v };
      return hit ? { value: hit.value } : { error: "Must be one of the offered choices" };
    }
    case "checklist":
    case "taglist": {
      if (!Array.isArray(v) || v.some((x) => x === null || typeof x === "object")) {
        return { error: "Must be a list of choices" };
      }
      const options = optionsOf(c, ctx);
      const out: unknown[] = [];
      for (const x of v) {
        const hit = options ? options.find((o) => sameValue(o.value, x)) : { value: x };
        if (!hit) return { error: "Must be one of the offered choices" };
        if (!out.includes(hit.value)) out.push(hit.value);
      }
      return { value: out };
    }
    case "filepicker": {
      const list = Array.isArray(v) ? v : [v];
      const multiple = c.multiple === true || c.multiple === "true";
      if (!multiple && list.length > 1) return { error: "Only one file" };
      const out: { id: string; name: string }[] = [];
      for (const f of list) {
        const id = typeof f === "string" ? f : (f as { id?: unknown })?.id;
        if (typeof id !== "string" || !ctx.files?.has(id)) {
          return { error: "Upload the file with the form" };
        }
        // The id is checked; the name only labels it (as Documents returned it on upload).
        const name = (f as { name?: unknown })?.name;
        out.push({ id, name: typeof name === "string" ? name.slice(0, 255) : "" });
      }
      return { value: out };
    }
  }
  return {};
}

function safeTest(pattern: string, v: string) {
  try {
    return new RegExp(pattern).test(v);
  } catch {
    return false;
  }
}

function decimals(n: number) {
  const text = String(n);
  if (text.includes("e-")) return Number(text.split("e-")[1]);
  return text.includes(".") ? text.split(".")[1].length : 0;
}

/**
 * Checks `data` against the schema. Fields hidden by their condition are dropped (as form-js
 * drops them); keys the form does not name are dropped. Errors name `data.<path>`.
 */
export function validateSubmission(
  schema: FormSchema | unknown,
  data: Record<string, unknown>,
  ctx: SubmitContext = {},
): Checked {
  const values: Record<string, unknown> = {};
  const errors: FieldError[] = [];
  if (!isSchema(schema)) return { values, errors };
  const walk = (
    list: Component[],
    input: unknown,
    out: Record<string, unknown>,
    where: string,
  ) => {
    for (const c of list ?? []) {
      if (!c || typeof c !== "object") continue;
      const scope = { ...(ctx.vars ?? {}), ...data, ...(input as Record<string, unknown>) };
      if (c.conditional?.hide && feelTrue(c.conditional.hide, scope)) continue;
      if (KEYED.has(c.type) && typeof c.key === "string") {
        const r = checkField(c, getPath(input, c.key), ctx);
        if (r.error) errors.push({ path: `${where}${c.key}`, message: r.error });
        else if (r.value !== undefined) setPath(out, c.key, r.value);
      } else if (CONTAINERS.has(c.type)) {
        const path = typeof c.path === "string" && c.path ? c.path : null;
        if (c.type === "group") {
          if (!path) {
            walk(c.components ?? [], input, out, where);
            continue;
          }
          const inner: Record<string, unknown> = {};
          walk(c.components ?? [], getPath(input, path) ?? {}, inner, `${where}${path}.`);
          setPath(out, path, inner);
        } else if (path) {
          const items = getPath(input, path) ?? [];
          if (!Array.isArray(items) || items.length > MAX_REPEATS) {
            errors.push({ path: `${where}${path}`, message: "Must be a list" });
            continue;
          }
          setPath(
            out,
            path,
            items.map((item, i) => {
              const inner: Record<string, unknown> = {};
              walk(c.components ?? [], item ?? {}, inner, `${where}${path}[${i}].`);
              return inner;
            }),
          );
        }
      }
    }
  };
  walk(schema.components, data, values, "data.");
  return { values, errors };
}

/** The `query:<key>` option sources a schema uses (the service runs them before checking). */
export function queryKeysOf(schema: unknown): string[] {
  const keys = new Set<string>();
  const walk = (list: Component[]) => {
    for (const c of list ?? []) {
      if (WITH_OPTIONS.has(c.type) && typeof c.valuesKey === "string") {
        if (c.valuesKey.startsWith("query:")) keys.add(c.valuesKey.slice(6));
      }
      if (CONTAINERS.has(c.type)) walk(c.components ?? []);
    }
  };
  if (isSchema(schema)) walk(schema.components);
  return [...keys];
}

/**
 * Pure rules of form-js forms: which tenant form a camunda:formKey names, whether a schema can
 * be saved, and where each keyed field of a schema lives in the submitted data. Checking the
 * submitted values is in forms.validate.ts. Tested directly (tests/workflow/forms.test.ts).
 */
import { type FieldError, Problem } from "../../../shared/http/problem.ts";

/** A form key: a letter first, then letters, digits, `_`, `.` and `-` (at most 100). */
export const FORM_KEY = /^[A-Za-z][A-Za-z0-9_.-]{0,99}$/;
export const isFormKey = (key: string) => FORM_KEY.test(key);

/** A form-js component as stored (only what the server reads is typed). */
export interface Component {
  type: string;
  id?: string;
  key?: string;
  path?: string;
  label?: string;
  components?: Component[];
  values?: { label?: string; value: unknown }[];
  valuesKey?: string;
  valuesExpression?: string;
  validate?: {
    required?: boolean;
    min?: number | string;
    max?: number | string;
    minLength?: number | string;
    maxLength?: number | string;
    pattern?: string;
    validationType?: string;
  };
  subtype?: string;
  multiple?: boolean | string;
  decimalDigits?: number;
  serializeToString?: boolean;
  conditional?: { hide?: string };
  [other: string]: unknown;
}

export interface FormSchema {
  type?: string;
  components: Component[];
  [other: string]: unknown;
}

/** Components that bind a value under their `key`. */
export const KEYED = new Set([
  "textfield",
  "textarea",
  "number",
  "checkbox",
  "checklist",
  "radio",
  "select",
  "taglist",
  "datetime",
  "filepicker",
]);
/** Components whose values come from a list of options. */
export const WITH_OPTIONS = new Set(["checklist", "radio", "select", "taglist"]);
/** Containers: a group (fields of it, optionally under `path`) and a repeating list. */
export const CONTAINERS = new Set(["group", "dynamiclist"]);

/**
 * The tenant form a camunda:formKey names: `camunda-forms:deployment:<key>.form` (how Camunda
 * Modeler links a deployed form), `form:<key>`, or a bare `<key>`. Anything else (an embedded
 * or external form address) is not a tenant form: null.
 */
export function formKeyName(formKey: string | null | undefined): string | null {
  const raw = (formKey ?? "").trim();
  if (!raw) return null;
  const deployed = /^camunda-forms:deployment:(.+?)(\.form)?$/.exec(raw);
  const key = deployed ? deployed[1] : raw.startsWith("form:") ? raw.slice(5) : raw;
  return isFormKey(key) ? key : null;
}

const MAX_SCHEMA_BYTES = 512 * 1024;
const MAX_DEPTH = 8;
/** A binding path: dot-separated identifiers (form-js nests data along the dots). */
const PATH = /^[A-Za-z_$][A-Za-z0-9_$-]*(\.[A-Za-z_$][A-Za-z0-9_$-]*)*$/;

export function isSchema(v: unknown): v is FormSchema {
  return !!v && typeof v === "object" && !Array.isArray(v) &&
    Array.isArray((v as FormSchema).components);
}

/**
 * Whether a schema can be saved: an object with a components list, every component typed,
 * every keyed field with a usable and (within its data scope) unique key, patterns that
 * compile, size and nesting bounded.
 */
export function checkSchema(schema: unknown): FieldError[] {
  if (!isSchema(schema)) {
    return [{ path: "schema", message: "Must be a form-js schema with a components list" }];
  }
  if (JSON.stringify(schema).length > MAX_SCHEMA_BYTES) {
    return [{ path: "schema", message: "The form is too large (at most 512 KB)" }];
  }
  const errors: FieldError[] = [];
  const walk = (list: unknown, where: string, depth: number, seen: Set<string>) => {
    if (!Array.isArray(list)) {
      errors.push({ path: where, message: "Must be a list of components" });
      return;
    }
    if (depth > MAX_DEPTH) {
      errors.push({ path: where, message: "Groups are nested too deeply" });
      return;
    }
    list.forEach((raw, i) => {
      const at = `${where}[${i}]`;
      const c = raw as Component;
      if (!c || typeof c !== "object" || typeof c.type !== "string") {
        errors.push({ path: at, message: "A component needs a type" });
        return;
      }
      if (KEYED.has(c.type)) {
        if (typeof c.key !== "string" || !PATH.test(c.key) || !safePath(c.key)) {
          errors.push({ path: `${at}.key`, message: "A field needs a key (letters, digits, _)" });
        } else if (seen.has(c.key)) {
          errors.push({ path: `${at}.key`, message: `The key "${c.key}" is used twice` });
        } else seen.add(c.key);
        const pattern = c.validate?.pattern;
        if (pattern !== undefined && pattern !== "" && !compiles(pattern)) {
          errors.push({ path: `${at}.validate.pattern`, message: "Not a valid pattern" });
        }
      }
      if (CONTAINERS.has(c.type)) {
        const path = typeof c.path === "string" && c.path ? c.path : null;
        if (path && (!PATH.test(path) || !safePath(path))) {
          errors.push({ path: `${at}.path`, message: "Not a valid data path" });
        }
        if (c.type === "dynamiclist" && !path) {
          errors.push({ path: `${at}.path`, message: "A repeating list needs a data path" });
        }
        // A group without a path shares its parent's data; with a path it starts afresh.
        const scope = path ? new Set<string>() : seen;
        if (path && seen.has(path)) {
          errors.push({ path: `${at}.path`, message: `The key "${path}" is used twice` });
        } else if (path) seen.add(path);
        walk(c.components ?? [], `${at}.components`, depth + 1, scope);
      }
    });
  };
  walk(schema.components, "schema.components", 0, new Set());
  return errors;
}

function compiles(pattern: string) {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

/** Every form key named in a process model's start events and user tasks. */
export function referencedForms(
  elements: Record<string, { type: string; formKey?: string }>,
): string[] {
  const keys = new Set<string>();
  for (const el of Object.values(elements)) {
    if (el.type !== "startEvent" && el.type !== "userTask") continue;
    const key = formKeyName(el.formKey);
    if (key) keys.add(key);
  }
  return [...keys].sort();
}

/** Names that would reach an object's prototype instead of its own data. */
const UNSAFE = new Set(["__proto__", "prototype", "constructor"]);
const safePath = (path: string) => !path.split(".").some((p) => UNSAFE.has(p));

/** The value at a dotted path of an object (undefined when any step is missing). */
export function getPath(data: unknown, path: string): unknown {
  let at: unknown = data;
  for (const part of path.split(".")) {
    if (UNSAFE.has(part) || !at || typeof at !== "object" || Array.isArray(at)) return undefined;
    if (!Object.hasOwn(at, part)) return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

/** Sets a value at a dotted path, creating objects on the way. */
export function setPath(data: Record<string, unknown>, path: string, value: unknown) {
  if (!safePath(path)) return;
  const parts = path.split(".");
  let at = data;
  for (const part of parts.slice(0, -1)) {
    const next = at[part];
    if (!next || typeof next !== "object" || Array.isArray(next)) at[part] = {};
    at = at[part] as Record<string, unknown>;
  }
  at[parts.at(-1)!] = value;
}

/** Every keyed field of a schema (groups flattened; a repeating list counts as one field). */
export function schemaFields(schema: unknown): { key: string; label: string; type: string }[] {
  if (!isSchema(schema)) return [];
  const out: { key: string; label: string; type: string }[] = [];
  const walk = (list: Component[], prefix: string) => {
    for (const c of list ?? []) {
      if (KEYED.has(c.type) && c.key) {
        out.push({ key: prefix + c.key, label: c.label ?? c.key, type: c.type });
      } else if (c.type === "group") {
        walk(c.components ?? [], c.path ? `${prefix}${c.path}.` : prefix);
      } else if (c.type === "dynamiclist" && c.path) {
        out.push({ key: prefix + c.path, label: c.label ?? c.path, type: c.type });
      }
    }
  };
  walk(schema.components, "");
  return out;
}

/** Validation failures of a form submission: 422 listing every field. */
export function invalidSubmission(errors: { path: string; message: string }[]) {
  return new Problem(
    422,
    "validation",
    "Unprocessable Content",
    "The form is not filled in correctly.",
    errors,
  );
}

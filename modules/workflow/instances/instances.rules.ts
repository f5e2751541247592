/**
 * Pure rules of the instances feature: who sees and manages instances, and what a start form
 * accepts. Tested directly and through the API.
 */
import { type FieldError, problems } from "../../../shared/http/problem.ts";
import { hasPermission } from "../../../shared/rbac/permissions.ts";
import type { ElementType, FormField, ProcessModel } from "../common/model.lib.ts";
import { EngineError } from "../engine/engine.types.lib.ts";

/**
 * Instance management (cancel, suspend, resume, variables, incidents, migration) and seeing
 * every instance are for those who may change definitions (owners and admins by default):
 * Camunda gives Cockpit to operators, not to the people who start processes.
 */
export const MANAGE_PERMISSION = "workflow.definition.write";
export const canManage = (permissions: readonly string[]) =>
  hasPermission(permissions, MANAGE_PERMISSION);

/** A variable name as FEEL and the designer's expressions can reach it. */
export const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** The largest variables object one request may write (as JSON). */
export const MAX_VARIABLES_BYTES = 256 * 1024;

/** The start form of a version: the fields of its first (none) start event. */
export function startFormFields(model: ProcessModel | null | undefined): FormField[] {
  const start = model?.startEvents?.[0];
  return (start && model?.elements?.[start]?.formFields) || [];
}

const DAY = /^\d{4}-\d\d-\d\d$/;
const isDate = (v: unknown) =>
  typeof v === "string" &&
  (DAY.test(v) || /^\d{4}-\d\d-\d\dT/.test(v)) && !Number.isNaN(Date.parse(v));

/** Checks JSON variables against a start form: required fields present, values of the type. */
export function checkFormValues(
  fields: FormField[],
  values: Record<string, unknown>,
  prefix = "body.variables",
): FieldError[] {
  const errors: FieldError[] = [];
  for (const f of fields) {
    const v = values[f.id];
    const path = `${prefix}.${f.id}`;
    if (v === undefined || v === null || v === "") {
      if (f.required) errors.push({ path, message: `${f.label || f.id} is required` });
      continue;
    }
    const ok = f.type === "string"
      ? typeof v === "string"
      : f.type === "long"
      ? typeof v === "number" && Number.isSafeInteger(v)
      : f.type === "boolean"
      ? typeof v === "boolean"
      : f.type === "date"
      ? isDate(v)
      : typeof v === "string" && (f.values ?? []).some((o) => o.id === v);
    if (!ok) errors.push({ path, message: `${f.label || f.id}: ${expected(f)}` });
  }
  return errors;
}

function expected(f: FormField): string {
  switch (f.type) {
    case "long":
      return "expected a whole number";
    case "boolean":
      return "expected true or false";
    case "date":
      return "expected a date (YYYY-MM-DD)";
    case "enum":
      return `expected one of ${(f.values ?? []).map((o) => o.id).join(", ")}`;
    default:
      return "expected text";
  }
}

/**
 * A submitted HTML form as JSON variables of the form's types: numbers as numbers, a checkbox
 * as a boolean, empty optional fields left out. Values that do not convert stay text, so
 * checkFormValues names them.
 */
export function formToVariables(
  fields: FormField[],
  form: Record<string, string | string[] | undefined>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const raw = form[`field.${f.id}`];
    const v = (Array.isArray(raw) ? raw[raw.length - 1] : raw ?? "").trim();
    if (f.type === "boolean") out[f.id] = v === "on" || v === "true";
    else if (v === "") continue;
    else if (f.type === "long") out[f.id] = /^-?\d+$/.test(v) ? Number(v) : v;
    else out[f.id] = v;
  }
  return out;
}

/** Variable names that FEEL could not reach, and a size check, for an admin's edit. */
export function checkVariables(vars: Record<string, unknown>): FieldError[] {
  const errors: FieldError[] = [];
  for (const k of Object.keys(vars)) {
    if (!VARIABLE_NAME.test(k)) {
      errors.push({ path: `body.variables.${k}`, message: "Not a valid variable name" });
    }
  }
  if (new TextEncoder().encode(JSON.stringify(vars)).length > MAX_VARIABLES_BYTES) {
    errors.push({ path: "body.variables", message: "Too large" });
  }
  return errors;
}

/** An element's name as people read it: its name in the model, else its id. */
export function elementName(model: ProcessModel | null | undefined, id: string | null) {
  if (!id) return null;
  return model?.elements?.[id]?.name || id;
}

/** Splits a list into batches of at most `size`. */
export function batches<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The engine's refusals as problem+json (404 unknown, 409 conflict, 422 business rule). */
export async function engine<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof EngineError) {
      throw err.status === 404
        ? problems.notFound(err.message)
        : err.status === 409
        ? problems.conflict(err.message)
        : problems.unprocessable(err.message);
    }
    throw err;
  }
}

/** Where a token can stand: everything but start, end and boundary events. */
const NOT_ACTIVITIES: ElementType[] = ["startEvent", "endEvent", "boundaryEvent"];
export function activitiesOf(model: ProcessModel | null | undefined) {
  return Object.values(model?.elements ?? {})
    .filter((e) => !NOT_ACTIVITIES.includes(e.type))
    .map((e) => ({ id: e.id, name: e.name || e.id, type: e.type }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

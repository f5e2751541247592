/**
 * Pure rules of user tasks: the form a task carries (whatever shape it was stored in) and the
 * checking of submitted data against it. Tested directly and through the API.
 */
import type { FormField } from "../common/model.lib.ts";
import { type FieldError, problems } from "../../../shared/http/problem.ts";
import type { Session } from "../../../shared/modules.ts";
import { hasPermission } from "../../../shared/rbac/permissions.ts";
import type { TaskRow } from "./tasks.repo.ts";
import type { Task, TaskDetail } from "./tasks.schemas.ts";

export type { FormField };

export const OPEN_STATES = ["created", "claimed", "delegated"] as const;
export { PRIORITIES, type Priority, TASK_STATES, type TaskState } from "./tasks.schemas.ts";

/** How long before its due time a task counts as "due soon" (reminder, badge). */
export const DUE_SOON_MS = 24 * 3600_000;

const FORM_JS_TYPES: Record<string, FormField["type"]> = {
  textfield: "string",
  textarea: "string",
  number: "long",
  checkbox: "boolean",
  datetime: "date",
  select: "enum",
  radio: "enum",
};

/**
 * The fields of a stored form: a camunda:formData field list (the compiler's FormField[]),
 * `{fields: [...]}`, or a form-js schema (`{components: [...]}`, read for its keyed inputs).
 */
export function formFields(form: unknown): FormField[] {
  if (!form || typeof form !== "object") return [];
  if (Array.isArray(form)) return form.filter(isField);
  const f = form as { fields?: unknown; components?: unknown };
  if (Array.isArray(f.fields)) return f.fields.filter(isField);
  if (!Array.isArray(f.components)) return [];
  return f.components.flatMap((c: Record<string, unknown>) => {
    const type = FORM_JS_TYPES[String(c?.type)];
    if (!type || typeof c.key !== "string") return [];
    const values = Array.isArray(c.values)
      ? c.values.map((v: { value: unknown; label: unknown }) => ({
        id: String(v.value),
        name: String(v.label ?? v.value),
      }))
      : undefined;
    return [{
      id: c.key,
      label: String(c.label ?? c.key),
      type,
      required: !!(c.validate as { required?: boolean } | undefined)?.required,
      values,
    }];
  });
}

function isField(f: unknown): f is FormField {
  const x = f as FormField;
  return !!x && typeof x.id === "string" && typeof x.type === "string";
}

const empty = (v: unknown) => v === undefined || v === null || v === "";

/** One value read as its field's type; undefined when it cannot be. */
function coerce(field: FormField, v: unknown): unknown {
  switch (field.type) {
    case "string":
      return typeof v === "string" ? v : typeof v === "number" ? String(v) : undefined;
    case "long": {
      const n = typeof v === "string" && /^-?\d+$/.test(v.trim()) ? Number(v) : v;
      return typeof n === "number" && Number.isSafeInteger(n) ? n : undefined;
    }
    case "boolean":
      if (typeof v === "boolean") return v;
      if (v === "true" || v === "on") return true;
      return v === "false" ? false : undefined;
    case "date":
      return typeof v === "string" &&
          /^\d{4}-\d\d-\d\d([T ][\d:.]+(Z|[+-]\d\d:?\d\d)?)?$/.test(v) &&
          !Number.isNaN(Date.parse(v))
        ? v
        : undefined;
    case "enum": {
      const s = typeof v === "string" ? v : undefined;
      return s !== undefined && (field.values ?? []).some((x) => x.id === s) ? s : undefined;
    }
  }
}

const TYPE_MESSAGES: Record<FormField["type"], string> = {
  string: "Must be text",
  long: "Must be a whole number",
  boolean: "Must be true or false",
  date: "Must be a date (YYYY-MM-DD)",
  enum: "Must be one of the offered choices",
};

/**
 * Checks submitted data against the form: required fields present, every value of its type
 * (numbers and booleans may come as form strings). Keys the form does not name are kept as
 * given (API clients may set further variables). Defaults fill absent optional fields.
 */
export function validateFormData(
  fields: FormField[],
  data: Record<string, unknown>,
): { values: Record<string, unknown>; errors: FieldError[] } {
  const values: Record<string, unknown> = { ...data };
  const errors: FieldError[] = [];
  for (const field of fields) {
    let v = data[field.id];
    if (empty(v) && field.type === "boolean" && !field.required) v = false;
    if (empty(v) && field.defaultValue !== undefined && field.defaultValue !== "") {
      v = field.defaultValue;
    }
    if (empty(v)) {
      if (field.required) errors.push({ path: `data.${field.id}`, message: "Required" });
      delete values[field.id];
      continue;
    }
    const c = coerce(field, v);
    if (c === undefined) {
      errors.push({ path: `data.${field.id}`, message: TYPE_MESSAGES[field.type] });
    } else if (field.type === "string" && field.required && !(c as string).trim()) {
      errors.push({ path: `data.${field.id}`, message: "Required" });
    } else values[field.id] = c;
  }
  return { values, errors };
}

/** Whether an open task is past its due time / due within DUE_SOON_MS. */
export function dueState(dueAt: string | null, state: string, now = Date.now()) {
  if (!dueAt || !(OPEN_STATES as readonly string[]).includes(state)) return "none";
  const due = Date.parse(dueAt);
  return due <= now ? "overdue" : due - now <= DUE_SOON_MS ? "soon" : "none";
}

export const TASK_WRITE = "workflow.task.write";
/**
 * Seeing every task of the tenant and reassigning anyone's: the people who design and deploy
 * processes (admins and owners by default; a custom role can be granted it). Every built-in
 * role reads all of workflow.*, so no read permission can single supervisors out.
 */
export const SUPERVISE = "workflow.definition.write";

export const isSupervisor = (s: Session) => hasPermission(s.permissions, SUPERVISE);
export const canWrite = (s: Session) => hasPermission(s.permissions, TASK_WRITE);
export const isOpen = (r: TaskRow) => (OPEN_STATES as readonly string[]).includes(r.state);
export const isCandidate = (r: TaskRow, s: Session) =>
  r.candidateUsers.includes(s.userId) || r.candidateRoles.some((x) => s.roles.includes(x));

export function involved(r: TaskRow, s: Session) {
  const me = s.userId;
  return r.assignee === me || r.owner === me || r.createdBy === me || r.startedBy === me ||
    isCandidate(r, s);
}

export function toTask(r: TaskRow): Task {
  return {
    id: r.id,
    instanceId: r.instanceId,
    definitionId: r.definitionId,
    elementId: r.elementId,
    name: r.name,
    description: r.description,
    state: r.state,
    assignee: r.assignee,
    assigneeName: r.assigneeName,
    owner: r.owner,
    ownerName: r.ownerName,
    candidateUsers: r.candidateUsers,
    candidateRoles: r.candidateRoles,
    priority: r.priority,
    dueAt: r.dueAt,
    followUpAt: r.followUpAt,
    overdue: r.overdue,
    formKey: r.formKey,
    formFields: formFields(r.form),
    data: r.data,
    createdBy: r.createdBy,
    createdAt: r.createdAt,
    claimedAt: r.claimedAt,
    completedAt: r.completedAt,
    completedBy: r.completedBy,
  };
}

/** What the session may do with the task now. */
export function permitted(r: TaskRow, s: Session): TaskDetail["can"] {
  const me = s.userId;
  const w = canWrite(s) && isOpen(r);
  const sup = isSupervisor(s);
  return {
    claim: w && r.state === "created" && !r.assignee && isCandidate(r, s),
    unclaim: w && r.state === "claimed" && (r.assignee === me || sup),
    complete: w && r.state !== "created" && r.assignee === me,
    delegate: w && r.state !== "created" && (r.assignee === me || sup),
    reassign: w && (sup || r.assignee === me || r.owner === me),
    edit: w && (sup || r.assignee === me || r.owner === me || r.createdBy === me),
    cancel: w && !r.instanceId && (sup || r.createdBy === me),
  };
}

export function mustBeOpen(r: TaskRow) {
  if (!isOpen(r)) throw problems.conflict(`The task is already ${r.state}.`);
}

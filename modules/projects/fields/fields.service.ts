import type { Actor, SystemActor } from "../../../shared/http/actor.ts";
import type { Session } from "../../../shared/http/env.ts";
import { type FieldError, Problem, problems } from "../../../shared/http/problem.ts";
import { fold } from "../../../shared/text/fold.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import { projectAccess, requireProjectRole } from "../access/access.service.ts";
import { selectMembers } from "../projects/projects.repo.ts";
import type { FieldBody, FieldPatch } from "./fields.schemas.ts";
import {
  checkBounds,
  checkCustomFields,
  checkFilter,
  checkOptions,
  type FieldDef,
  type FieldFilter,
  type FieldWrite,
  hasOptions,
  MAX_FIELDS_PER_PROJECT,
  parseFilterParam,
  type SortDir,
  validSortKey,
} from "./fields.rules.ts";
import {
  breakdownRows,
  clearOptions,
  countFields,
  deleteField,
  type FieldQuery,
  fieldSortKey,
  filledFields,
  insertField,
  nameTaken,
  optionUsage,
  peopleNamed,
  reorderFields,
  selectField,
  selectFields,
  selectFieldsByIds,
  updateField,
  writeOptions,
  writeValues,
} from "./fields.repo.ts";

type Sql = SystemActor["sql"];

const shape = ({ options, ...f }: FieldDef) => ({
  ...f,
  options: options.map(({ position: _, ...o }) => o),
});

/** A 422 whose errors name the fields. */
const refused = (errors: FieldError[]) =>
  new Problem(
    422,
    "business-rule",
    "Unprocessable Content",
    errors.map((e) => e.message).join("; "),
    errors,
  );

/** The project's fields (any member may read them). */
export async function listFields(actor: Actor, projectId: string) {
  await projectAccess(actor, projectId);
  return { items: (await selectFields(actor.sql, projectId)).map(shape) };
}

/** For pages that have already checked access. */
export const fieldsOf = ({ sql }: Pick<SystemActor, "sql">, projectId: string) =>
  selectFields(sql, projectId);

/** A field of this project, or 404 (also for another project's or tenant's field). */
async function fieldIn(sql: Sql, projectId: string, fieldId: string) {
  const def = await selectField(sql, fieldId);
  if (!def || def.projectId !== projectId) throw problems.notFound("No such field.");
  return def;
}

async function activity(
  sql: Sql,
  projectId: string,
  action: string,
  summary: string,
  data: { before?: Record<string, unknown>; after?: Record<string, unknown> },
) {
  await recordActivity({ sql }, {
    module: "projects",
    entityType: "project",
    entityId: projectId,
    action,
    summary,
    ...data,
  });
}

export async function createField(
  actor: Actor,
  { projectId, body }: { projectId: string; body: FieldBody },
) {
  const { sql } = actor;
  await requireProjectRole(actor, { projectId, needed: "manager" });
  const errors: FieldError[] = [];
  if (await countFields(sql, projectId) >= MAX_FIELDS_PER_PROJECT) {
    throw problems.unprocessable(`A project has at most ${MAX_FIELDS_PER_PROJECT} fields.`);
  }
  const nameKey = fold(body.name);
  if (await nameTaken(sql, projectId, nameKey)) {
    errors.push({ path: "name", message: `${body.name}: a field with this name exists` });
  }
  const options = hasOptions(body.type) ? body.options : [];
  if (hasOptions(body.type) && !options.length) {
    errors.push({ path: "options", message: `${body.name}: choose at least one option` });
  }
  const optionError = checkOptions(body.name, options, new Set(), fold);
  if (optionError) errors.push({ path: "options", message: optionError });
  const number = body.type === "number";
  const boundError = number ? checkBounds(body.name, body.min, body.max) : null;
  if (boundError) errors.push({ path: "min", message: boundError });
  if (errors.length) throw refused(errors);
  const id = await insertField(sql, projectId, {
    name: body.name,
    nameKey,
    type: body.type,
    required: body.required,
    description: body.description,
    min: number ? body.min : null,
    max: number ? body.max : null,
  });
  if (options.length) await writeOptions(sql, id, options);
  const def = (await selectField(sql, id))!;
  await activity(sql, projectId, "field-created", `Added the field ${def.name}`, {
    after: { projectId, name: def.name, type: def.type },
  });
  return shape(def);
}

export async function changeField(
  actor: Actor,
  { projectId, fieldId, body }: { projectId: string; fieldId: string; body: FieldPatch },
) {
  const { sql } = actor;
  await requireProjectRole(actor, { projectId, needed: "manager" });
  const before = await fieldIn(sql, projectId, fieldId);
  const name = body.name ?? before.name;
  const nameKey = fold(name);
  const errors: FieldError[] = [];
  if (await nameTaken(sql, projectId, nameKey, fieldId)) {
    errors.push({ path: "name", message: `${name}: a field with this name exists` });
  }
  const number = before.type === "number";
  const min = number ? (body.min === undefined ? before.min : body.min) : null;
  const max = number ? (body.max === undefined ? before.max : body.max) : null;
  const boundError = number ? checkBounds(name, min, max) : null;
  if (boundError) errors.push({ path: "min", message: boundError });
  let removed: string[] = [];
  if (body.options !== undefined) {
    if (!hasOptions(before.type)) {
      if (body.options.length) {
        errors.push({ path: "options", message: `${name}: this type of field has no options` });
      }
    } else {
      const known = new Set(before.options.map((o) => o.id));
      const optionError = checkOptions(name, body.options, known, fold);
      if (optionError) errors.push({ path: "options", message: optionError });
      else if (!body.options.length) {
        errors.push({ path: "options", message: `${name}: choose at least one option` });
      }
      const kept = new Set(body.options.flatMap((o) => (o.id ? [o.id.toLowerCase()] : [])));
      removed = before.options.filter((o) => !kept.has(o.id)).map((o) => o.id);
      if (!body.clearRemovedOptions && !optionError) {
        for (const u of await optionUsage(sql, fieldId, removed)) {
          const label = before.options.find((o) => o.id === u.optionId)?.label;
          errors.push({
            path: "options",
            message: `${name}: the option "${label}" is used by ${u.tasks} task(s); ` +
              "keep it or set clearRemovedOptions",
          });
        }
      }
    }
  }
  if (errors.length) throw refused(errors);
  await updateField(sql, fieldId, {
    name,
    nameKey,
    required: body.required ?? before.required,
    description: body.description ?? before.description,
    min,
    max,
  });
  if (body.options !== undefined && hasOptions(before.type)) {
    await clearOptions(sql, fieldId, removed);
    await writeOptions(
      sql,
      fieldId,
      body.options.map((o) => ({ ...o, id: o.id?.toLowerCase() })),
    );
  }
  const after = (await selectField(sql, fieldId))!;
  const audit = (f: FieldDef) => ({
    name: f.name,
    required: f.required,
    description: f.description,
    options: f.options.map((o) => o.label),
  });
  await activity(sql, projectId, "field-changed", `Changed the field ${after.name}`, {
    before: audit(before),
    after: { ...audit(after), projectId },
  });
  return shape(after);
}

export async function removeField(
  actor: Actor,
  { projectId, fieldId }: { projectId: string; fieldId: string },
) {
  const { sql } = actor;
  await requireProjectRole(actor, { projectId, needed: "manager" });
  const def = await fieldIn(sql, projectId, fieldId);
  await deleteField(sql, fieldId);
  await activity(sql, projectId, "field-deleted", `Deleted the field ${def.name}`, {
    before: { projectId, name: def.name, type: def.type },
  });
}

export async function orderFields(
  actor: Actor,
  { projectId, ids }: { projectId: string; ids: string[] },
) {
  const { sql } = actor;
  await requireProjectRole(actor, { projectId, needed: "manager" });
  const current = await selectFields(sql, projectId);
  const wanted = ids.map((i) => i.toLowerCase());
  const have = new Set(current.map((f) => f.id));
  if (
    new Set(wanted).size !== wanted.length || wanted.length !== have.size ||
    !wanted.every((i) => have.has(i))
  ) {
    throw refused([{ path: "ids", message: "List every field of the project once." }]);
  }
  await reorderFields(sql, projectId, wanted);
  return { items: (await selectFields(sql, projectId)).map(shape) };
}

// ---- values on tasks ----------------------------------------------------------------------

/**
 * Checks a task's `customFields` before anything is written (422 naming each field by name);
 * `save(taskId)` then writes them in the same transaction. Required fields must have a value
 * when a task is created (with or without `customFields`) and cannot be cleared later.
 */
export async function checkTaskFields(
  { sql }: Pick<SystemActor, "sql">,
  { projectId, taskId, input }: {
    projectId: string;
    taskId: string | null;
    input: Record<string, unknown> | undefined;
  },
): Promise<{ save: (taskId: string) => Promise<void> }> {
  const nothing = { save: async () => {} };
  const empty = !input || !Object.keys(input).length;
  if (taskId !== null && empty) return nothing;
  const defs = await selectFields(sql, projectId);
  if (!defs.length && empty) return nothing;
  const people = !empty && defs.some((d) => d.type === "person")
    ? new Set((await selectMembers(sql, projectId)).map((m) => m.userId))
    : new Set<string>();
  const { writes, errors } = checkCustomFields(defs, input, {
    creating: taskId === null,
    members: people,
  });
  if (errors.length) throw refused(errors);
  return { save: (id: string) => saveWrites(sql, id, writes) };
}

async function saveWrites(sql: Sql, taskId: string, writes: FieldWrite[]) {
  if (writes.length) await writeValues(sql, taskId, writes);
}

/** The fields a task has values for (the task page marks required ones left empty). */
export const filledOf = ({ sql }: Pick<SystemActor, "sql">, taskId: string) =>
  filledFields(sql, taskId);

// ---- task list: filters and sort ----------------------------------------------------------

/**
 * Turns the task list's `cf` filters and `sortField`/`sortDir` into checked conditions: 400
 * (naming the field) for a filter that does not fit its field, an unknown field id or one of a
 * project the caller cannot see.
 */
export async function taskFieldQuery(
  { sql, session }: { sql: Sql; session: Session },
  q: { cf?: string | string[]; sortField?: string; sortDir?: SortDir; cursor?: string },
): Promise<FieldQuery> {
  const raw = q.cf === undefined ? [] : Array.isArray(q.cf) ? q.cf : [q.cf];
  if (!raw.length && !q.sortField) return {};
  const errors: FieldError[] = [];
  const parsed = raw.map((s) => {
    const p = parseFilterParam(s);
    if (!p) {
      errors.push({
        path: "query.cf",
        message: `"${s.slice(0, 80)}" is not <fieldId>:<operator>:<value>`,
      });
    }
    return p;
  });
  const ids = [
    ...new Set([
      ...parsed.flatMap((p) => (p ? [p.fieldId] : [])),
      ...(q.sortField ? [q.sortField.toLowerCase()] : []),
    ]),
  ];
  const defs = await visibleFields(sql, session, ids);
  const filters: FieldFilter[] = [];
  for (const p of parsed) {
    if (!p) continue;
    const def = defs.get(p.fieldId);
    if (!def) {
      errors.push({ path: "query.cf", message: `${p.fieldId} is not a field` });
      continue;
    }
    const r = checkFilter(def, p, session.userId);
    if (r.ok) filters.push(r.filter);
    else errors.push({ path: "query.cf", message: r.reason });
  }
  const sortDef = q.sortField ? defs.get(q.sortField.toLowerCase()) : undefined;
  if (q.sortField && !sortDef) {
    errors.push({ path: "query.sortField", message: `${q.sortField} is not a field` });
  }
  if (errors.length) throw problems.validation(errors);
  return {
    fieldFilters: filters,
    fieldSort: sortDef ? fieldSortKey(sql, sortDef, q.sortDir ?? "asc") : undefined,
    fieldSortType: sortDef?.type,
  };
}

/** Whether a cursor key fits the field sort (checked before it reaches SQL). */
export const fieldCursorValid = (type: FieldDef["type"], key: string) => validSortKey(type, key);

async function visibleFields(sql: Sql, session: Session, ids: string[]) {
  const defs = await selectFieldsByIds(sql, ids);
  const out = new Map<string, FieldDef>();
  const seen = new Map<string, boolean>();
  for (const d of defs) {
    if (!seen.has(d.projectId)) {
      seen.set(
        d.projectId,
        await projectAccess({ sql, session }, d.projectId).then(() => true, () => false),
      );
    }
    if (seen.get(d.projectId)) out.set(d.id, d);
  }
  return out;
}

// ---- reports ------------------------------------------------------------------------------

/** Task counts of a project by a select, multi-select or person field. */
export async function fieldBreakdown(
  actor: Actor,
  { projectId, fieldId }: { projectId: string; fieldId: string },
) {
  const { sql, session } = actor;
  await projectAccess(actor, projectId);
  const def = await fieldIn(sql, projectId, fieldId);
  if (!hasOptions(def.type) && def.type !== "person") {
    throw refused([{
      path: "fieldId",
      message: `${def.name}: only choice and person fields can be broken down`,
    }]);
  }
  const rows = await breakdownRows(sql, session, def);
  const names = def.type === "person"
    ? await peopleNamed(sql, rows.flatMap((r) => (r.key ? [r.key] : [])))
    : new Map<string, string>();
  const options = new Map(def.options.map((o) => [o.id, o]));
  return {
    field: shape(def),
    items: rows.map((r) => ({
      key: r.key,
      label: r.key === null ? "" : options.get(r.key)?.label ?? names.get(r.key) ?? "",
      color: r.key === null ? null : options.get(r.key)?.color ?? null,
      count: r.count,
      open: r.open,
    })),
  };
}

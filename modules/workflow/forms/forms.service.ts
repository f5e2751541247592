/**
 * Forms: form-js schemas saved as numbered versions per key (each save is a new version; a
 * version never changes), listed and read by anyone who works tasks, edited by process
 * designers, deleted only while no deployed process uses them. Every change is audited.
 */
import { uuidv7 } from "uuidv7";
import type { Actor, SystemActor } from "../../../shared/http/actor.ts";
import type { Sql } from "../../../shared/db/database.ts";
import { inSavepoint } from "../../../shared/db/savepoint.ts";
import { problems } from "../../../shared/http/problem.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import { runSavedQuery } from "../queries/queries.service.ts";
import {
  deleteForm,
  findForm,
  insertForm,
  lockKey,
  selectForms,
  selectVersions,
  taskFileIds,
  taskFormRow,
  usedBy,
} from "./forms.repo.ts";
import {
  checkSchema,
  invalidSubmission,
  isFormKey,
  isSchema,
  schemaFields,
} from "./forms.rules.ts";
import { type Option, queryKeysOf, validateSubmission } from "./forms.validate.lib.ts";
import type { FormDetail, FormSummary, SaveFormInput } from "./forms.schemas.ts";

export async function listForms(actor: Actor): Promise<{ items: FormSummary[] }> {
  const rows = await selectForms(actor.sql);
  return {
    items: rows.map(({ schemaJson, ...r }) => ({
      ...r,
      fieldCount: schemaFields(JSON.parse(schemaJson)).length,
    })),
  };
}

export async function getForm(
  actor: Actor,
  { key, version }: { key: string; version?: number },
): Promise<FormDetail> {
  const row = isFormKey(key) ? await findForm(actor.sql, key, version) : null;
  if (!row) throw problems.notFound(version ? "No such version of the form." : "No such form.");
  return {
    ...row,
    schema: row.schema as Record<string, unknown>,
    versions: await selectVersions(actor.sql, key),
    usedBy: await usedBy(actor.sql, key),
  };
}

/** Saves the schema as the key's next version (the first save creates the form). */
export async function saveForm(
  actor: Actor,
  { key, input }: { key: string; input: SaveFormInput },
) {
  if (!isFormKey(key)) {
    throw problems.validation([{
      path: "key",
      message: "A letter first, then letters, digits, _, . or - (at most 100)",
    }]);
  }
  const errors = checkSchema(input.schema);
  if (errors.length) throw problems.validation(errors, "The form cannot be saved.");
  const { sql } = actor;
  await lockKey(sql, key);
  const latest = await findForm(sql, key);
  const version = (latest?.version ?? 0) + 1;
  await insertForm(sql, {
    id: uuidv7(),
    key,
    version,
    name: input.name,
    schema: input.schema,
    by: actor.session.userId,
  });
  await recordActivity({ sql }, {
    module: "workflow",
    entityType: "form",
    entityId: key,
    action: latest ? "updated" : "created",
    summary: latest
      ? `Saved version ${version} of the form ${input.name}`
      : `Created the form ${input.name}`,
    before: latest ? { version: latest.version, name: latest.name } : null,
    after: { version, name: input.name, fields: schemaFields(input.schema).map((f) => f.key) },
  });
  return await getForm(actor, { key, version });
}

export async function removeForm(actor: Actor, key: string): Promise<void> {
  const latest = isFormKey(key) ? await findForm(actor.sql, key) : null;
  if (!latest) throw problems.notFound("No such form.");
  await lockKey(actor.sql, key);
  const uses = await usedBy(actor.sql, key);
  if (uses > 0) {
    throw problems.conflict(`${uses} deployed process version(s) use this form; it stays.`);
  }
  await deleteForm(actor.sql, key);
  await recordActivity(actor, {
    module: "workflow",
    entityType: "form",
    entityId: key,
    action: "deleted",
    summary: `Deleted the form ${latest.name}`,
    before: { version: latest.version, name: latest.name },
  });
}

/**
 * The form-js schema a task carries (pinned when its process created it), if it has one, with
 * data-query options filled in as they are now.
 */
export async function taskSchema(
  actor: SystemActor,
  taskId: string,
): Promise<Record<string, unknown> | null> {
  const { sql } = actor;
  const row = await taskFormRow(sql, taskId);
  if (!row || !isSchema(row.form)) return null;
  return await withQueryOptions(actor, row.form as Record<string, unknown>);
}

/** One saved query's rows as options: columns `value`/`label`, else the first two columns. */
async function runOptions(actor: SystemActor, key: string): Promise<Option[]> {
  const { sql } = actor;
  const run = async (tx: Sql) => {
    const result = await runSavedQuery({ ...actor, sql: tx }, { key, params: {} });
    const names = result.columns.map((c) => c.name);
    const v = names.includes("value") ? "value" : names[0];
    const l = names.includes("label") ? "label" : names[1] ?? v;
    return result.rows.map((r) => ({ value: r[v], label: String(r[l] ?? r[v] ?? "") }));
  };
  try {
    // A savepoint, so a query that fails leaves the caller's transaction usable.
    return await inSavepoint(sql, run);
  } catch {
    // A query that cannot run offers nothing, so no value of that field is accepted.
    return [];
  }
}

/** Options of the schema's `valuesKey: "query:<key>"` fields, by query key. */
export async function queryOptions(
  actor: SystemActor,
  schema: unknown,
): Promise<Record<string, Option[]>> {
  const out: Record<string, Option[]> = {};
  for (const key of queryKeysOf(schema)) out[key] = await runOptions(actor, key);
  return out;
}

/** The schema with each `query:` option source replaced by its current rows (for form-js). */
export async function withQueryOptions<S>(
  actor: SystemActor,
  schema: S,
): Promise<S> {
  const options = await queryOptions(actor, schema);
  if (!Object.keys(options).length) return schema;
  const swap = (c: unknown): unknown => {
    if (Array.isArray(c)) return c.map(swap);
    if (!c || typeof c !== "object") return c;
    const o = Object.fromEntries(Object.entries(c).map(([k, v]) => [k, swap(v)]));
    const vk = o.valuesKey;
    if (typeof vk === "string" && vk.startsWith("query:")) {
      delete o.valuesKey;
      o.values = (options[vk.slice(6)] ?? []).map((x) => ({
        value: x.value,
        label: x.label ?? String(x.value),
      }));
    }
    return o;
  };
  return swap(schema) as S;
}

/**
 * Checks a task's submission against its form-js schema; returns the typed values, or throws
 * 422 with every bad field. Tasks without a form-js schema answer null (their own rules apply).
 */
export async function checkTaskSubmission(
  actor: SystemActor,
  { taskId, data }: { taskId: string; data: Record<string, unknown> },
): Promise<Record<string, unknown> | null> {
  const { sql } = actor;
  const schema = await taskSchema(actor, taskId);
  if (!schema) return null;
  const { values, errors } = validateSubmission(schema, data, {
    queryOptions: await queryOptions(actor, schema),
    files: await taskFileIds(sql, taskId),
  });
  if (errors.length) throw invalidSubmission(errors);
  return values;
}

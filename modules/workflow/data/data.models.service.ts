/**
 * Data models: typed record types of the tenant. A field list is replaced as a whole; what
 * records already hold is protected: changing the type of a field with values is refused
 * (409), removing one is refused unless forced, and then its values leave every record (each
 * such record gets a history line, so nothing disappears unrecorded). A model is deleted only
 * when no record, saved query or other model's reference uses it.
 */
import type { Actor } from "../../../shared/http/actor.ts";
import type { Sql } from "../../../shared/db/database.ts";
import { problems } from "../../../shared/http/problem.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import * as repo from "./data.repo.ts";
import { checkFields, cleanField, fieldChanges, titleFieldOf } from "./data.rules.ts";
import type { FieldDef, Model, ModelCreate, ModelUpdate } from "./data.schemas.ts";
import { modelOrNotFound, stripFields } from "./data.records.service.ts";

export async function listModels(actor: Actor): Promise<{ items: Model[] }> {
  return { items: await repo.selectModels(actor.sql) };
}

export const getModel = (actor: Actor, key: string): Promise<Model> =>
  modelOrNotFound(actor, { key });

const auditView = (m: { name: string; description: string; fields: FieldDef[] }) => ({
  name: m.name,
  description: m.description,
  fields: m.fields.map((f) => f.label),
});

async function checkedFields(
  sql: Sql,
  key: string,
  fields: FieldDef[],
  titleField: string | null | undefined,
) {
  const errors = checkFields(fields, [...await repo.modelKeys(sql), key], titleField);
  if (errors.length) throw problems.validation(errors);
  const clean = fields.map(cleanField);
  return { fields: clean, titleField: titleFieldOf(clean, titleField) };
}

export async function createModel(actor: Actor, input: ModelCreate): Promise<Model> {
  const { sql } = actor;
  if (await repo.findModel(sql, input.key)) {
    throw problems.conflict(`A data model with the key ${input.key} exists already.`);
  }
  const checked = await checkedFields(sql, input.key, input.fields, input.titleField);
  const write = { key: input.key, name: input.name, description: input.description, ...checked };
  await repo.insertModel(sql, write, actor.session.userId ?? null);
  const model = await modelOrNotFound(actor, { key: input.key });
  await recordActivity({ sql }, {
    module: "workflow",
    entityType: "data_model",
    entityId: model.id,
    action: "created",
    summary: `Added the data model ${model.name}`,
    after: auditView(model),
  });
  return model;
}

export async function updateModel(
  actor: Actor,
  { key, input }: { key: string; input: ModelUpdate },
): Promise<Model> {
  const { sql } = actor;
  const before = await modelOrNotFound(actor, { key, lock: true });
  const next = input.fields ?? before.fields;
  const checked = await checkedFields(
    sql,
    key,
    next,
    input.titleField === undefined ? before.titleField : input.titleField,
  );
  const { removed, retyped } = fieldChanges(before.fields, checked.fields);
  const retypedInUse = await repo.fieldsInUse(sql, before.id, retyped);
  if (retypedInUse.length) {
    throw problems.conflict(
      `Records hold values of ${
        retypedInUse.join(", ")
      }: their type cannot change. Remove the field (forced) and add it again.`,
    );
  }
  const removedInUse = await repo.fieldsInUse(sql, before.id, removed);
  if (removedInUse.length && !input.force) {
    throw problems.conflict(
      `Records hold values of ${
        removedInUse.join(", ")
      }. Send force: true to remove the field and its values.`,
    );
  }
  const write = {
    key,
    name: input.name ?? before.name,
    description: input.description ?? before.description,
    ...checked,
  };
  await repo.updateModel(sql, before.id, write, actor.session.userId ?? null);
  if (removedInUse.length) {
    await stripFields(actor, { model: { ...before, ...write }, names: removedInUse });
  }
  const after = await modelOrNotFound(actor, { key });
  await recordActivity({ sql }, {
    module: "workflow",
    entityType: "data_model",
    entityId: after.id,
    action: "updated",
    summary: `Changed the data model ${after.name}`,
    before: auditView(before),
    after: auditView(after),
  });
  return after;
}

export async function deleteModel(actor: Actor, key: string): Promise<void> {
  const { sql } = actor;
  const model = await modelOrNotFound(actor, { key, lock: true });
  const usage = await repo.modelUsage(sql, model.id, model.key);
  if (usage.records > 0) {
    throw problems.conflict(`The data model has ${usage.records} records; delete them first.`);
  }
  if (usage.queries > 0) throw problems.conflict("Saved data queries read this data model.");
  if (usage.referencedBy.length) {
    throw problems.conflict(`Referenced by the data models ${usage.referencedBy.join(", ")}.`);
  }
  await repo.deleteModel(sql, model.id);
  await recordActivity({ sql }, {
    module: "workflow",
    entityType: "data_model",
    entityId: model.id,
    action: "deleted",
    summary: `Removed the data model ${model.name}`,
    before: auditView(model),
  });
}

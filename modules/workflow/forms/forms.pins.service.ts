/**
 * What other workflow features use of forms: pinning the forms a process version names when it
 * is deployed (definitions), the pinned schema of a user task or start event (engine, catalog)
 * and checking a submission against it (tasks, catalog).
 */
import type { SystemActor } from "../../../shared/http/actor.ts";
import { Problem } from "../../../shared/http/problem.ts";
import { insertPins, latestIds, pinnedByVersion, pinnedSchema } from "./forms.repo.ts";
import {
  formKeyName,
  invalidSubmission,
  isSchema,
  referencedForms,
  schemaFields,
} from "./forms.rules.ts";
import { queryOptions, withQueryOptions } from "./forms.service.ts";
import { validateSubmission } from "./forms.validate.lib.ts";

export { checkTaskSubmission, queryOptions, taskSchema } from "./forms.service.ts";

/**
 * Pins every form the deployed model names to its latest version now. A named form that does
 * not exist refuses the deployment (422), and the caller's transaction writes nothing.
 */
export async function pinDefinitionForms(
  actor: SystemActor,
  { versionId, model }: {
    versionId: string;
    model: { elements: Record<string, { type: string; id: string; formKey?: string }> };
  },
): Promise<void> {
  const { sql } = actor;
  const keys = referencedForms(model.elements);
  if (!keys.length) return;
  const found = await latestIds(sql, keys);
  const missing = Object.values(model.elements).filter((el) => {
    const key = formKeyName(el.formKey);
    return key && !found.has(key);
  });
  if (missing.length) {
    const names = [...new Set(missing.map((el) => formKeyName(el.formKey)))].join(", ");
    throw new Problem(
      422,
      "business-rule",
      "Unprocessable Content",
      `The process names forms that do not exist: ${names}.`,
      missing.map((el) => ({
        path: `elements.${el.id}.formKey`,
        message: `No form "${formKeyName(el.formKey)}"`,
      })),
    );
  }
  await insertPins(sql, versionId, found);
}

/** The pinned form-js schema for an element's formKey in a deployed version, or null. */
export async function pinnedForm(
  actor: SystemActor,
  { versionId, formKey }: { versionId: string; formKey: string | null | undefined },
): Promise<Record<string, unknown> | null> {
  const { sql } = actor;
  const key = formKeyName(formKey);
  if (!key) return null;
  const pinned = await pinnedSchema(sql, versionId, key);
  return pinned && isSchema(pinned.schema) ? pinned.schema as Record<string, unknown> : null;
}

interface ModelLike {
  startEvents: string[];
  elements: Record<string, { formKey?: string; formFields?: unknown[] }>;
}

/**
 * The form-js start form a deployed version pinned (none when it has embedded fields), with
 * data-query options filled in.
 */
export async function startFormSchema(
  actor: SystemActor,
  { definitionId, version, model }: { definitionId: string; version: number; model: ModelLike },
): Promise<Record<string, unknown> | null> {
  const { sql } = actor;
  const start = model.elements[model.startEvents?.[0] ?? ""];
  const key = formKeyName(start?.formKey);
  if (!key || start?.formFields?.length) return null;
  const schema = await pinnedByVersion(sql, definitionId, version, key);
  return isSchema(schema) ? await withQueryOptions(actor, schema as Record<string, unknown>) : null;
}

/**
 * Checks start variables against the version's form-js start form: 422 naming the bad fields.
 * The form's fields come back typed (hidden ones dropped); other variables an API client
 * passes alongside are kept, since they are not the form's.
 */
export async function checkStartForm(
  actor: SystemActor,
  { definitionId, version, model, variables }: {
    definitionId: string;
    version: number;
    model: ModelLike;
    variables: Record<string, unknown>;
  },
): Promise<Record<string, unknown>> {
  const schema = await startFormSchema(actor, { definitionId, version, model });
  if (!schema) return variables;
  const { values, errors } = validateSubmission(schema, variables, {
    queryOptions: await queryOptions(actor, schema),
  });
  if (errors.length) {
    throw invalidSubmission(
      errors.map((e) => ({ ...e, path: e.path.replace(/^data\./, "variables.") })),
    );
  }
  const formKeys = new Set(schemaFields(schema).map((f) => f.key.split(".")[0]));
  const others = Object.entries(variables).filter(([k]) => !formKeys.has(k));
  return { ...Object.fromEntries(others), ...values };
}

/**
 * Relations between tables and built-in datasets (left.field = right.field) that the query
 * builder joins over. Fields are checked to exist: a table's columns, or a dataset's fields as
 * the query door's catalog lists them (an unknown dataset is refused).
 */
import { uuidv7 } from "uuidv7";
import type { Actor } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import { datasetCatalog } from "../query/query.datasets.lib.ts";
import { findTable } from "./tables.repo.ts";
import { valid } from "./tables.schemas.ts";
import { type Relation, RelationInput, type RelSource } from "./relations.schemas.ts";
import { deleteRelation, insertRelation, selectRelations } from "./relations.repo.ts";
import { invalidateRelations } from "../cache/cache.service.ts";

/** The fields a source offers, or null when the source does not exist for this tenant. */
async function sourceFields(
  actor: Actor,
  source: RelSource,
  locale = "en",
): Promise<{ label: string; fields: { name: string; label: string }[] } | null> {
  if (source.kind === "table") {
    const table = await findTable(actor.sql, source.id);
    return table && { label: table.name, fields: table.columns };
  }
  const dataset = datasetCatalog(locale).find((d) => d.name === source.name);
  return dataset ? { label: dataset.label, fields: dataset.fields } : null;
}

export async function listRelations(actor: Actor): Promise<{ items: Relation[] }> {
  return { items: await selectRelations(actor.sql) };
}

export async function createRelation(actor: Actor, raw: RelationInput): Promise<Relation> {
  const input = valid(RelationInput, raw);
  const errors: { path: string; message: string }[] = [];
  const names: string[] = [];
  for (const side of ["left", "right"] as const) {
    const { source, field } = input[side];
    const found = await sourceFields(actor, source);
    if (!found) errors.push({ path: `body.${side}.source`, message: "No such table or dataset" });
    else {
      const f = found.fields.find((f) => f.name === field);
      if (!f) errors.push({ path: `body.${side}.field`, message: "No such field" });
      else names.push(`${found.label} › ${f.label}`);
    }
  }
  if (errors.length) throw problems.validation(errors);
  const id = uuidv7();
  const name = input.name || names.join(" = ");
  await insertRelation(actor.sql, id, name, input);
  await recordActivity(actor, {
    module: "analytics",
    entityType: "relation",
    entityId: id,
    action: "created",
    summary: `Defined the relation ${name}`,
  });
  return (await listRelations(actor)).items.find((r) => r.id === id)!;
}

export async function removeRelation(actor: Actor, id: string): Promise<void> {
  const name = await deleteRelation(actor.sql, id);
  if (name === null) throw problems.notFound("No such relation.");
  // Kept results of queries joined over it would still answer (cache.rules.ts ANY_SOURCE).
  await invalidateRelations(actor);
  await recordActivity(actor, {
    module: "analytics",
    entityType: "relation",
    entityId: id,
    action: "deleted",
    summary: `Removed the relation ${name}`,
  });
}

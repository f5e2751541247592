/**
 * The process catalog (Camunda Tasklist's "Start process"): what the caller may start, each
 * with the form of its start event; a submitted form becomes typed start variables.
 */
import type { CatalogEntry } from "./catalog.schemas.ts";

export type { CatalogEntry };
import { problems } from "../../../shared/http/problem.ts";
import { selectCatalog } from "./catalog.repo.ts";
import { startFormSchema } from "../forms/forms.pins.service.ts";
import { formToVariables, startFormFields } from "./instances.rules.ts";
import { type Actor, startProcess } from "./instances.service.ts";

export async function listCatalog(actor: Actor, only?: string): Promise<CatalogEntry[]> {
  const rows = await selectCatalog(actor.sql, only);
  return await Promise.all(rows.map(async (r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    category: r.category,
    version: r.version,
    running: r.running,
    fields: startFormFields(r.model),
    formSchema: await startFormSchema(actor, {
      definitionId: r.id,
      version: r.version,
      model: r.model,
    }),
  })));
}

/** Starts a catalog entry from its submitted start form; returns the new instance's id. */
export async function startFromForm(
  actor: Actor,
  { definitionId, form }: { definitionId: string; form: Record<string, string | string[]> },
) {
  const [entry] = await listCatalog(actor, definitionId);
  if (!entry) throw problems.notFound("No such process to start.");
  const businessKey = typeof form.businessKey === "string" ? form.businessKey.trim() : "";
  const started = await startProcess(actor, {
    definitionId,
    variables: formToVariables(entry.fields, form),
    businessKey: businessKey ? businessKey.slice(0, 200) : undefined,
  });
  return started.id;
}

/**
 * Process definitions: a draft the designer edits, and immutable numbered versions deployed
 * from it. Deploying compiles the BPMN (definitions.compile.ts) and refuses it with 422 and
 * every offending element when the engine could not run it.
 */
import { uuidv7 } from "uuidv7";
import type { Actor } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { decodeCursor, toPage } from "../../../shared/http/paging.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import { memberNames } from "../../../platform/identity/public.ts";
import { compileBpmn, type CompileResult } from "./definitions.compile.lib.ts";
import { invalidModel } from "./definitions.rules.ts";
import {
  archiveDefinitionRow,
  definitionIdByKey,
  findDefinition,
  findVersion,
  insertDefinition,
  insertVersion,
  keyTaken,
  runningInstances,
  selectDefinitions,
  selectStartable,
  selectVersions,
  updateDefinitionRow,
  writeDraft,
} from "./definitions.repo.ts";
import type {
  CreateDefinitionInput,
  Definition,
  DefinitionDetail,
  DeployInput,
  StartableDefinition,
  UpdateDefinitionInput,
  VersionSummary,
} from "./definitions.schemas.ts";
import type { ProcessModel } from "../common/model.lib.ts";
import { armStartTimers, disarmStartTimers } from "../engine/engine.service.ts";
import { pinDefinitionForms } from "../forms/forms.pins.service.ts";

const summary = ({ draftXml: _x, ...d }: DefinitionDetail): Definition => d;

export async function listDefinitions(
  actor: Actor,
  p: { q?: string; archived?: "true" | "false"; limit: number; cursor?: string },
) {
  const after = decodeCursor(p.cursor, ["timestamp", "uuid"]) as [string, string] | null;
  const rows = await selectDefinitions(
    actor.sql,
    { q: p.q?.trim() || undefined, archived: p.archived === "true" },
    p.limit,
    after,
  );
  const page = toPage(rows, p.limit, (r) => [r.sortKey, r.id]);
  return { items: page.items.map(({ sortKey: _s, ...d }) => d), nextCursor: page.nextCursor };
}

export async function getDefinition(actor: Actor, id: string): Promise<DefinitionDetail> {
  const d = await findDefinition(actor.sql, id);
  if (!d) throw problems.notFound("No such process definition.");
  return d;
}

/** The process id (definition key) and name of a model, even one that does not compile. */
async function keyOf(xml: string): Promise<{ result: CompileResult; key: string; name: string }> {
  const result = await compileBpmn(xml);
  if (result.model) return { result, key: result.model.id, name: result.model.name };
  const m = /<(?:\w+:)?process\b[^>]*?\bid="([^"]+)"/.exec(xml);
  const n = /<(?:\w+:)?process\b[^>]*?\bname="([^"]*)"/.exec(xml);
  if (!m) throw invalidModel(result.problems, "The XML contains no BPMN process.");
  return { result, key: m[1], name: n?.[1] ?? m[1] };
}

/**
 * Creates a definition from BPMN XML (deploy: true deploys version 1). An existing key is a 409,
 * unless `byKey` (the API's Camunda-style deploy by key) and deploy: true: then see deployByKey.
 */
export async function createDefinition(
  actor: Actor,
  { input, opts = {} }: { input: CreateDefinitionInput; opts?: { byKey?: boolean } },
) {
  const { result, key, name } = await keyOf(input.xml);
  if (!/^[A-Za-z_][\w.-]{0,199}$/.test(key)) {
    throw problems.validation([{ path: "xml", message: `"${key}" is not a valid process id.` }]);
  }
  if (input.deploy && result.problems.length) throw invalidModel(result.problems);
  const existing = await definitionIdByKey(actor.sql, key);
  if (existing && input.deploy && opts.byKey) {
    return await deployByKey(actor, existing, result, input.note ?? "");
  }
  if (existing) {
    throw problems.conflict(`A process definition with the key "${key}" already exists.`);
  }
  const id = uuidv7();
  const def = {
    id,
    key,
    name: input.name ?? name,
    description: input.description ?? "",
    category: input.category ?? "",
  };
  await insertDefinition(actor.sql, def, result.xml, actor.session.userId);
  await recordActivity(actor, {
    module: "workflow",
    entityType: "definition",
    entityId: id,
    action: "created",
    summary: `Created the process definition ${def.name}`,
    after: { key, name: def.name, category: def.category },
  });
  const deployed = input.deploy ? await deployCompiled(actor, id, result, input.note ?? "") : null;
  return {
    ...summary(await getDefinition(actor, id)),
    deployed,
    warnings: result.warnings,
    duplicate: false,
  };
}

/**
 * Deploy by key with Camunda's duplicate filtering: when the XML as it would be stored (the
 * posted bytes, or with the layout added to a model without a diagram) equals the latest
 * version's, nothing is written and that version comes back with `duplicate: true`; otherwise
 * the next version is deployed exactly as the deploy endpoint does. Name, description and
 * category stay as they are (PATCH changes them).
 */
async function deployByKey(actor: Actor, id: string, result: CompileResult, note: string) {
  const d = await findDefinition(actor.sql, id, true);
  if (!d) throw problems.notFound("No such process definition.");
  if (d.archivedAt) throw problems.conflict("The process definition is archived.");
  const latest = d.latestVersion > 0 ? await findVersion(actor.sql, id, d.latestVersion) : null;
  if (latest && latest.xml === result.xml) {
    const deployed = await versionSummary(actor, id, d.latestVersion);
    return { ...summary(d), deployed, warnings: result.warnings, duplicate: true };
  }
  const deployed = await deployLocked(actor, d, result, note);
  return {
    ...summary(await getDefinition(actor, id)),
    deployed,
    warnings: result.warnings,
    duplicate: false,
  };
}

export async function updateDefinition(
  actor: Actor,
  { id, input }: { id: string; input: UpdateDefinitionInput },
) {
  const before = await findDefinition(actor.sql, id, true);
  if (!before) throw problems.notFound("No such process definition.");
  await updateDefinitionRow(actor.sql, id, input);
  const after = await getDefinition(actor, id);
  const pick = (d: Definition) => ({
    name: d.name,
    description: d.description,
    category: d.category,
    startable: d.startable,
  });
  await recordActivity(actor, {
    module: "workflow",
    entityType: "definition",
    entityId: id,
    action: "updated",
    summary: `Updated the process definition ${after.name}`,
    before: pick(before),
    after: pick(after),
  });
  return summary(after);
}

/** Saves any well-formed BPMN as the draft; problems come back but do not stop the save. */
export async function saveDraft(
  actor: Actor,
  { id, xml }: { id: string; xml: string },
) {
  const d = await findDefinition(actor.sql, id, true);
  if (!d) throw problems.notFound("No such process definition.");
  if (d.archivedAt) throw problems.conflict("The process definition is archived.");
  const result = await compileBpmn(xml);
  if (
    !result.model && result.problems.some((p) => /could not be read|not a BPMN/.test(p.message))
  ) {
    throw invalidModel(result.problems, "The draft is not BPMN 2.0 XML.");
  }
  await writeDraft(actor.sql, id, result.xml, actor.session.userId);
  return {
    definition: summary(await getDefinition(actor, id)),
    problems: result.problems,
    warnings: result.warnings,
  };
}

export async function deployDefinition(
  actor: Actor,
  { id, input = {} }: { id: string; input?: DeployInput },
) {
  const d = await findDefinition(actor.sql, id, true);
  if (!d) throw problems.notFound("No such process definition.");
  if (d.archivedAt) throw problems.conflict("The process definition is archived.");
  const xml = input.xml ?? d.draftXml;
  if (!xml) throw problems.unprocessable("There is no draft to deploy.");
  const result = await compileBpmn(xml);
  if (result.problems.length) throw invalidModel(result.problems);
  return await deployLocked(actor, d, result, input.note ?? "");
}

/** Deploys a compiled model into a definition the caller has locked, and makes it the draft. */
async function deployLocked(
  actor: Actor,
  d: DefinitionDetail,
  result: CompileResult,
  note: string,
) {
  const deployed = await deployCompiled(actor, d.id, result, note, d);
  // The deployed XML (with the layout it may have been given) is the new working copy too, so
  // the designer opens what runs and the draft shows no pending changes.
  await writeDraft(actor.sql, d.id, result.xml, actor.session.userId);
  return deployed;
}

/** Writes the next version; the definition row is locked by the caller's transaction. */
async function deployCompiled(
  actor: Actor,
  id: string,
  result: CompileResult,
  note: string,
  locked?: DefinitionDetail,
) {
  const d = locked ?? await findDefinition(actor.sql, id, true);
  if (!d) throw problems.notFound("No such process definition.");
  const model = result.model as ProcessModel;
  if (d.latestVersion > 0 && model.id !== d.key) {
    throw invalidModel([{
      elementId: model.id,
      elementType: "process",
      message: `The process id is "${model.id}"; this definition deploys "${d.key}".`,
    }], "The model belongs to another process definition.");
  }
  if (model.id !== d.key && await keyTaken(actor.sql, model.id)) {
    throw problems.conflict(`A process definition with the key "${model.id}" already exists.`);
  }
  const version = d.latestVersion + 1;
  const versionId = uuidv7();
  await insertVersion(actor.sql, {
    id: versionId,
    definitionId: id,
    version,
    name: model.name,
    xml: result.xml,
    model,
    lint: result.warnings,
    startEvents: result.startEvents,
    startTimers: result.startTimers,
    note,
    historyTtlDays: result.historyTtlDays,
  }, actor.session.userId);
  // forms: pin the forms the model names (422 when one does not exist).
  await pinDefinitionForms(actor, { versionId, model });
  await armStartTimers(actor, { definitionId: id, versionId });
  await recordActivity(actor, {
    module: "workflow",
    entityType: "definition",
    entityId: id,
    action: "deployed",
    summary: `Deployed version ${version} of ${d.name}`,
    after: { version, note },
  });
  return { ...await versionSummary(actor, id, version), warnings: result.warnings };
}

/** One version's summary with the deployer's name. */
async function versionSummary(actor: Actor, id: string, version: number) {
  const [v] = await withNames(
    actor,
    (await selectVersions(actor.sql, id)).filter((x) => x.version === version),
  );
  return v;
}

async function withNames(actor: Actor, list: VersionSummary[]): Promise<VersionSummary[]> {
  const ids = [...new Set(list.map((v) => v.deployedBy).filter((x): x is string => !!x))];
  const names = ids.length ? await memberNames(actor.sql, ids) : new Map<string, string>();
  return list.map((v) => ({
    ...v,
    deployedByName: v.deployedBy ? names.get(v.deployedBy) ?? null : null,
  }));
}

export async function listVersions(actor: Actor, id: string) {
  await getDefinition(actor, id);
  return { items: await withNames(actor, await selectVersions(actor.sql, id)) };
}

export async function getVersion(
  actor: Actor,
  { id, version }: { id: string; version: number },
) {
  const v = await findVersion(actor.sql, id, version);
  if (!v) throw problems.notFound("No such version of the process definition.");
  const [named] = await withNames(actor, [v]);
  return { ...v, deployedByName: named.deployedByName };
}

export async function archiveDefinition(actor: Actor, id: string) {
  const d = await findDefinition(actor.sql, id, true);
  if (!d) throw problems.notFound("No such process definition.");
  const running = await runningInstances(actor.sql, id);
  if (running > 0) {
    throw problems.conflict(`${running} instance(s) of this process are still running.`);
  }
  if (!d.archivedAt) {
    await archiveDefinitionRow(actor.sql, id);
    await disarmStartTimers(actor, id);
    await recordActivity(actor, {
      module: "workflow",
      entityType: "definition",
      entityId: id,
      action: "archived",
      summary: `Archived the process definition ${d.name}`,
      before: { name: d.name, key: d.key },
    });
  }
}

/** The process catalog: startable definitions with a deployed version and their start form. */
export async function listStartable(actor: Actor): Promise<StartableDefinition[]> {
  const rows = await selectStartable(actor.sql);
  return rows.map(({ modelJson, ...r }) => {
    const model = JSON.parse(modelJson) as ProcessModel;
    const start = model.startEvents.map((id) => model.elements[id])
      .find((e) => !e.event || e.event.kind === "none");
    return { ...r, formFields: start?.formFields ?? [], formKey: start?.formKey ?? null };
  });
}

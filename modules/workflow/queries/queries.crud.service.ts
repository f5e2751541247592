/**
 * Saved data queries: create, change, remove (workflow.data.write), list and read
 * (workflow.data.read). A definition is checked by compiling it before it is stored, so a
 * saved query always names known fields, ops and declared parameters. Every change is audited.
 */
import { uuidv7 } from "uuidv7";
import type { Actor } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import type { QueryDefinition, QueryResult, QuerySource } from "./queries.types.lib.ts";
import { compileQuery } from "./queries.compile.repo.ts";
import { fieldsFor } from "./queries.fields.repo.ts";
import {
  deleteQuery,
  findQuery,
  insertQuery,
  memberNames,
  modelChoices,
  type QueryRow,
  type QueryWrite,
  selectQueries,
  updateQuery,
} from "./queries.repo.ts";
import { checkParamDefs, type ParamDef, unprocessable } from "./queries.rules.ts";
import type { DataQuery, DataQueryCreate, DataQueryUpdate } from "./queries.schemas.ts";
import { modelOf } from "./queries.service.ts";

const view = ({ modelId: _m, ...r }: QueryRow): DataQuery => r as DataQuery;

export async function listQueries(actor: Actor): Promise<{ items: DataQuery[] }> {
  return { items: (await selectQueries(actor.sql)).map(view) };
}

export async function getQuery(actor: Actor, key: string): Promise<DataQuery> {
  const q = await findQuery(actor.sql, key);
  if (!q) throw problems.notFound("No such data query.");
  return view(q);
}

const clean = (defs: ParamDef[]): ParamDef[] =>
  defs.map((p) => ({
    name: p.name,
    label: p.label,
    type: p.type,
    required: !!p.required,
    ...(p.default === undefined || p.default === null || p.default === ""
      ? {}
      : { default: p.default }),
  }));

/** Refuses (422) a definition that would not compile: unknown fields, ops or parameters. */
async function checked(
  actor: Actor,
  input: {
    key: string;
    name: string;
    description: string;
    source: QuerySource;
    model?: string | null;
    definition: QueryDefinition;
    params: ParamDef[];
  },
): Promise<QueryWrite> {
  const paramErrors = checkParamDefs(input.params);
  if (paramErrors.length) throw unprocessable(paramErrors);
  const model = await modelOf(actor, input);
  compileQuery({
    source: input.source,
    fields: fieldsFor(input.source, model?.fields ?? []),
    definition: input.definition,
    params: new Map(),
    declared: new Set(input.params.map((p) => p.name)),
    modelId: model?.id,
  });
  return {
    key: input.key,
    name: input.name,
    description: input.description,
    source: input.source,
    modelId: model?.id ?? null,
    definition: input.definition,
    params: clean(input.params),
  };
}

async function audit(
  actor: Actor,
  action: "created" | "updated" | "deleted",
  q: { key: string; name: string },
  before?: DataQuery,
  after?: DataQuery,
) {
  const what = { created: "Added", updated: "Changed", deleted: "Removed" }[action];
  await recordActivity(actor, {
    module: "workflow",
    entityType: "data-query",
    entityId: q.key,
    action,
    summary: `${what} the data query ${q.name}`,
    before,
    after,
  });
}

/** Keys the admin pages use as paths of their own. */
const RESERVED = new Set(["new", "preview"]);

export async function createQuery(actor: Actor, input: DataQueryCreate): Promise<DataQuery> {
  if (RESERVED.has(input.key)) {
    throw unprocessable([{ path: "key", message: `The key ${input.key} is reserved.` }]);
  }
  if (await findQuery(actor.sql, input.key)) {
    throw problems.conflict(`A data query with the key ${input.key} already exists.`);
  }
  const write = await checked(actor, {
    ...input,
    definition: input.definition as QueryDefinition,
  });
  await insertQuery(actor.sql, uuidv7(), write, actor.session.userId || null);
  const after = await getQuery(actor, input.key);
  await audit(actor, "created", after, undefined, after);
  return after;
}

export async function changeQuery(
  actor: Actor,
  { key, input }: { key: string; input: DataQueryUpdate },
): Promise<DataQuery> {
  const before = await findQuery(actor.sql, key, true);
  if (!before) throw problems.notFound("No such data query.");
  const source = input.source ?? before.source;
  const write = await checked(actor, {
    key,
    name: input.name ?? before.name,
    description: input.description ?? before.description,
    source,
    model: input.model !== undefined ? input.model : before.model,
    definition: (input.definition as QueryDefinition | undefined) ?? before.definition,
    params: input.params ?? before.params,
  });
  await updateQuery(actor.sql, before.id, write, actor.session.userId || null);
  const after = await getQuery(actor, key);
  await audit(actor, "updated", after, view(before), after);
  return after;
}

export async function removeQuery(actor: Actor, key: string): Promise<void> {
  const before = await findQuery(actor.sql, key, true);
  if (!before) throw problems.notFound("No such data query.");
  await deleteQuery(actor.sql, before.id);
  await audit(actor, "deleted", before, view(before));
}

/** What the builder offers: the models, and the fields of the chosen source (labels, types). */
export async function builderChoices(
  actor: Actor,
  { source, modelKey, locale }: { source: QuerySource; modelKey: string; locale: string },
) {
  const models = await modelChoices(actor.sql);
  const model = source === "records" ? models.find((m) => m.key === modelKey) : undefined;
  const fields = [...fieldsFor(source, model?.fields ?? [], locale).values()]
    .filter((f) => f.name !== "id")
    .map((f) => ({ name: f.name, label: f.label, type: f.type, values: f.values }));
  return {
    models: models.map((m) => ({ key: m.key, name: m.name })),
    fields: source === "records" && !model ? [] : fields,
  };
}

/** Names of the people a result's user columns hold. */
export async function peopleIn(actor: Actor, result: QueryResult): Promise<Map<string, string>> {
  const ids = new Set<string>();
  for (const c of result.columns) {
    if (c.type !== "user") continue;
    for (const r of result.rows) if (typeof r[c.name] === "string") ids.add(r[c.name] as string);
  }
  return await memberNames(actor.sql, [...ids]);
}

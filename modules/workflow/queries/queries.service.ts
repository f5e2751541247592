/**
 * Running data queries: a saved one by key with its parameters, or an unsaved definition of the
 * same shape. Both compile through queries.compile.ts (kysely, values as bind parameters) and
 * run on the caller's tenant-scoped transaction, so row-level security keeps tenants apart.
 */
import type { SystemActor } from "../../../shared/http/actor.ts";
import type { Sql } from "../../../shared/db/database.ts";
import type { AdHocQuery, QueryColumn, QueryResult } from "./queries.types.lib.ts";
import { compileQuery, type OutColumn } from "./queries.compile.repo.ts";
import { fieldsFor, type ModelField, type ResultColumn } from "./queries.fields.repo.ts";

export type { ResultColumn };
import { findModel, findQuery, modelById } from "./queries.repo.ts";
import { runTimed } from "../../../shared/db/savepoint.ts";
import {
  type ParamDef,
  paramRef,
  resolveParams,
  STATEMENT_TIMEOUT_MS,
  unprocessable,
} from "./queries.rules.ts";
import { problems } from "../../../shared/http/problem.ts";

export interface RunOptions {
  locale?: string;
  offset?: number;
  limit?: number;
}

function normalise(v: unknown, type: QueryColumn["type"]): unknown {
  if (v === null || v === undefined) return null;
  if (type === "number") return typeof v === "number" ? v : Number(v);
  if (type === "date") {
    return v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10);
  }
  if (type === "datetime") return v instanceof Date ? v.toISOString() : String(v);
  return v;
}

async function execute(
  sql: Sql,
  run: {
    source: AdHocQuery["source"];
    modelId?: string;
    modelFields: ModelField[];
    definition: AdHocQuery["definition"];
    defs: ParamDef[];
    given: Record<string, unknown>;
  },
  opts: RunOptions,
): Promise<QueryResult & { columns: ResultColumn[] }> {
  const fields = fieldsFor(run.source, run.modelFields, opts.locale ?? "en");
  const compiled = compileQuery({
    source: run.source,
    fields,
    definition: run.definition,
    params: resolveParams(run.defs, run.given),
    declared: new Set(run.defs.map((p) => p.name)),
    modelId: run.modelId,
    offset: opts.offset,
    limit: opts.limit,
  });
  let raw: Record<string, unknown>[];
  try {
    raw = await runTimed(sql, compiled.sql, compiled.parameters, STATEMENT_TIMEOUT_MS);
  } catch (err) {
    const code = String((err as { code?: string }).code ?? "");
    // 57014: cancelled by the statement timeout.
    if (code === "57014") {
      throw problems.unprocessable("The query took too long; add filters or a smaller limit.");
    }
    // Class 22: a stored value that does not read as its field's type (a field whose type was
    // changed after records were written). The savepoint already undid the statement.
    if (code.startsWith("22")) {
      throw problems.unprocessable("Some stored values do not fit their field's type.");
    }
    throw err;
  }
  const truncated = raw.length > compiled.limit;
  const rows = raw.slice(0, compiled.limit).map((r) =>
    Object.fromEntries(compiled.columns.map((c) => [c.name, normalise(r[c.alias], c.type)]))
  );
  const columns = compiled.columns.map(({ alias: _a, ...c }: OutColumn) =>
    c.values ? c : { name: c.name, label: c.label, type: c.type }
  );
  return { columns, rows, truncated };
}

/** Runs the tenant's saved query `key` with its parameters, in the caller's scoped transaction. */
export async function runSavedQuery(
  actor: SystemActor,
  { key, params, opts = {} }: { key: string; params: Record<string, unknown>; opts?: RunOptions },
): Promise<QueryResult & { columns: ResultColumn[] }> {
  const { sql } = actor;
  const q = await findQuery(sql, key);
  if (!q) throw problems.notFound("No such data query.");
  const model = q.modelId ? await modelById(sql, q.modelId) : null;
  return await execute(sql, {
    source: q.source,
    modelId: model?.id,
    modelFields: model?.fields ?? [],
    definition: q.definition,
    defs: q.params,
    given: params ?? {},
  }, opts);
}

/**
 * The declarations of an unsaved definition: the ones given, plus every other parameter the
 * filters name as a required text value (its field's type still coerces it).
 */
function implicitDefs(query: AdHocQuery, defs: ParamDef[]): ParamDef[] {
  const out = [...defs];
  for (const f of query.definition.filters ?? []) {
    const name = paramRef(f);
    if (name && !out.some((p) => p.name === name)) {
      out.push({ name, label: name, type: "text", required: true });
    }
  }
  return out;
}

/** Runs an unsaved definition (report studio, previews) in the caller's scoped transaction. */
export async function runAdHocQuery(
  actor: SystemActor,
  { query, params = {}, opts = {} }: {
    query: AdHocQuery;
    params?: Record<string, unknown>;
    opts?: RunOptions & { paramDefs?: ParamDef[] };
  },
): Promise<QueryResult & { columns: ResultColumn[] }> {
  const { sql } = actor;
  const model = await modelOf(actor, query);
  return await execute(sql, {
    source: query.source,
    modelId: model?.id,
    modelFields: model?.fields ?? [],
    definition: query.definition ?? {},
    defs: implicitDefs(query, opts.paramDefs ?? []),
    given: params,
  }, opts);
}

/** The model a records query reads; 422 when it is missing or unknown. */
export async function modelOf(
  actor: SystemActor,
  q: { source: string; model?: string | null },
) {
  const { sql } = actor;
  if (q.source !== "records") return null;
  const model = q.model ? await findModel(sql, q.model) : null;
  if (!model) {
    throw unprocessable([{ path: "model", message: "Choose the data model the query reads." }]);
  }
  return model;
}

/**
 * Runs analytics queries in the caller's tenant-scoped transaction: built-in datasets (RLS
 * views) and tenant tables are compiled here and run in a savepoint under a statement timeout;
 * external sources go through the sources door, which applies its own safety rules.
 */
import { runTimed } from "../../../shared/db/savepoint.ts";
import type { SystemActor } from "../../../shared/http/actor.ts";
import { Problem } from "../../../shared/http/problem.ts";
import { runExternalQuery } from "../sources/sources.run.service.ts";
import { runQuestionQuery } from "../questions/questions.run.service.ts";
import type { AnalyticsQuery, QueryResult } from "./query.types.schemas.ts";
import { type Compiled, compileFor } from "./query.compile.repo.ts";
import { planQuery } from "./query.plan.repo.ts";
import { rollupPlan } from "./query.rollup.repo.ts";
import { STATEMENT_TIMEOUT_MS, unprocessable } from "./query.values.lib.ts";

export interface RunInput {
  query: AnalyticsQuery;
  locale?: string;
  /** Answer counts from a rollup where one can (default); false reads the dataset's view. */
  rollups?: boolean;
}

/** Compiles a dataset or table query for PostgreSQL (tests and the explore page show it). */
export async function compileQuery(actor: SystemActor, opts: RunInput): Promise<Compiled> {
  const { query } = opts;
  const locale = opts.locale ?? "en";
  const { fields, extra } = await planQuery(actor.sql, query, locale);
  const rolled = opts.rollups === false ? null : rollupPlan(query, fields, locale);
  if (!rolled) return compileFor("postgres", query, fields, extra);
  // The rollup renames the created-date bounds; compiling the original too keeps every
  // refusal (and its place) exactly as the view path reports it.
  compileFor("postgres", query, fields, extra);
  return compileFor("postgres", rolled.query, rolled.fields, rolled.extra);
}

/** Runs a query in the caller's scoped transaction (datasets, tables, external sources). */
export async function runQuery(actor: SystemActor, opts: RunInput): Promise<QueryResult> {
  const { sql } = actor;
  const { query } = opts;
  if (query?.source?.kind === "external") {
    return await runExternalQuery(actor, { query, locale: opts.locale });
  }
  if (query?.source?.kind === "question") {
    return await runQuestionQuery(actor, { query, locale: opts.locale });
  }
  if (query?.source?.kind !== "dataset" && query?.source?.kind !== "table") {
    throw unprocessable([{ path: "source", message: "Choose a dataset or table." }]);
  }
  const compiled = await compileQuery(actor, opts);
  let rows: Record<string, unknown>[];
  try {
    rows = await runTimed(sql, compiled.sql, compiled.parameters, STATEMENT_TIMEOUT_MS);
  } catch (err) {
    if (err instanceof Problem) throw err;
    const code = (err as { code?: string }).code;
    throw unprocessable([{
      path: "query",
      message: code === "57014"
        ? "The query took too long and was stopped."
        : "The query could not run on this data.",
    }]);
  }
  const truncated = rows.length > compiled.limit;
  return {
    columns: compiled.columns.map(({ alias: _a, ...c }) => c),
    rows: rows.slice(0, compiled.limit).map((r) =>
      Object.fromEntries(compiled.columns.map((c) => [c.name, r[c.alias] ?? null]))
    ),
    truncated,
  };
}

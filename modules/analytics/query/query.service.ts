/**
 * Runs analytics queries in the caller's tenant-scoped transaction: built-in datasets (RLS
 * views) and tenant tables are compiled here and run in a savepoint under a statement timeout;
 * external sources go through the sources door, which applies its own safety rules.
 */
import type { Sql } from "../../../shared/db/database.ts";
import { runTimed } from "../../../shared/db/savepoint.ts";
import { Problem } from "../../../shared/http/problem.ts";
import { runExternalQuery } from "../sources/sources.api.ts";
import type { AnalyticsQuery, QueryResult } from "./query.types.ts";
import { type Compiled, compileFor } from "./query.compile.ts";
import { planQuery } from "./query.plan.ts";
import { rollupPlan } from "./query.rollup.ts";
import { STATEMENT_TIMEOUT_MS, unprocessable } from "./query.values.ts";

export { datasetCatalog } from "./query.datasets.ts";

export interface RunOptions {
  locale?: string;
  /** Answer counts from a rollup where one can (default); false reads the dataset's view. */
  rollups?: boolean;
}

/** Compiles a dataset or table query for PostgreSQL (tests and the explore page show it). */
export async function compileQuery(
  sql: Sql,
  query: AnalyticsQuery,
  opts: RunOptions = {},
): Promise<Compiled> {
  const locale = opts.locale ?? "en";
  const { fields, extra } = await planQuery(sql, query, locale);
  const rolled = opts.rollups === false ? null : rollupPlan(query, fields, locale);
  if (!rolled) return compileFor("postgres", query, fields, extra);
  // The rollup renames the created-date bounds; compiling the original too keeps every
  // refusal (and its place) exactly as the view path reports it.
  compileFor("postgres", query, fields, extra);
  return compileFor("postgres", rolled.query, rolled.fields, rolled.extra);
}

/** Runs a query in the caller's scoped transaction (datasets, tables, external sources). */
export async function runQuery(
  sql: Sql,
  query: AnalyticsQuery,
  opts: RunOptions = {},
): Promise<QueryResult> {
  if (query?.source?.kind === "external") return await runExternalQuery(sql, query, opts);
  if (query?.source?.kind !== "dataset" && query?.source?.kind !== "table") {
    throw unprocessable([{ path: "source", message: "Choose a dataset or table." }]);
  }
  const compiled = await compileQuery(sql, query, opts);
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

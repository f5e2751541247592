/**
 * Running saved questions: the SQL checked (one reading statement, placeholders declared, values
 * typed), each placeholder bound as a parameter, then run on the tenant's own data through the
 * read-only reader role (questions.run.repo.ts) or on an external source through the sources
 * door's safety rules (SELECT-only role, read-only transaction, timeout, row cap, SSRF guard).
 * A widget over a question compiles its fields, groups, aggregates, filters and sort around
 * the question as a subquery, parameters still bound.
 */
import type { SystemActor } from "../../../shared/http/actor.ts";
import { Problem, problems } from "../../../shared/http/problem.ts";
import type { AnalyticsQuery, QueryResult } from "../query/query.types.schemas.ts";
import { compileFor, type FieldSpec } from "../query/query.compile.repo.ts";
import { STATEMENT_TIMEOUT_MS } from "../query/query.values.lib.ts";
import { operatorAllowlist } from "../sources/sources.config.lib.ts";
import { withSource } from "../sources/sources.engine.repo.ts";
import { singleStatement, WRAPPABLE } from "../sources/sources.statement.lib.ts";
import { firstKeyword } from "../sources/sources.statement.lib.ts";
import { loadTarget } from "../sources/sources.target.service.ts";
import {
  asSubquery,
  capped,
  compile,
  questionSql,
  tablesPrefix,
  type Value,
} from "./questions.compile.repo.ts";
import { sqlNames } from "./questions.lib.ts";
import { runCompiledOnTenant, runOnTenant, selectTenantTables } from "./questions.run.repo.ts";
import { findQuestion } from "./questions.repo.ts";
import {
  checkDeclared,
  checkDecls,
  type Dialect,
  type ParamDecl,
  parseTemplate,
  resolveValues,
  type Template,
} from "./questions.rules.ts";
import type { QuestionResult } from "./questions.schemas.ts";

export const PREVIEW_ROWS = 1_000;
export const ROW_CAP = 10_000;

/** Checks SQL and declarations together; every fault is one 400 naming its place. */
export function checkQuestion(text: string, decls: ParamDecl[], dialect: Dialect): Template {
  const parsed = parseTemplate(text, dialect);
  if (Array.isArray(parsed)) throw problems.validation(parsed);
  const errors = [...checkDecls(decls), ...checkDeclared(parsed.names, decls)];
  let body: string;
  try {
    body = singleStatement(text, dialect);
  } catch (err) {
    const detail = err instanceof Problem ? err.detail ?? err.message : String(err);
    throw problems.validation([...errors, { path: "sql", message: detail }]);
  }
  if (!WRAPPABLE.has(firstKeyword(body))) {
    errors.push({
      path: "sql",
      message: "A question is one reading statement: SELECT, WITH, VALUES or TABLE.",
    });
  }
  if (errors.length) throw problems.validation(errors);
  // The trailing `;` (if any) is dropped so the statement can be wrapped.
  const again = parseTemplate(body, dialect) as Template;
  return again;
}

/** The values to bind: given, else defaults; faults are one 400 (paths `params.<name>`). */
function valuesFor(decls: ParamDecl[], given: Record<string, unknown>, prefix = "params") {
  const { values, errors } = resolveValues(decls, given);
  if (errors.length) {
    throw problems.validation(
      errors.map((e) => ({ ...e, path: e.path.replace(/^params/, prefix) })),
    );
  }
  return values;
}

/** Defaults where there are some, nulls elsewhere: enough to learn the columns. */
function probeValues(decls: ParamDecl[]): Map<string, Value> {
  const { values } = resolveValues(decls, {});
  for (const d of decls) if (!values.has(d.name)) values.set(d.name, null);
  return values;
}

async function tenantTables(actor: SystemActor): Promise<string> {
  const tables = await selectTenantTables(actor.sql);
  const names = sqlNames(tables.map((t) => t.name));
  return tablesPrefix(tables.map((t, i) => ({ ...t, sqlName: names[i] })));
}

/** The tenant's tables as a question's SQL names them (for the editor's help). */
export async function tableNames(actor: SystemActor): Promise<{ name: string; sql: string }[]> {
  const tables = await selectTenantTables(actor.sql);
  const names = sqlNames(tables.map((t) => t.name));
  return tables.map((t, i) => ({ name: t.name, sql: names[i] }));
}

interface Runnable {
  sql: string;
  sourceId: string | null;
  params: ParamDecl[];
}

/** Runs a question's SQL with the given values: columns and up to `limit` rows. */
export async function execute(
  actor: SystemActor,
  q: Runnable,
  { values: given, limit, probe = false }: {
    values: Record<string, unknown>;
    limit: number;
    probe?: boolean;
  },
): Promise<QuestionResult> {
  if (!q.sourceId) {
    const t = checkQuestion(q.sql, q.params, "postgres");
    const values = probe ? probeValues(q.params) : valuesFor(q.params, given);
    return await runOnTenant(actor.sql, {
      tables: await tenantTables(actor),
      q: questionSql("postgres", t, q.params, values),
      cap: limit,
      timeoutMs: STATEMENT_TIMEOUT_MS,
    });
  }
  const { target, limits } = await loadTarget(actor, q.sourceId);
  const t = checkQuestion(q.sql, q.params, target.engine);
  const values = probe ? probeValues(q.params) : valuesFor(q.params, given);
  const cap = Math.max(0, Math.min(limit, limits.rowCap));
  const c = compile(target.engine, capped(questionSql(target.engine, t, q.params, values), cap));
  return await withSource(target, operatorAllowlist(), async (conn) => {
    const r = await conn.run(c.sql, c.parameters, { ...limits, rowCap: Math.max(cap, 1) }, false);
    return {
      columns: r.columns,
      rows: cap === 0 ? [] : r.rows.slice(0, cap),
      truncated: r.rows.length > cap || r.truncated,
    };
  });
}

/**
 * A widget's query over a saved question (source kind "question"): the question's columns are
 * the field whitelist; a filter on a column the question does not return (a sheet filter for
 * other widgets) is left out.
 */
export async function runQuestionQuery(
  actor: SystemActor,
  { query, locale = "en" }: { query: AnalyticsQuery; locale?: string },
): Promise<QueryResult> {
  const ref = query.source;
  if (ref.kind !== "question") throw problems.unprocessable("Not a saved question.");
  if (query.joins?.length) {
    throw problems.unprocessable("Joins are not available on saved questions.");
  }
  const question = await findQuestion(actor.sql, ref.id);
  if (!question) throw problems.notFound("No such question.");
  const probe = await execute(actor, question, { values: {}, limit: 0, probe: true });
  const fields: FieldSpec[] = probe.columns.map((c) => ({ ...c, label: c.name }));
  const known = new Set(fields.map((f) => f.name));
  const filtered: AnalyticsQuery = {
    ...query,
    filters: (query.filters ?? []).filter((f) => known.has(f.field)),
  };
  const values = valuesFor(question.params, ref.params ?? {}, "source.params");
  if (!question.sourceId) {
    const t = checkQuestion(question.sql, question.params, "postgres");
    const from = asSubquery(questionSql("postgres", t, question.params, values));
    const compiled = compileFor("postgres", filtered, fields, { from, locale, utcBuckets: true });
    const rows = await runCompiledOnTenant(actor.sql, {
      text: (await tenantTables(actor)) + compiled.sql,
      parameters: compiled.parameters,
      timeoutMs: STATEMENT_TIMEOUT_MS,
    });
    return shape(compiled, rows);
  }
  const { target, limits } = await loadTarget(actor, question.sourceId);
  const t = checkQuestion(question.sql, question.params, target.engine);
  const from = asSubquery(questionSql(target.engine, t, question.params, values));
  const compiled = compileFor(target.engine, filtered, fields, { from, locale });
  return await withSource(target, operatorAllowlist(), async (conn) => {
    const r = await conn.run(compiled.sql, compiled.parameters, {
      ...limits,
      rowCap: compiled.limit + 1,
    }, false);
    return shape(compiled, r.rows);
  });
}

function shape(
  compiled: ReturnType<typeof compileFor>,
  rows: Record<string, unknown>[],
): QueryResult {
  return {
    columns: compiled.columns.map(({ alias: _a, ...c }) => c),
    rows: rows.slice(0, compiled.limit).map((r) =>
      Object.fromEntries(compiled.columns.map((c) => [c.name, r[c.alias] ?? null]))
    ),
    truncated: rows.length > compiled.limit,
  };
}

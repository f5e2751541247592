/**
 * Runs a question's SQL on the tenant's own data: on the request's connection, in a savepoint
 * that is always rolled back, as platform_analytics_reader (migrations/0075), read-only, under a
 * statement timeout, with search_path = analytics_q. That role reads only the analytics_q views
 * (the datasets and the tenant tables' rows, under the tenant's policies) and cannot call
 * set_config, so the statement can change neither the tenant nor the role; the rollback undoes
 * the role, the read-only mode and the settings for the rest of the request.
 */
import type { RawBuilder } from "kysely";
import type { Sql } from "../../../shared/db/database.ts";
import { Problem } from "../../../shared/http/problem.ts";
import { compile, describe, type TenantTable, valuesOf } from "./questions.compile.repo.ts";
import type { ColumnType } from "./questions.lib.ts";
import { sqlProblem, typeOfOid } from "./questions.lib.ts";

export const READER_ROLE = "platform_analytics_reader";

/** Carries fn's result out of the savepoint, which only a throw rolls back. */
class Carry {
  constructor(readonly value: unknown) {}
}

type Savepointed = { savepoint?: (fn: (sp: Sql) => Promise<unknown>) => Promise<unknown> };

async function asReader<T>(sql: Sql, timeoutMs: number, fn: (sp: Sql) => Promise<T>): Promise<T> {
  const tx = sql as unknown as Savepointed;
  // On a bare pool the settings below would not hold for the next statement: never run there.
  if (typeof tx.savepoint !== "function") {
    throw new Error("A question runs inside the caller's scoped transaction.");
  }
  await assertReaderWalled(sql);
  try {
    await tx.savepoint(async (sp) => {
      await sp`select set_config('statement_timeout', ${String(timeoutMs)}, true),
        set_config('search_path', 'analytics_q', true),
        set_config('transaction_read_only', 'on', true),
        set_config('role', ${READER_ROLE}, true)`;
      throw new Carry(await fn(sp));
    });
  } catch (err) {
    if (err instanceof Carry) return err.value as T;
    if (err instanceof Problem) throw err;
    throw sqlProblem(err);
  }
  throw new Error("unreachable");
}

/**
 * Migration 0075 revokes set_config and the advisory-lock functions from PUBLIC, which only the
 * functions' owner (a superuser) may do; where the migrating user could not, the reader could
 * change its tenant, so questions on the tenant's data are refused (checked once per process).
 */
let walled: Promise<boolean> | undefined;
async function assertReaderWalled(sql: Sql) {
  walled ??= sql<{ open: boolean }[]>`
    select has_function_privilege(${READER_ROLE}, 'pg_catalog.set_config(text, text, boolean)',
                                  'execute') as open`.then((r) => !r[0].open);
  if (!await walled) {
    walled = undefined;
    throw new Problem(
      422,
      "business-rule",
      "Unprocessable Content",
      "Questions on the workspace's own data are switched off: the database did not let the " +
        "installation close set_config to the question reader (see docs/operations.md).",
    );
  }
}

type Rows = unknown[][] & { columns?: { type: number }[] };

async function run(sp: Sql, prefix: string, q: RawBuilder<unknown>): Promise<Rows> {
  const c = compile("postgres", q);
  return await sp.unsafe(prefix + c.sql, c.parameters as never[], { prepare: false })
    .values() as unknown as Rows;
}

/** The question's columns, by name as written and by type. */
async function columnsOf(sp: Sql, prefix: string, q: RawBuilder<unknown>) {
  const rows = await run(sp, prefix, describe(q));
  const names = Object.keys(JSON.parse(String(rows[0]?.[0] ?? "{}")));
  const types = (rows.columns ?? []).slice(1).map((c) => typeOfOid(c.type));
  if (names.length !== types.length) {
    throw new Problem(
      422,
      "business-rule",
      "Unprocessable Content",
      "Each column of the question needs its own name (use AS).",
    );
  }
  return names.map((name, i) => ({ name, type: types[i] }));
}

const normal = (v: unknown, type: ColumnType) => {
  if (v === null || v === undefined) return null;
  if (type === "number" && typeof v === "string") return Number(v);
  if (typeof v === "bigint") return Number(v);
  if (v instanceof Date) return type === "date" ? v.toISOString().slice(0, 10) : v.toISOString();
  return v;
};

export interface ReaderResult {
  columns: { name: string; type: ColumnType }[];
  rows: Record<string, unknown>[];
  truncated: boolean;
}

/** Columns and up to `cap` rows of a question over the tenant's data. */
export async function runOnTenant(
  sql: Sql,
  { tables, q, cap, timeoutMs }: {
    tables: string;
    q: RawBuilder<unknown>;
    cap: number;
    timeoutMs: number;
  },
): Promise<ReaderResult> {
  return await asReader(sql, timeoutMs, async (sp) => {
    const columns = await columnsOf(sp, tables, q);
    if (cap === 0) return { columns, rows: [], truncated: false };
    const rows = await run(sp, tables, valuesOf(q, cap));
    return {
      columns,
      rows: rows.slice(0, cap).map((r) =>
        Object.fromEntries(columns.map((c, i) => [c.name, normal(r[i], c.type)]))
      ),
      truncated: rows.length > cap,
    };
  });
}

/**
 * A compiled statement (a widget's query over a question) run as the reader: its result columns
 * are aliases (c0, a0) that the connection keeps as they are.
 */
export async function runCompiledOnTenant(
  sql: Sql,
  { text, parameters, timeoutMs }: { text: string; parameters: unknown[]; timeoutMs: number },
): Promise<Record<string, unknown>[]> {
  return await asReader(sql, timeoutMs, async (sp) => {
    const rows = await sp.unsafe(text, parameters as never[], { prepare: false });
    return [...rows] as Record<string, unknown>[];
  });
}

/** The tenant's tables with their columns (read as the application role, before the switch). */
export async function selectTenantTables(
  sql: Sql,
): Promise<{ id: string; name: string; columns: { name: string; type: string }[] }[]> {
  const rows = await sql<{ id: string; name: string; columns: unknown }[]>`
    select id, name, columns from analytics_tables order by lower(name), id limit 200`;
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    columns: (Array.isArray(r.columns) ? r.columns : []).filter((c) =>
      typeof c?.name === "string" && typeof c?.type === "string"
    ),
  }));
}

export type { TenantTable };

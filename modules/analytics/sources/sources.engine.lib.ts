/**
 * The shapes of a source connection, two helpers the engine drivers share, and the pure
 * readings of what a source reports (column kinds, the schema tree, limits).
 */
import type { Engine } from "./sources.statement.lib.ts";
import type { SchemaTree, SourceOptions } from "./sources.schemas.ts";

export interface Target {
  engine: Engine;
  host: string;
  port: number;
  database: string;
  username: string;
  password: string;
  ssl?: boolean;
}

export interface Limits {
  /** Server-side statement timeout. */
  timeoutMs: number;
  /** When the client cancels the statement itself (defaults a little after the timeout). */
  cancelAfterMs?: number;
  rowCap: number;
}

export interface RunColumn {
  name: string;
  type: "text" | "number" | "boolean" | "date" | "datetime";
}

export interface RunResult {
  columns: RunColumn[];
  rows: Record<string, unknown>[];
  truncated: boolean;
}

export interface SourceColumn {
  schema: string;
  table: string;
  column: string;
  dataType: string;
}

export interface Connection {
  engine: Engine;
  /** One statement in a read-only transaction; `wrap` caps the rows on the server. */
  run(text: string, params: unknown[], limits: Limits, wrap: boolean): Promise<RunResult>;
  info(): Promise<{ version: string; sizeBytes: number | null }>;
  columns(): Promise<SourceColumn[]>;
  close(): Promise<void>;
}

export const cancelAfter = (l: Limits) => l.cancelAfterMs ?? l.timeoutMs + 1000;

/** Wraps a reading statement as a derived table so the server stops after the cap. */
export const capped = (text: string, cap: number) =>
  `select * from (\n${text}\n) as capped_rows limit ${Math.floor(cap) + 1}`;

/** A column's kind from information_schema's data_type, in either engine. */
export function kindOf(dataType: string): RunColumn["type"] {
  const t = dataType.toLowerCase();
  if (/^(small|big|medium|tiny)?int|integer|numeric|decimal|real|double|float/.test(t)) {
    return "number";
  }
  if (t === "boolean" || t === "bool") return "boolean";
  if (t === "date") return "date";
  if (/^(timestamp|datetime)/.test(t)) return "datetime";
  return "text";
}

export function schemaTree(cols: SourceColumn[]): SchemaTree {
  const schemas = new Map<string, Map<string, SchemaTree["schemas"][0]["tables"][0]>>();
  for (const c of cols) {
    const tables = schemas.get(c.schema) ?? new Map();
    schemas.set(c.schema, tables);
    const t = tables.get(c.table) ?? { name: c.table, columns: [] };
    tables.set(c.table, t);
    t.columns.push({ name: c.column, dataType: c.dataType, type: kindOf(c.dataType) });
  }
  return {
    schemas: [...schemas].map(([name, tables]) => ({ name, tables: [...tables.values()] })),
  };
}

export const limitsOf = (o: SourceOptions): Limits => ({
  timeoutMs: o.statementTimeoutMs,
  rowCap: o.rowCap,
});

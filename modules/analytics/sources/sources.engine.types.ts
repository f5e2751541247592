/** The shapes of a source connection and two helpers the engine drivers share. */
import type { Engine } from "./sources.statement.ts";

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

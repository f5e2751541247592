/**
 * The data-query door inside Workflow: forms (select options), gateways (the FEEL function
 * `dataQuery`) and reports run saved queries — or an ad-hoc definition of the same shape —
 * through these functions only. They run in the caller's tenant scope (shared/db/scope.ts), so
 * row-level security applies; the SQL is compiled by kysely with every value a parameter.
 */

export type QuerySource = "records" | "instances" | "tasks" | "history";
export type FilterOp =
  | "eq"
  | "ne"
  | "lt"
  | "lte"
  | "gt"
  | "gte"
  | "contains"
  | "startsWith"
  | "in"
  | "isEmpty"
  | "isNotEmpty";
export type AggregateFn = "count" | "sum" | "avg" | "min" | "max";

export interface QueryDefinition {
  filters?: { field: string; op: FilterOp; value?: unknown; param?: string }[];
  sort?: { field: string; dir: "asc" | "desc" }[];
  groupBy?: string[];
  /** Day/week/month bucketing of a date field used in groupBy (`createdAt:week`). */
  aggregates?: { fn: AggregateFn; field?: string; as: string }[];
  columns?: string[];
  limit?: number;
}

export interface QueryColumn {
  name: string;
  /** Shown to people (already in the requester's language where the platform knows it). */
  label: string;
  type: "text" | "number" | "boolean" | "date" | "datetime" | "user" | "enum";
}

export interface QueryResult {
  columns: QueryColumn[];
  rows: Record<string, unknown>[];
  /** True when the row cap cut the result. */
  truncated: boolean;
}

export interface AdHocQuery {
  source: QuerySource;
  /** The data model's key, for source `records`. */
  model?: string;
  definition: QueryDefinition;
}

export { runAdHocQuery, runSavedQuery } from "./queries.service.ts";

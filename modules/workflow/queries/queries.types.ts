/** The shapes of the data-query door (queries.api.ts re-exports them). */

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

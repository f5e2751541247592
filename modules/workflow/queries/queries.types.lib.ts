/** The shapes of the data-query door (the other features import them from here). */

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

export type FieldType = QueryColumn["type"];

/** A result column with the labels of its enum values, for forms and pages. */
export type ResultColumn = QueryColumn & { values?: { value: string; label: string }[] };

/** A data model's field as workflow_data_models.fields stores it. */
export interface ModelField {
  name: string;
  label: string;
  type: string;
  values?: { value: string; label: string }[];
}

export interface QueryChoices {
  models: { key: string; name: string }[];
  queries: { key: string; name: string }[];
  /** Fields of the given source (for records: of the given model); empty when unknown. */
  fields: { name: string; label: string }[];
}

/**
 * The analytics query door's shapes (the query service runs them). A query reads one source —
 * a built-in dataset (an RLS view over a module's data), a tenant table, or an external source's
 * table — with fields, filters, grouping (time buckets too), aggregates, sort and limit, joined
 * over defined relations; it is compiled with kysely, every value a parameter.
 */

export type SourceRef =
  | { kind: "dataset"; name: string }
  | { kind: "table"; id: string }
  | { kind: "external"; sourceId: string; schema?: string; table: string }
  /** A saved SQL question (modules/analytics/questions) with its parameter values. */
  | { kind: "question"; id: string; params?: Record<string, unknown> };

export type FilterOp =
  | "eq"
  | "ne"
  | "lt"
  | "lte"
  | "gt"
  | "gte"
  | "in"
  | "contains"
  | "between"
  | "isNull"
  | "notNull";

export interface AnalyticsQuery {
  source: SourceRef;
  /** Plain fields (no aggregate); with aggregates they are the group-by keys. */
  fields?: { field: string; bucket?: "day" | "week" | "month" | "quarter" | "year"; as?: string }[];
  aggregates?: {
    fn: "count" | "countDistinct" | "sum" | "avg" | "min" | "max";
    field?: string;
    as: string;
  }[];
  filters?: { field: string; op: FilterOp; value?: unknown }[];
  sort?: { field: string; dir: "asc" | "desc" }[];
  limit?: number;
  /** Relations (analytics_relations ids) to join; their fields are `<relation>.<field>`. */
  joins?: string[];
}

export interface ResultColumn {
  name: string;
  /** In the reader's language where the platform knows it. */
  label: string;
  type: "text" | "number" | "boolean" | "date" | "datetime";
  /** Coded values with their labels (show the label, filter by the value). */
  values?: { value: string; label: string }[];
  /** A record id: for joins and drill-down, not shown by default. */
  key?: boolean;
}

export interface QueryResult {
  columns: ResultColumn[];
  rows: Record<string, unknown>[];
  truncated: boolean;
}

/** A built-in dataset as the catalog lists it. */
export interface DatasetInfo {
  name: string;
  label: string;
  /** The module it reads (support, documents, projects, automation, workflow). */
  module: string;
  fields: ResultColumn[];
  /** Domain events after which its data changed (for live refresh). */
  changedBy: string[];
}

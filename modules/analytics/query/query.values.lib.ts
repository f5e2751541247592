/**
 * Pure value rules of analytics queries: limits, and (shared with Workflow's data queries)
 * coercing a filter value to its field's type and the 422 problem every refused query becomes.
 */
import type { ResultColumn } from "./query.types.schemas.ts";

export { coerce, likeEscape, unprocessable } from "../../../shared/data/values.ts";

export const ROW_CAP = 10_000;
export const DEFAULT_LIMIT = 1_000;
/** Milliseconds one dataset or table query may run before PostgreSQL cancels it. */
export const STATEMENT_TIMEOUT_MS = 10_000;
/** Result names people or widgets choose (aggregate and field aliases). */
export const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;
/** Field names of tenant tables (as analytics_tables.columns stores them). */
export const COLUMN_NAME = /^[a-z][a-z0-9_]{0,62}$/;

export type FieldType = ResultColumn["type"];

/**
 * The data-query door inside Workflow: forms (select options), gateways (the FEEL function
 * `dataQuery`) and reports run saved queries — or an ad-hoc definition of the same shape —
 * through these functions only. They run in the caller's tenant scope (shared/db/scope.ts), so
 * row-level security applies; the SQL is compiled by kysely with every value a parameter.
 */

export type {
  AdHocQuery,
  AggregateFn,
  FilterOp,
  QueryColumn,
  QueryDefinition,
  QueryResult,
  QuerySource,
} from "./queries.types.ts";
export { runAdHocQuery, runSavedQuery } from "./queries.service.ts";
export { type QueryChoices, queryChoices } from "./queries.catalog.ts";

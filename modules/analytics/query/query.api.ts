/**
 * The analytics query door: dashboards (widgets), the explore page and GET /analytics run
 * queries only through these functions. They run in the caller's tenant scope, so row-level
 * security applies to datasets and tenant tables; external sources go through the sources door.
 */
export type {
  AnalyticsQuery,
  DatasetInfo,
  FilterOp,
  QueryResult,
  ResultColumn,
  SourceRef,
} from "./query.types.ts";
export { datasetCatalog, runQuery } from "./query.service.ts";
// For the sources helper: the same compiler in the MySQL or PostgreSQL dialect, and the
// series shape widgets use.
export { compileFor, type Dialect, type FieldSpec } from "./query.compile.ts";
export { toSeries, valueLabel } from "./query.series.ts";

/** The API shapes of analytics queries (GET /analytics, POST /analytics/query, GET /datasets). */
import { z } from "@hono/zod-openapi";
import type { AnalyticsQuery } from "./query.types.schemas.ts";
import { FILTER_OPS } from "./query.filters.lib.ts";

const FieldName = z.string().min(1).max(200);

export const SourceRefSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("dataset"), name: z.string().min(1).max(100) }),
  z.object({ kind: z.literal("table"), id: z.string().min(1).max(100) }),
  z.object({
    kind: z.literal("external"),
    sourceId: z.string().min(1).max(100),
    schema: z.string().min(1).max(128).optional(),
    table: z.string().min(1).max(128),
  }),
  z.object({
    kind: z.literal("question"),
    id: z.uuid(),
    params: z.record(z.string(), z.unknown()).optional(),
  }),
]);

export const AnalyticsQuerySchema = z.object({
  source: SourceRefSchema,
  fields: z.array(z.object({
    field: FieldName,
    bucket: z.enum(["day", "week", "month", "quarter", "year"]).optional(),
    as: z.string().min(1).max(63).optional(),
  })).max(50).optional(),
  aggregates: z.array(z.object({
    fn: z.enum(["count", "countDistinct", "sum", "avg", "min", "max"]),
    field: FieldName.optional(),
    as: z.string().min(1).max(63),
  })).max(20).optional(),
  filters: z.array(z.object({
    field: FieldName,
    // Any name: an unknown comparison is refused by the compiler as 422, with its place.
    op: z.string().min(1).max(20).openapi({ enum: FILTER_OPS }),
    value: z.unknown().optional(),
  })).max(50).optional(),
  sort: z.array(z.object({ field: FieldName, dir: z.enum(["asc", "desc"]) })).max(10)
    .optional(),
  limit: z.number().int().min(1).max(1_000_000).optional(),
  joins: z.array(z.string().min(1).max(100)).max(5).optional(),
}).openapi("AnalyticsQuery");

/** The parsed body as the query door's type (the schema mirrors query.types.ts). */
export const asQuery = (v: z.infer<typeof AnalyticsQuerySchema>) => v as AnalyticsQuery;

const Column = z.object({
  name: z.string(),
  label: z.string(),
  type: z.enum(["text", "number", "boolean", "date", "datetime"]),
  values: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
  key: z.boolean().optional(),
});

export const FormatParam = z.enum(["rows", "series"]).default("rows");

export const QueryResultSchema = z.object({
  columns: z.array(Column),
  rows: z.array(z.record(z.string(), z.unknown())).optional(),
  truncated: z.boolean(),
  /** format=series: ECharts-ready categories (x axis) and one series per measure or group. */
  categories: z.array(z.string()).optional(),
  series: z.array(z.object({
    name: z.string(),
    data: z.array(z.number().nullable()),
  })).optional(),
}).openapi("AnalyticsResult");

export const DatasetList = z.object({
  items: z.array(z.object({
    name: z.string(),
    label: z.string(),
    module: z.string(),
    fields: z.array(Column),
    changedBy: z.array(z.string()),
  })),
}).openapi("AnalyticsDatasets");

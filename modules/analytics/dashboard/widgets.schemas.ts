import { z } from "@hono/zod-openapi";
import { CacheMeta } from "../cache/cache.schemas.ts";

export const CHART_TYPES = [
  "bar",
  "line",
  "area",
  "pie",
  "donut",
  "scatter",
  "table",
  "kpi",
  "heatmap",
  "funnel",
  "gauge",
] as const;
export type ChartType = typeof CHART_TYPES[number];

const SourceSchema = z.union([
  z.object({ kind: z.literal("dataset"), name: z.string().min(1).max(100) }),
  z.object({ kind: z.literal("table"), id: z.uuid() }),
  z.object({
    kind: z.literal("external"),
    sourceId: z.uuid(),
    schema: z.string().max(100).optional(),
    table: z.string().min(1).max(200),
  }),
  // A saved SQL question (modules/analytics/questions) with its parameter values.
  z.object({
    kind: z.literal("question"),
    id: z.uuid(),
    params: z.record(z.string(), z.unknown()).optional(),
  }),
]);

/** The widget's query: modules/analytics/query/query.types.ts AnalyticsQuery. */
export const WidgetQuery = z.object({
  source: SourceSchema,
  fields: z.array(z.object({
    field: z.string().min(1).max(200),
    bucket: z.enum(["day", "week", "month", "quarter", "year"]).optional(),
    as: z.string().max(100).optional(),
  })).max(10).optional(),
  aggregates: z.array(z.object({
    fn: z.enum(["count", "countDistinct", "sum", "avg", "min", "max"]),
    field: z.string().max(200).optional(),
    as: z.string().min(1).max(100),
  })).max(10).optional(),
  filters: z.array(z.object({
    field: z.string().min(1).max(200),
    op: z.enum([
      "eq",
      "ne",
      "lt",
      "lte",
      "gt",
      "gte",
      "in",
      "contains",
      "between",
      "isNull",
      "notNull",
    ]),
    value: z.unknown().optional(),
  })).max(20).optional(),
  sort: z.array(z.object({ field: z.string().min(1), dir: z.enum(["asc", "desc"]) })).max(5)
    .optional(),
  limit: z.number().int().min(1).max(10_000).optional(),
  joins: z.array(z.uuid()).max(5).optional(),
}).openapi("AnalyticsWidgetQuery");

/**
 * The field mapping and display options: which result column is the category (x axis, slice,
 * funnel step), which the value, an optional second category (heatmap rows, series of a
 * grouped bar), the KPI's date field for its trend and the gauge's maximum.
 */
export const WidgetOptions = z.object({
  category: z.string().max(100).optional(),
  value: z.string().max(100).optional(),
  series: z.string().max(100).optional(),
  trendField: z.string().max(200).optional(),
  trendDays: z.number().int().min(1).max(3650).optional(),
  max: z.number().optional(),
  stacked: z.boolean().optional(),
}).openapi("AnalyticsWidgetOptions");
export type WidgetOptions = z.infer<typeof WidgetOptions>;

const Place = {
  x: z.number().int().min(0).max(11),
  y: z.number().int().min(0).max(10_000),
  w: z.number().int().min(1).max(12),
  h: z.number().int().min(1).max(48),
};

export const WidgetSchema = z.object({
  id: z.uuid(),
  sheetId: z.uuid(),
  title: z.string(),
  chartType: z.enum(CHART_TYPES),
  query: WidgetQuery,
  options: WidgetOptions,
  ...Place,
  createdAt: z.string(),
  updatedAt: z.string(),
}).openapi("AnalyticsWidget");
export type Widget = z.infer<typeof WidgetSchema>;

export const WidgetInput = z.object({
  title: z.string().trim().min(1).max(200),
  chartType: z.enum(CHART_TYPES),
  query: WidgetQuery,
  options: WidgetOptions.default({}),
  x: Place.x.optional(),
  y: Place.y.optional(),
  w: Place.w.default(4),
  h: Place.h.default(4),
}).openapi("AnalyticsWidgetInput");
export type WidgetInput = z.infer<typeof WidgetInput>;

export const WidgetPatch = z.object({
  title: z.string().trim().min(1).max(200).optional(),
  chartType: z.enum(CHART_TYPES).optional(),
  query: WidgetQuery.optional(),
  options: WidgetOptions.optional(),
  x: Place.x.optional(),
  y: Place.y.optional(),
  w: Place.w.optional(),
  h: Place.h.optional(),
}).openapi("AnalyticsWidgetPatch");
export type WidgetPatch = z.infer<typeof WidgetPatch>;

export const LayoutInput = z.object({
  items: z.array(z.object({ id: z.uuid(), ...Place })).max(200),
}).openapi("AnalyticsSheetLayout");
export type LayoutInput = z.infer<typeof LayoutInput>;

export const WidgetList = z.object({ items: z.array(WidgetSchema) }).openapi("AnalyticsWidgets");

export const IdParam = z.object({
  id: z.string().openapi({ param: { name: "id", in: "path" } }),
});
export const SheetParam = z.object({
  sheetId: z.string().openapi({ param: { name: "sheetId", in: "path" } }),
});

const many = z.union([z.string(), z.array(z.string())]).optional();

/**
 * The sheet's active dashboard filters: a date range on a date field, and field = value pairs
 * written `field:value` (repeatable). The drill-down adds the clicked point.
 */
export const FilterQuery = z.object({
  dateField: z.string().max(200).optional(),
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  where: many,
  /** Saved sheet filters' values: `filterId:tag:text` (modules/analytics/filters). */
  sf: many,
});
export type FilterQuery = z.infer<typeof FilterQuery>;

export const RowsQuery = FilterQuery.extend({
  /** The clicked category (a bar, a slice, a bucket's first day). */
  point: z.string().max(500).optional(),
  /** The clicked second category (heatmap row, series). */
  series: z.string().max(500).optional(),
});
export type RowsQuery = z.infer<typeof RowsQuery>;

const Column = z.object({
  name: z.string(),
  label: z.string(),
  type: z.enum(["text", "number", "boolean", "date", "datetime"]),
});

export const WidgetData = z.object({
  columns: z.array(Column),
  rows: z.array(z.record(z.string(), z.unknown())),
  truncated: z.boolean(),
  /** The echarts option the page draws (absent for tables and KPIs). */
  option: z.record(z.string(), z.unknown()).nullable(),
  /** The raw category values in drawing order (a click on point i filters by keys[i]). */
  keys: z.array(z.string()),
  /** KPI only: the value, the previous period's and the change in percent. */
  kpi: z.object({
    value: z.number().nullable(),
    previous: z.number().nullable(),
    change: z.number().nullable(),
  }).nullable(),
  /** Whether this came from the sheet's result cache, and when it was computed. */
  cache: CacheMeta,
}).openapi("AnalyticsWidgetData");
export type WidgetData = z.infer<typeof WidgetData>;

export const RowsResult = z.object({
  columns: z.array(Column),
  rows: z.array(z.record(z.string(), z.unknown())),
  truncated: z.boolean(),
}).openapi("AnalyticsWidgetRows");

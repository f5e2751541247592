import { z } from "@hono/zod-openapi";

export const CHART_TYPES = ["bar", "line", "pie", "table"] as const;
export const SCHEDULES = ["none", "daily", "weekly", "monthly"] as const;
export const SOURCES = ["instances", "tasks", "records", "history"] as const;
export const STANDARD_KEYS = [
  "cycle-time",
  "overdue-per-user",
  "throughput-weekly",
  "task-sla",
] as const;
export type StandardKey = typeof STANDARD_KEYS[number];
export type Schedule = typeof SCHEDULES[number];
export type ChartType = typeof CHART_TYPES[number];

const FILTER_OPS = [
  "eq",
  "ne",
  "lt",
  "lte",
  "gt",
  "gte",
  "contains",
  "startsWith",
  "in",
  "isEmpty",
  "isNotEmpty",
] as const;
const name = z.string().trim().min(1).max(100);

/** The query layer's definition (modules/workflow/queries/queries.api.ts QueryDefinition). */
export const QueryDefinitionSchema = z.object({
  filters: z.array(z.object({
    field: name,
    op: z.enum(FILTER_OPS),
    value: z.unknown().optional(),
    param: z.string().max(100).optional(),
  })).max(20).optional(),
  sort: z.array(z.object({ field: name, dir: z.enum(["asc", "desc"]) })).max(5).optional(),
  groupBy: z.array(name).max(5).optional(),
  aggregates: z.array(z.object({
    fn: z.enum(["count", "sum", "avg", "min", "max"]),
    field: name.optional(),
    as: name,
  })).max(10).optional(),
  columns: z.array(name).max(50).optional(),
  limit: z.number().int().min(1).max(10_000).optional(),
}).openapi("WorkflowQueryDefinition");

export const ReportSourceSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("adhoc"),
    source: z.enum(SOURCES),
    model: z.string().max(63).optional(),
    definition: QueryDefinitionSchema,
  }),
  z.object({
    kind: z.literal("query"),
    query: z.string().trim().min(1).max(63),
    params: z.record(z.string(), z.unknown()).default({}),
  }),
  z.object({ kind: z.literal("standard"), key: z.enum(STANDARD_KEYS) }),
]).openapi("WorkflowReportSource");
export type ReportSource = z.infer<typeof ReportSourceSchema>;

export const ChartSchema = z.object({
  type: z.enum(CHART_TYPES),
  /** The column along the axis (pie: the slice names); default the first column. */
  x: z.string().max(100).optional(),
  /** The columns drawn as series (pie: the first); default every numeric column. */
  y: z.array(z.string().max(100)).max(10).optional(),
}).openapi("WorkflowReportChart");
export type ChartSettings = z.infer<typeof ChartSchema>;

export const ReportSchema = z.object({
  /** A UUID, or the key of a standard report (`cycle-time`, …). */
  id: z.string(),
  standard: z.boolean(),
  name: z.string(),
  description: z.string(),
  source: ReportSourceSchema,
  chart: ChartSchema,
  roles: z.array(z.string()),
  schedule: z.enum(SCHEDULES),
  nextRunAt: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
}).openapi("WorkflowReport");
export type Report = z.infer<typeof ReportSchema>;

export const ReportInput = z.object({
  name: z.string().trim().min(1).max(200),
  description: z.string().trim().max(2000).default(""),
  source: ReportSourceSchema,
  chart: ChartSchema.default({ type: "table" }),
  roles: z.array(z.string().trim().min(1).max(100)).max(50).default([]),
  schedule: z.enum(SCHEDULES).default("none"),
}).openapi("WorkflowReportInput");
export type ReportInput = z.infer<typeof ReportInput>;

export const ReportList = z.object({ items: z.array(ReportSchema) }).openapi("WorkflowReports");

export const ReportDataSchema = z.object({
  columns: z.array(z.object({
    name: z.string(),
    label: z.string(),
    type: z.enum(["text", "number", "boolean", "date", "datetime", "user", "enum"]),
  })),
  rows: z.array(z.record(z.string(), z.unknown())),
  truncated: z.boolean(),
}).openapi("WorkflowReportData");

export const SnapshotSchema = z.object({
  id: z.uuid(),
  reportId: z.uuid(),
  takenAt: z.string(),
  rowCount: z.number().int(),
  csvFileId: z.uuid().nullable(),
  chartFileId: z.uuid().nullable(),
  takenBy: z.string().nullable(),
  takenByName: z.string().nullable(),
}).openapi("WorkflowReportSnapshot");
export type Snapshot = z.infer<typeof SnapshotSchema>;
export const SnapshotList = z.object({ items: z.array(SnapshotSchema) }).openapi(
  "WorkflowReportSnapshots",
);

export const ReportIdParam = z.object({
  id: z.string().max(100).openapi({ param: { name: "id", in: "path" } }),
});

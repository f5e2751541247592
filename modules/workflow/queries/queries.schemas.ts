import { z } from "@hono/zod-openapi";

export const QUERY_SOURCES = ["records", "instances", "tasks", "history"] as const;
export const PARAM_TYPES = ["text", "number", "boolean", "date"] as const;

/**
 * Ops, aggregate functions and field names are plain text here on purpose: the compiler checks
 * them against the source's whitelist and refuses with 422 naming the place.
 */
export const Definition = z.object({
  filters: z.array(z.object({
    field: z.string().max(100),
    op: z.string().max(20),
    value: z.unknown().optional(),
    param: z.string().max(63).optional(),
  })).max(50).optional(),
  sort: z.array(z.object({ field: z.string().max(100), dir: z.enum(["asc", "desc"]) })).max(5)
    .optional(),
  groupBy: z.array(z.string().max(110)).max(3).optional(),
  aggregates: z.array(z.object({
    fn: z.string().max(10),
    field: z.string().max(100).optional(),
    as: z.string().max(63),
  })).max(10).optional(),
  columns: z.array(z.string().max(100)).max(30).optional(),
  limit: z.number().int().min(1).max(1000).optional(),
}).openapi("WorkflowDataQueryDefinition");

export const ParamDefSchema = z.object({
  name: z.string().max(63),
  label: z.string().trim().min(1).max(200),
  type: z.enum(PARAM_TYPES),
  required: z.boolean().default(false),
  default: z.union([z.string().max(1000), z.number(), z.boolean()]).nullable().optional(),
}).openapi("WorkflowDataQueryParam");

export const DataQuerySchema = z.object({
  id: z.uuid(),
  key: z.string(),
  name: z.string(),
  description: z.string(),
  source: z.enum(QUERY_SOURCES),
  /** The data model's key (source `records`). */
  model: z.string().nullable(),
  modelName: z.string().nullable(),
  definition: Definition,
  params: z.array(ParamDefSchema),
  updatedByName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
}).openapi("WorkflowDataQuery");
export type DataQuery = z.infer<typeof DataQuerySchema>;

export const DataQueryCreate = z.object({
  key: z.string().regex(/^[a-z][a-z0-9_]{0,62}$/, "Lower-case letters, digits and _"),
  name: z.string().trim().min(1).max(200),
  description: z.string().trim().max(2000).default(""),
  source: z.enum(QUERY_SOURCES),
  model: z.string().max(63).nullable().optional(),
  definition: Definition.default({}),
  params: z.array(ParamDefSchema).max(20).default([]),
}).openapi("WorkflowDataQueryCreate");
export type DataQueryCreate = z.infer<typeof DataQueryCreate>;

export const DataQueryUpdate = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  description: z.string().trim().max(2000).optional(),
  source: z.enum(QUERY_SOURCES).optional(),
  model: z.string().max(63).nullable().optional(),
  definition: Definition.optional(),
  params: z.array(ParamDefSchema).max(20).optional(),
}).openapi("WorkflowDataQueryUpdate");
export type DataQueryUpdate = z.infer<typeof DataQueryUpdate>;

export const DataQueryList = z.object({ items: z.array(DataQuerySchema) }).openapi(
  "WorkflowDataQueries",
);

export const QueryKeyParam = z.object({
  key: z.string().max(100).openapi({ param: { name: "key", in: "path" } }),
});

const Paging = {
  offset: z.number().int().min(0).max(100000).optional(),
  limit: z.number().int().min(1).max(1000).optional(),
};

export const RunInput = z.object({
  /** Parameter values by name (coerced to the declared types). */
  params: z.record(z.string(), z.unknown()).default({}),
  ...Paging,
}).openapi("WorkflowDataQueryRun");

export const PreviewInput = z.object({
  source: z.enum(QUERY_SOURCES),
  model: z.string().max(63).nullable().optional(),
  definition: Definition.default({}),
  /** Declarations, as a saved query would have them (optional). */
  paramDefs: z.array(ParamDefSchema).max(20).default([]),
  params: z.record(z.string(), z.unknown()).default({}),
  ...Paging,
}).openapi("WorkflowDataQueryPreview");

export const QueryResultSchema = z.object({
  columns: z.array(z.object({
    name: z.string(),
    label: z.string(),
    type: z.enum(["text", "number", "boolean", "date", "datetime", "user", "enum"]),
    values: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
  })),
  rows: z.array(z.record(z.string(), z.unknown())),
  truncated: z.boolean(),
}).openapi("WorkflowDataQueryResult");

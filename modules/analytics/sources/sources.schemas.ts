import { z } from "@hono/zod-openapi";

export const ENGINES = ["postgres", "mysql"] as const;
export const STATUSES = ["unknown", "ok", "refused", "unreachable"] as const;

export const SourceOptions = z.object({
  /** Server-side statement timeout; the client cancels a second later. */
  statementTimeoutMs: z.number().int().min(100).max(60_000).default(15_000),
  rowCap: z.number().int().min(1).max(10_000).default(5_000),
  ssl: z.boolean().default(false),
}).openapi("AnalyticsSourceOptions");
export type SourceOptions = z.infer<typeof SourceOptions>;

export const SourceSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  engine: z.enum(ENGINES),
  host: z.string(),
  port: z.number().int(),
  database: z.string(),
  username: z.string(),
  /** The password is write-only: only whether one is stored. */
  hasPassword: z.boolean(),
  options: SourceOptions,
  status: z.enum(STATUSES),
  statusDetail: z.string(),
  serverVersion: z.string().nullable(),
  sizeBytes: z.number().nullable(),
  lastCheckedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
}).openapi("AnalyticsSource");
export type Source = z.infer<typeof SourceSchema>;

const host = z.string().trim().min(1).max(253).regex(
  /^[A-Za-z0-9.\-:\[\]]+$/,
  "A host name or address",
);

export const SourceInput = z.object({
  name: z.string().trim().min(1).max(200),
  engine: z.enum(ENGINES),
  host,
  port: z.number().int().min(1).max(65535),
  database: z.string().trim().min(1).max(200),
  username: z.string().trim().min(1).max(200),
  password: z.string().max(1000).default(""),
  options: SourceOptions.default({ statementTimeoutMs: 15_000, rowCap: 5_000, ssl: false }),
}).openapi("AnalyticsSourceInput");
export type SourceInput = z.infer<typeof SourceInput>;

/** Omitted fields stay; an omitted password keeps the stored one. */
export const SourcePatch = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  host: host.optional(),
  port: z.number().int().min(1).max(65535).optional(),
  database: z.string().trim().min(1).max(200).optional(),
  username: z.string().trim().min(1).max(200).optional(),
  password: z.string().max(1000).optional(),
  options: SourceOptions.partial().optional(),
}).openapi("AnalyticsSourcePatch");
export type SourcePatch = z.infer<typeof SourcePatch>;

export const SourceIdParam = z.object({
  id: z.uuid().openapi({ param: { name: "id", in: "path" } }),
});
export const SchemaQuery = z.object({
  sourceId: z.uuid().openapi({ param: { name: "sourceId", in: "query" } }),
});

export const SourceList = z.object({ items: z.array(SourceSchema) }).openapi("AnalyticsSources");

export const TestResult = z.object({
  status: z.enum(STATUSES),
  detail: z.string(),
  serverVersion: z.string().nullable(),
  sizeBytes: z.number().nullable(),
}).openapi("AnalyticsSourceTest");

export const DatabaseList = z.object({
  items: z.array(z.object({
    id: z.uuid(),
    name: z.string(),
    engine: z.enum(ENGINES),
    version: z.string().nullable(),
    sizeBytes: z.number().nullable(),
    status: z.enum(STATUSES),
    detail: z.string(),
  })),
}).openapi("AnalyticsDatabases");

export const SchemaTree = z.object({
  schemas: z.array(z.object({
    name: z.string(),
    tables: z.array(z.object({
      name: z.string(),
      columns: z.array(z.object({
        name: z.string(),
        dataType: z.string(),
        type: z.enum(["text", "number", "boolean", "date", "datetime"]),
      })),
    })),
  })),
}).openapi("AnalyticsSchema");
export type SchemaTree = z.infer<typeof SchemaTree>;

export const SqlInput = z.object({ sql: z.string().min(1).max(20_000) }).openapi(
  "AnalyticsSqlInput",
);

export const SqlResult = z.object({
  columns: z.array(z.object({
    name: z.string(),
    label: z.string(),
    type: z.enum(["text", "number", "boolean", "date", "datetime"]),
  })),
  rows: z.array(z.record(z.string(), z.unknown())),
  truncated: z.boolean(),
}).openapi("AnalyticsSqlResult");

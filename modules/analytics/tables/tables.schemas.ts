import { z } from "@hono/zod-openapi";
import { PageQuery, pageSchema } from "../../../shared/http/paging.ts";
import { problems } from "../../../shared/http/problem.ts";

/** Text PostgreSQL can store (a NUL character cannot be in text or jsonb). */
export const plainText = (max: number, min = 0) =>
  z.string().trim().min(min).max(max).refine((v) => !v.includes("\u0000"), "Must not contain NUL");

/** Input checked against a schema below the HTTP layer too (page forms reach services directly). */
export function valid<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw problems.validation(parsed.error.issues.map((i) => ({
    path: i.path.map(String).join("."),
    message: i.message,
  })));
}

export const COLUMN_TYPES = ["text", "number", "boolean", "date", "datetime"] as const;
export type ColumnType = typeof COLUMN_TYPES[number];

/** Stored column names: what the query builder and relations refer to. */
export const COLUMN_NAME = /^[a-z][a-z0-9_]{0,62}$/;
export const MAX_COLUMNS = 100;

export const ColumnSchema = z.object({
  name: z.string().regex(COLUMN_NAME),
  label: plainText(200, 1),
  type: z.enum(COLUMN_TYPES),
}).openapi("AnalyticsColumn");
export type Column = z.infer<typeof ColumnSchema>;

/** A column as a client sends it: the name is derived from the label when left out. */
export const ColumnInput = z.object({
  name: z.string().regex(COLUMN_NAME).optional(),
  label: plainText(200, 1),
  type: z.enum(COLUMN_TYPES),
}).openapi("AnalyticsColumnInput");
export type ColumnInput = z.infer<typeof ColumnInput>;

export const TableSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  columns: z.array(ColumnSchema),
  rowCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
}).openapi("AnalyticsTable");
export type Table = z.infer<typeof TableSchema>;

export const TableList = z.object({ items: z.array(TableSchema) }).openapi("AnalyticsTables");

export const TableCreate = z.object({
  name: plainText(120, 1),
  description: plainText(1000).default(""),
  columns: z.array(ColumnInput).min(1).max(MAX_COLUMNS),
}).openapi("AnalyticsTableCreate");
export type TableCreate = z.infer<typeof TableCreate>;

/** `columns` replaces the list: new names are added, missing ones removed with their values. */
export const TablePatch = z.object({
  name: plainText(120, 1).optional(),
  description: plainText(1000).optional(),
  columns: z.array(ColumnInput).min(1).max(MAX_COLUMNS).optional(),
}).openapi("AnalyticsTablePatch");
export type TablePatch = z.infer<typeof TablePatch>;

export const RowSchema = z.object({
  id: z.uuid(),
  data: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  updatedAt: z.string(),
}).openapi("AnalyticsTableRow");
export type Row = z.infer<typeof RowSchema>;
export const RowPage = pageSchema(RowSchema, "AnalyticsTableRows");

export const RowInput = z.object({
  /** { column name: value }; values checked against the column types (null clears). */
  data: z.record(z.string(), z.unknown()),
}).openapi("AnalyticsTableRowInput");

export const IdParam = z.object({
  id: z.uuid().openapi({ param: { name: "id", in: "path" } }),
});
export const RowParams = z.object({
  id: z.uuid().openapi({ param: { name: "id", in: "path" } }),
  rowId: z.uuid().openapi({ param: { name: "rowId", in: "path" } }),
});
export const RowsQuery = PageQuery;

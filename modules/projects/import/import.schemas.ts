import { z } from "@hono/zod-openapi";
import { IMPORT_TARGETS } from "./import.lib.ts";

export const ImportTarget = z.enum(IMPORT_TARGETS).openapi("ImportTarget");

const fields = {
  mode: z.enum(["preview", "commit"]).openapi({
    description: "preview: nothing is written; commit: every row is written in one transaction",
  }),
  mapping: z.record(z.string().max(200), ImportTarget).optional().openapi({
    description: "Column header → task field; unset: suggested from the headers (Jira or plain)",
  }),
  statusMap: z.record(z.string().max(200), z.uuid()).optional().openapi({
    description: "A status value of the file → one of the project's statuses",
  }),
  skipErrors: z.boolean().optional().openapi({
    description: "Commit the rows without errors and skip the others",
  }),
};

export const ImportJsonBody = z.object({
  ...fields,
  csv: z.string().min(1).openapi({ description: "The CSV text (UTF-8, `,` or `;`)" }),
}).openapi("ImportTasks");

const jsonText = <T extends z.ZodType>(schema: T) =>
  z.string().transform((s, ctx) => {
    try {
      return schema.parse(JSON.parse(s));
    } catch {
      ctx.addIssue({ code: "custom", message: "Not valid JSON for this field" });
      return z.NEVER;
    }
  });

export const ImportFormBody = z.object({
  mode: fields.mode.optional(),
  file: z.instanceof(File).optional().openapi({ type: "string", format: "binary" }),
  mapping: jsonText(z.record(z.string(), ImportTarget)).optional().openapi({
    type: "string",
    description: "JSON object: column header → task field",
  }),
  statusMap: jsonText(z.record(z.string(), z.uuid())).optional().openapi({
    type: "string",
    description: "JSON object: status value → status id",
  }),
  skipErrors: z.enum(["true", "false"]).optional(),
}).openapi("ImportTasksUpload");

export const ImportRowSchema = z.object({
  row: z.number().int(),
  title: z.string(),
  statusId: z.uuid().nullable(),
  statusName: z.string().nullable(),
  priority: z.string(),
  assigneeIds: z.array(z.uuid()),
  assigneeNames: z.array(z.string()),
  labels: z.array(z.string()),
  startDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  estimate: z.number().nullable(),
  parentRow: z.number().int().nullable(),
  ok: z.boolean(),
}).openapi("ImportRow");

export const RowErrorSchema = z.object({
  row: z.number().int(),
  field: ImportTarget,
  value: z.string(),
  code: z.string(),
  message: z.string(),
}).openapi("ImportRowError");

export const ImportResult = z.object({
  mode: z.enum(["preview", "commit"]),
  headers: z.array(z.string()),
  mapping: z.record(z.string(), ImportTarget),
  delimiter: z.string(),
  total: z.number().int(),
  valid: z.number().int(),
  rows: z.array(ImportRowSchema).openapi({ description: "The first 50 rows" }),
  errors: z.array(RowErrorSchema),
  statusValues: z.array(z.string()).openapi({
    description: "Status values of the file that match no status of the project",
  }),
  created: z.number().int(),
  skipped: z.number().int(),
}).openapi("ImportResult");

export type ImportBody = z.infer<typeof ImportJsonBody>;

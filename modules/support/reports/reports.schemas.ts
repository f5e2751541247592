import { z } from "@hono/zod-openapi";

export const REPORT_TYPES = ["status", "sla", "team", "volume"] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

const q = (name: string) => ({ param: { name, in: "query" as const } });
export const ReportQuery = z.object({
  type: z.enum(REPORT_TYPES).default("status").openapi(q("type")),
  from: z.iso.date().optional().openapi(q("from")),
  to: z.iso.date().optional().openapi(q("to")),
  format: z.enum(["json", "csv"]).default("json").openapi(q("format")),
});
export type ReportQuery = z.infer<typeof ReportQuery>;

const Cell = z.union([z.string(), z.number(), z.null()]);
export const ReportSchema = z.object({
  type: z.enum(REPORT_TYPES),
  from: z.string(),
  to: z.string(),
  columns: z.array(z.string()),
  rows: z.array(z.record(z.string(), Cell)),
}).openapi("SupportReport");
export type Report = z.infer<typeof ReportSchema>;

/**
 * The Support dashboard: open tickets by status, priority and SLA state, recent team work and
 * volume.
 */
export interface Dashboard {
  open: number;
  byStatus: Record<string, number>;
  byPriority: Record<string, number>;
  bySla: Record<string, number>;
  team: Report;
  volume: Report;
}

import { z } from "@hono/zod-openapi";
import { PageQuery } from "../../../shared/http/paging.ts";
import { RUN_STATUSES } from "../common/common.schemas.ts";

const q = (name: string) => ({ param: { name, in: "query" as const } });
const TRIGGERS = ["cron", "once", "interval", "manual", "event", "webhook", "test"] as const;

export const RunStatusSchema = z.enum(RUN_STATUSES).openapi("AutomationRunStatus");
export const RunTriggerSchema = z.enum(TRIGGERS).openapi("AutomationRunTrigger");

export const RunIdParam = z.object({
  id: z.uuid().openapi({ param: { name: "id", in: "path" } }),
});

/** A run as lists carry it (no log). */
export const RunSchema = z.object({
  id: z.uuid(),
  jobId: z.uuid().nullable(),
  jobName: z.string().nullable(),
  agentId: z.uuid(),
  agentName: z.string(),
  agentVersion: z.number().int(),
  trigger: RunTriggerSchema,
  occurrence: z.string().nullable(),
  status: RunStatusSchema,
  attempt: z.number().int(),
  maxAttempts: z.number().int(),
  input: z.unknown(),
  result: z.unknown(),
  error: z.string().nullable(),
  logTruncated: z.boolean(),
  cancelRequested: z.boolean(),
  queuedAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  createdBy: z.uuid().nullable(),
}).openapi("AutomationRun");
export type Run = z.infer<typeof RunSchema>;

export const RunDetailSchema = RunSchema.extend({ log: z.string() })
  .openapi("AutomationRunDetail");
export type RunDetail = z.infer<typeof RunDetailSchema>;

/** Several statuses: `?status=failed&status=timed_out` or `?status=failed,timed_out`. */
const Statuses = z.preprocess(
  (v) => (v === undefined ? undefined : [v].flat().flatMap((s) => String(s).split(","))),
  z.array(RunStatusSchema).max(7).optional(),
).openapi({ ...q("status"), type: "array", items: { type: "string", enum: [...RUN_STATUSES] } });

const DateTime = z.iso.datetime({ offset: true });
export const HistoryQuery = PageQuery.extend({
  status: Statuses,
  jobId: z.uuid().optional().openapi(q("jobId")),
  agentId: z.uuid().optional().openapi(q("agentId")),
  trigger: RunTriggerSchema.optional().openapi(q("trigger")),
  from: DateTime.optional().openapi(q("from")),
  to: DateTime.optional().openapi(q("to")),
});
export type HistoryQuery = z.infer<typeof HistoryQuery>;

export const StatsQuery = z.object({
  days: z.coerce.number().int().min(1).max(365).default(14).openapi(q("days")),
  groupBy: z.enum(["agent", "job", "day"]).default("day").openapi(q("groupBy")),
});

export const StatsSchema = z.object({
  days: z.number().int(),
  groupBy: z.enum(["agent", "job", "day"]),
  items: z.array(z.object({
    key: z.string(),
    label: z.string(),
    succeeded: z.number().int(),
    failed: z.number().int(),
    other: z.number().int(),
    total: z.number().int(),
    successRate: z.number().nullable(),
  })),
}).openapi("AutomationRunStats");

export const TestRunInput = z.object({ input: z.unknown().optional() }).strict()
  .openapi("AutomationTestRunInput");
export const QueuedSchema = z.object({
  runId: z.uuid(),
  status: z.enum(["queued", "skipped"]),
}).openapi("AutomationRunQueued");

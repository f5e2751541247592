import { z } from "@hono/zod-openapi";
import { PageQuery } from "../../../shared/http/paging.ts";
import {
  CATCHUP_POLICIES,
  CONCURRENCY_POLICIES,
  RUN_STATUSES,
  TRIGGER_KINDS,
} from "../common/common.schemas.ts";

const q = (name: string) => ({ param: { name, in: "query" as const } });
const DateTime = z.iso.datetime({ offset: true });

export const TriggerKindSchema = z.enum(TRIGGER_KINDS).openapi("AutomationTriggerKind");
export const ConcurrencySchema = z.enum(CONCURRENCY_POLICIES).openapi("AutomationConcurrency");
export const CatchupSchema = z.enum(CATCHUP_POLICIES).openapi("AutomationCatchup");

export const JobIdParam = z.object({
  id: z.uuid().openapi({ param: { name: "id", in: "path" } }),
});

/** The job as the API returns it: the webhook secret's hash stays inside. */
export const JobSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  agentId: z.uuid(),
  agentName: z.string(),
  agentState: z.enum(["aktif", "pasif", "hata"]),
  triggerKind: TriggerKindSchema,
  cron: z.string().nullable(),
  timezone: z.string().nullable(),
  runAt: z.string().nullable(),
  intervalSeconds: z.number().int().nullable(),
  event: z.string().nullable(),
  /** Path of the inbound webhook (webhook jobs), relative to the server's origin. */
  webhookUrl: z.string().nullable(),
  hasWebhookSecret: z.boolean(),
  input: z.record(z.string(), z.unknown()),
  priority: z.number().int(),
  timeoutSeconds: z.number().int().nullable(),
  maxAttempts: z.number().int(),
  backoffSeconds: z.number().int(),
  concurrency: ConcurrencySchema,
  catchup: CatchupSchema,
  catchupLimit: z.number().int(),
  notifyOnFailure: z.boolean(),
  enabled: z.boolean(),
  nextRunAt: z.string().nullable(),
  lastFiredAt: z.string().nullable(),
  /** Runs of the job running now, and waiting in the queue. */
  running: z.number().int(),
  queued: z.number().int(),
  lastRun: z.object({
    id: z.uuid(),
    status: z.enum(RUN_STATUSES),
    at: z.string(),
  }).nullable(),
  createdBy: z.uuid().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
}).openapi("AutomationJob");
export type Job = z.infer<typeof JobSchema>;

/** A created job; a webhook job's secret is in it, this once. */
export const CreatedJobSchema = JobSchema.extend({
  webhookSecret: z.string().optional(),
}).openapi("AutomationCreatedJob");

const fields = {
  name: z.string().trim().min(1).max(200),
  description: z.string().max(2000),
  agentId: z.uuid(),
  triggerKind: TriggerKindSchema,
  cron: z.string().trim().max(200).nullable(),
  timezone: z.string().trim().max(100).nullable(),
  runAt: DateTime.nullable(),
  intervalSeconds: z.number().int().min(1).max(31_536_000).nullable(),
  event: z.string().trim().max(200).nullable(),
  input: z.record(z.string(), z.unknown()),
  priority: z.number().int().min(-100).max(100),
  timeoutSeconds: z.number().int().min(1).max(3600).nullable(),
  maxAttempts: z.number().int().min(1).max(20),
  backoffSeconds: z.number().int().min(0).max(86_400),
  concurrency: ConcurrencySchema,
  catchup: CatchupSchema,
  catchupLimit: z.number().int().min(1).max(1000),
  notifyOnFailure: z.boolean(),
  enabled: z.boolean(),
};

export const JobInput = z.object({
  name: fields.name,
  description: fields.description.default(""),
  agentId: fields.agentId,
  triggerKind: fields.triggerKind,
  cron: fields.cron.optional(),
  timezone: fields.timezone.optional(),
  runAt: fields.runAt.optional(),
  intervalSeconds: fields.intervalSeconds.optional(),
  event: fields.event.optional(),
  input: fields.input.default({}),
  priority: fields.priority.default(0),
  timeoutSeconds: fields.timeoutSeconds.optional(),
  maxAttempts: fields.maxAttempts.default(1),
  backoffSeconds: fields.backoffSeconds.default(30),
  concurrency: fields.concurrency.default("skip"),
  catchup: fields.catchup.default("latest"),
  catchupLimit: fields.catchupLimit.default(10),
  notifyOnFailure: fields.notifyOnFailure.default(true),
  enabled: fields.enabled.default(true),
}).strict().openapi("AutomationJobInput");
export type JobInput = z.infer<typeof JobInput>;

/** A change: only the fields given change. */
export const JobUpdate = z.object(fields).partial().strict().openapi("AutomationJobUpdate");
export type JobUpdate = z.infer<typeof JobUpdate>;

const Bool = z.enum(["true", "false"]).transform((v) => v === "true");

export const JobQuery = PageQuery.extend({
  agentId: z.uuid().optional().openapi(q("agentId")),
  trigger: TriggerKindSchema.optional().openapi(q("trigger")),
  enabled: Bool.optional().openapi({ ...q("enabled"), type: "string", enum: ["true", "false"] }),
  state: z.enum(["active", "pending"]).optional().openapi({
    ...q("state"),
    description: "active: has a run running or queued now; pending: enabled and waiting for " +
      "its next scheduled occurrence",
  }),
  q: z.string().trim().max(200).optional().openapi(q("q")),
});
export type JobQuery = z.infer<typeof JobQuery>;

export const NextRunsQuery = z.object({
  count: z.coerce.number().int().min(1).max(50).default(5).openapi(q("count")),
});

export const NextRunsSchema = z.object({
  items: z.array(z.string()),
}).openapi("AutomationNextRuns");

export const PreviewScheduleInput = z.object({
  cron: z.string().trim().min(1).max(200),
  timezone: z.string().trim().max(100).nullable().optional(),
  count: z.number().int().min(1).max(50).default(5),
}).strict().openapi("AutomationSchedulePreviewInput");

export const PreviewScheduleSchema = z.object({
  items: z.array(z.string()),
  /** Below the workspace's minimum interval: such a schedule would be refused. */
  smallestGapSeconds: z.number().nullable(),
  minIntervalSeconds: z.number().int(),
}).openapi("AutomationSchedulePreview");

export const RunNowInput = z.object({
  /** Merged over the job's own input (its keys win). */
  input: z.record(z.string(), z.unknown()).optional(),
}).strict().openapi("AutomationRunNowInput");

export const QueuedRunSchema = z.object({
  runId: z.uuid(),
  status: z.enum(["queued", "skipped"]),
}).openapi("AutomationJobRunQueued");

export const WebhookSecretSchema = z.object({
  secret: z.string(),
  webhookUrl: z.string(),
}).openapi("AutomationWebhookSecret");

export const HookParams = z.object({
  tenantId: z.string().max(100).openapi({ param: { name: "tenantId", in: "path" } }),
  jobId: z.string().max(100).openapi({ param: { name: "jobId", in: "path" } }),
});
export const HookQuery = z.object({
  secret: z.string().max(500).optional().openapi({
    ...q("secret"),
    description: "The secret, for senders that cannot set headers (prefer X-Webhook-Secret)",
  }),
});
export const HookHeaders = z.object({
  "x-webhook-secret": z.string().max(500).optional(),
});
export { DateTime };

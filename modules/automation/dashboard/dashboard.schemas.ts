import { z } from "@hono/zod-openapi";
import { AGENT_STATES, RUN_STATUSES, TRIGGER_KINDS } from "../common/common.schemas.ts";

const Count = z.number().int().min(0);
const StatusCounts = z.record(z.enum(RUN_STATUSES), Count);

const RunWindow = z.object({
  total: Count,
  byStatus: StatusCounts,
  successRate: z.number().min(0).max(1).nullable().openapi({
    description: "succeeded / (succeeded + failed + timed out); null without such runs " +
      "(cancelled and skipped runs count neither way)",
  }),
});

export const DashboardSchema = z.object({
  agents: z.object({ total: Count, byState: z.record(z.enum(AGENT_STATES), Count) }),
  jobs: z.object({
    total: Count,
    enabled: Count,
    byTrigger: z.record(z.enum(TRIGGER_KINDS), z.object({ total: Count, enabled: Count })),
  }),
  runs: z.object({
    today: RunWindow.openapi({ description: "Since midnight in the tenant's time zone" }),
    last24h: RunWindow,
    last7Days: RunWindow.extend({
      durationP50Ms: z.number().nullable(),
      durationP95Ms: z.number().nullable(),
    }),
    perDay: z.array(z.object({ day: z.iso.date(), byStatus: StatusCounts })).openapi({
      description: "The last 14 days (tenant time zone), oldest first",
    }),
  }),
  queue: z.object({
    queuedRuns: Count,
    runningRuns: Count,
    oldestQueuedAt: z.string().nullable(),
    backlogThreshold: Count,
    overThreshold: z.boolean(),
    /** The tenant's whole share of the platform queue (every module's jobs). */
    sharedDue: Count,
    sharedRunning: Count,
    activeWorkers: Count.openapi({
      description: "Workers busy for this tenant in the last minute",
    }),
  }),
  runtime: z.object({ deno: z.string(), v8: z.string() }),
  nextRuns: z.array(z.object({
    jobId: z.uuid(),
    jobName: z.string(),
    agentId: z.uuid(),
    agentName: z.string(),
    triggerKind: z.enum(TRIGGER_KINDS),
    nextRunAt: z.string(),
  })),
  recentFailures: z.array(z.object({
    runId: z.uuid(),
    jobId: z.uuid().nullable(),
    jobName: z.string().nullable(),
    agentId: z.uuid(),
    agentName: z.string(),
    status: z.enum(["failed", "timed_out"]),
    error: z.string().nullable(),
    finishedAt: z.string(),
  })),
  generatedAt: z.string(),
}).openapi("AutomationDashboard");
export type Dashboard = z.infer<typeof DashboardSchema>;

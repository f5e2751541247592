/**
 * The domain events Automation publishes (from the run engine and the agent service, in the
 * transaction of the change). Workflow can start a process when a run fails; notification rules
 * can mail someone when an agent goes to `hata`.
 */
import { z } from "@hono/zod-openapi";
import type { EventCatalog } from "../../shared/modules.ts";
import { eventPublisher } from "../../platform/notifications/public.ts";

const Run = {
  runId: z.string(),
  jobId: z.string().nullable(),
  jobName: z.string().nullable(),
  agentId: z.string(),
  agentName: z.string(),
  trigger: z.string(),
};

export const automationEvents = {
  "automation.run.succeeded": z.looseObject({ ...Run, durationMs: z.number().nullable() }),
  "automation.run.failed": z.looseObject({
    ...Run,
    status: z.string(),
    error: z.string().nullable(),
  }),
  "automation.agent.state-changed": z.looseObject({
    agentId: z.string(),
    agentName: z.string(),
    oldState: z.string(),
    newState: z.string(),
    error: z.string().nullable(),
  }),
} satisfies EventCatalog;

export type AutomationEvent = keyof typeof automationEvents;

/** Publishes one of Automation's declared events from the caller's transaction. */
export const publishAutomation = eventPublisher(automationEvents);

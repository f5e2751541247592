/**
 * The domain events Workflow publishes, in the transaction of the change: other modules (and
 * Automation jobs) can react when a process ends or a task is assigned.
 */
import { z } from "@hono/zod-openapi";
import type { EventCatalog } from "../../shared/modules.ts";
import { eventPublisher } from "../../platform/notifications/public.ts";

const Instance = {
  instanceId: z.string(),
  definitionId: z.string(),
  definitionKey: z.string(),
  name: z.string(),
};

export const workflowEvents = {
  "workflow.process.started": z.looseObject({ ...Instance, startedBy: z.string().nullable() }),
  "workflow.process.completed": z.looseObject({ ...Instance, endElementId: z.string().nullable() }),
  "workflow.process.cancelled": z.looseObject({ ...Instance, reason: z.string().nullable() }),
  "workflow.incident.opened": z.looseObject({
    ...Instance,
    elementId: z.string(),
    message: z.string(),
  }),
  "workflow.task.assigned": z.looseObject({
    taskId: z.string(),
    name: z.string(),
    assignee: z.string(),
    instanceId: z.string().nullable(),
  }),
  "workflow.task.completed": z.looseObject({
    taskId: z.string(),
    name: z.string(),
    completedBy: z.string(),
    instanceId: z.string().nullable(),
  }),
} satisfies EventCatalog;

export type WorkflowEvent = keyof typeof workflowEvents;

/** Publishes one of Workflow's declared events from the caller's transaction. */
export const publishWorkflow = eventPublisher(workflowEvents);

/** External task API shapes (Camunda 7's names, camelCase JSON, times in ISO 8601 UTC). */
import { z } from "@hono/zod-openapi";
import { PageQuery } from "../../../shared/http/paging.ts";
import { MAX_ASYNC_RESPONSE_TIMEOUT_MS, MAX_LOCK_MS } from "./external.rules.ts";

const WorkerId = z.string().trim().min(1).max(200).openapi({
  description: "The worker's own name for itself; locks are held in it",
  example: "billing-worker-1",
});
const Variables = z.record(z.string().min(1).max(200), z.unknown()).openapi({
  description: "Variable name → JSON value",
});
const LockMs = z.number().int().min(1).max(MAX_LOCK_MS);

export const IdParam = z.object({
  id: z.uuid().openapi({ param: { name: "id", in: "path" } }),
});

export const FetchAndLockInput = z.object({
  workerId: WorkerId,
  maxTasks: z.number().int().min(1).max(100).default(10),
  usePriority: z.boolean().default(true).openapi({
    description: "Accepted for Camunda clients; tasks are always handed out by priority",
  }),
  asyncResponseTimeout: z.number().int().min(0).max(MAX_ASYNC_RESPONSE_TIMEOUT_MS).default(0)
    .openapi({
      description: "Long polling: wait up to this many ms for a task when none is ready",
    }),
  topics: z.array(z.object({
    topicName: z.string().trim().min(1).max(200),
    lockDuration: LockMs.openapi({ description: "Lock time in ms" }),
    variables: z.array(z.string().min(1).max(200)).max(200).optional().openapi({
      description: "Only these variables (all when absent)",
    }),
  })).min(1).max(50),
}).openapi("WorkflowExternalFetchAndLock");
export type FetchAndLockInput = z.infer<typeof FetchAndLockInput>;

export const ExternalTaskSchema = z.object({
  id: z.uuid(),
  topicName: z.string(),
  workerId: z.string().nullable(),
  lockExpirationTime: z.string().nullable(),
  processInstanceId: z.uuid(),
  processDefinitionId: z.uuid(),
  processDefinitionKey: z.string(),
  activityId: z.string(),
  activityName: z.string(),
  activityInstanceId: z.uuid().openapi({ description: "The waiting token" }),
  businessKey: z.string().nullable(),
  retries: z.number().int().nullable(),
  errorMessage: z.string().nullable(),
  priority: z.number().int(),
  suspended: z.boolean(),
  createdAt: z.string(),
}).openapi("WorkflowExternalTask");
export type ExternalTask = z.infer<typeof ExternalTaskSchema>;

export const ExternalTaskDetailSchema = ExternalTaskSchema.extend({
  errorDetails: z.string().nullable(),
}).openapi("WorkflowExternalTaskDetail");

export const LockedExternalTaskSchema = ExternalTaskSchema.extend({
  variables: Variables,
  errorDetails: z.string().nullable(),
}).openapi("WorkflowLockedExternalTask");
export type LockedExternalTask = z.infer<typeof LockedExternalTaskSchema>;

export const CompleteInput = z.object({
  workerId: WorkerId,
  variables: Variables.optional(),
}).openapi("WorkflowExternalComplete");

export const FailureInput = z.object({
  workerId: WorkerId,
  errorMessage: z.string().max(2_000).default(""),
  errorDetails: z.string().max(100_000).optional(),
  retries: z.number().int().min(0).max(1_000).openapi({
    description: "Retries left; 0 opens an incident on the process",
  }),
  retryTimeout: z.number().int().min(0).max(MAX_LOCK_MS).default(0).openapi({
    description: "Not fetched again before this many ms",
  }),
}).openapi("WorkflowExternalFailure");

export const BpmnErrorInput = z.object({
  workerId: WorkerId,
  errorCode: z.string().trim().min(1).max(200),
  errorMessage: z.string().max(2_000).optional(),
  variables: Variables.optional(),
}).openapi("WorkflowExternalBpmnError");

export const ExtendLockInput = z.object({
  workerId: WorkerId,
  newDuration: LockMs.openapi({ description: "The lock runs this many ms from now" }),
}).openapi("WorkflowExternalExtendLock");

export const ExternalTaskQuery = PageQuery.extend({
  topicName: z.string().max(200).optional().openapi({ param: { name: "topicName", in: "query" } }),
  workerId: z.string().max(200).optional().openapi({ param: { name: "workerId", in: "query" } }),
  processInstanceId: z.uuid().optional().openapi({
    param: { name: "processInstanceId", in: "query" },
  }),
  locked: z.enum(["true", "false"]).optional().openapi({
    param: { name: "locked", in: "query" },
  }),
});
export type ExternalTaskQuery = z.infer<typeof ExternalTaskQuery>;

export const LockResponse = z.object({ lockExpirationTime: z.string() }).openapi(
  "WorkflowExternalLock",
);

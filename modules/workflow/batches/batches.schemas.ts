import { z } from "@hono/zod-openapi";
import { PageQuery } from "../../../shared/http/paging.ts";
import { INSTANCE_STATES } from "../instances/instances.schemas.ts";
import { ModificationInstruction } from "../instances/modification.schemas.ts";

export const BATCH_TYPES = ["cancel", "suspend", "resume", "migrate", "modify"] as const;
export const BatchType = z.enum(BATCH_TYPES);
export type BatchType = z.infer<typeof BatchType>;
export const BatchState = z.enum(["running", "completed"]);

export const IdParam = z.object({
  id: z.uuid().openapi({ param: { name: "id", in: "path" } }),
});

const iso = z.iso.datetime({ offset: true });

/** Which instances a batch works on; the criteria combine (and). */
export const BatchQuery = z.object({
  definitionKey: z.string().min(1).max(255).optional(),
  version: z.number().int().min(1).optional().openapi({ description: "Needs definitionKey" }),
  states: z.array(z.enum(INSTANCE_STATES)).min(1).optional().openapi({
    description: "Default: the states the batch type applies to",
  }),
  businessKey: z.string().min(1).max(255).optional(),
  startedAfter: iso.optional(),
  startedBefore: iso.optional(),
  instanceIds: z.array(z.uuid()).min(1).max(10_000).optional(),
}).strict().openapi("WorkflowBatchQuery");
export type BatchQuery = z.infer<typeof BatchQuery>;

export const BatchInput = z.object({
  type: BatchType,
  query: BatchQuery,
  /** cancel: the reason written in each instance's history. */
  reason: z.string().max(500).optional(),
  /** migrate: the target version of the query's definitionKey and the activity mapping. */
  migration: z.object({
    toVersion: z.number().int().min(1),
    mapping: z.record(z.string().min(1).max(255), z.string().min(1).max(255)),
  }).optional(),
  /** modify: the instructions applied to each instance (as in /process/{id}/modification). */
  modification: z.object({
    instructions: z.array(ModificationInstruction).min(1).max(100),
    annotation: z.string().max(500).optional(),
  }).optional(),
}).openapi("WorkflowBatchInput");
export type BatchInput = z.infer<typeof BatchInput>;

export const BatchSchema = z.object({
  id: z.uuid(),
  type: BatchType,
  state: BatchState,
  total: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  query: z.record(z.string(), z.unknown()),
  createdBy: z.uuid().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
}).openapi("WorkflowBatch");
export type Batch = z.infer<typeof BatchSchema>;

export const BatchFailure = z.object({
  instanceId: z.uuid(),
  instanceName: z.string(),
  message: z.string(),
  attempts: z.number().int(),
}).openapi("WorkflowBatchFailure");
export type BatchFailure = z.infer<typeof BatchFailure>;

export const BatchDetail = BatchSchema.extend({
  /** Instances still to do, and the failed ones (first 200) with the engine's message. */
  pending: z.number().int(),
  failures: z.array(BatchFailure),
}).openapi("WorkflowBatchDetail");
export type BatchDetail = z.infer<typeof BatchDetail>;

export const BatchListQuery = PageQuery.extend({
  state: BatchState.optional().openapi({ param: { name: "state", in: "query" } }),
});
export type BatchListQuery = z.infer<typeof BatchListQuery>;

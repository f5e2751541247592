import { z } from "@hono/zod-openapi";
import { Variables } from "../instances/instances.schemas.ts";

const Name = z.string().trim().min(1).max(200);

export const CorrelateInput = z.object({
  messageName: Name,
  businessKey: z.string().trim().min(1).max(200).optional(),
  /** Only this instance (its waiting executions; never a start event). */
  processInstanceId: z.uuid().optional(),
  /** Process variables a waiting instance must hold with exactly these values. */
  correlationKeys: Variables.optional(),
  /** Written as process variables into each reached (or started) instance. */
  processVariables: Variables.default({}),
  /** Reach every match; otherwise exactly one (409 when several match). */
  all: z.boolean().default(false),
}).openapi("WorkflowMessageCorrelation");
export type CorrelateInput = z.infer<typeof CorrelateInput>;

export const CorrelationResult = z.object({
  /** Execution: a waiting instance was reached; ProcessDefinition: a message start started one. */
  resultType: z.enum(["Execution", "ProcessDefinition"]),
  processInstanceId: z.uuid(),
  definitionKey: z.string(),
  /** The catch event, receive task, boundary or start event the message reached. */
  elementId: z.string(),
}).openapi("WorkflowCorrelationResult");

export const CorrelationAnswer = z.object({
  results: z.array(CorrelationResult),
}).openapi("WorkflowCorrelationAnswer");
export type CorrelationAnswer = z.infer<typeof CorrelationAnswer>;

export const SignalInput = z.object({
  name: Name,
  variables: Variables.default({}),
}).openapi("WorkflowSignal");
export type SignalInput = z.infer<typeof SignalInput>;

export const SignalAnswer = z.object({
  /** Waiting catch events, boundaries, gateway branches and event subprocesses reached. */
  reached: z.number().int(),
  /** Instances started by signal start events. */
  started: z.array(z.object({ processInstanceId: z.uuid(), definitionKey: z.string() })),
}).openapi("WorkflowSignalAnswer");
export type SignalAnswer = z.infer<typeof SignalAnswer>;

/** Raising a BPMN error or escalation from a user task (Camunda 7's task bpmnError/bpmnEscalation). */
import { z } from "@hono/zod-openapi";
import { TaskSchema } from "./tasks.schemas.ts";

const variables = z.record(z.string(), z.unknown()).default({}).openapi({
  description: "Process variables written before the event is thrown",
});

export const TaskErrorInput = z.object({
  errorCode: z.string().trim().min(1).max(200),
  variables,
}).openapi("WorkflowTaskBpmnError");

export const TaskEscalationInput = z.object({
  escalationCode: z.string().trim().min(1).max(200),
  variables,
}).openapi("WorkflowTaskBpmnEscalation");

export const TaskThrowResult = z.object({
  /** The boundary event or event subprocess start that caught it. */
  caughtBy: z.string(),
  task: TaskSchema,
}).openapi("WorkflowTaskThrowResult");

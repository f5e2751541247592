import { z } from "@hono/zod-openapi";

const Variables = z.record(z.string(), z.unknown()).openapi({
  description: "Process variables written before the token starts",
});

/** One instruction, as Camunda 7's modification API writes it. */
export const ModificationInstruction = z.discriminatedUnion("type", [
  z.object({
    type: z.enum(["startBeforeActivity", "startAfterActivity"]),
    activityId: z.string().min(1).max(255),
    ancestorActivityInstanceId: z.uuid().optional().openapi({
      description: "The scope to start in when its subprocess is active more than once",
    }),
    variables: Variables.optional(),
  }),
  z.object({
    type: z.literal("cancel"),
    activityInstanceId: z.uuid().optional().openapi({
      description: "One activity instance (a token id of the instance's live tokens)",
    }),
    activityId: z.string().min(1).max(255).optional().openapi({
      description: "Every live instance of this activity",
    }),
  }).refine((c) => !!c.activityInstanceId !== !!c.activityId, {
    message: "give activityInstanceId or activityId (one of them)",
  }),
]).openapi("WorkflowModificationInstruction");
export type ModificationInstruction = z.infer<typeof ModificationInstruction>;

export const ModificationInput = z.object({
  instructions: z.array(ModificationInstruction).min(1).max(100),
  annotation: z.string().max(500).optional(),
}).openapi("WorkflowModification");
export type ModificationInput = z.infer<typeof ModificationInput>;

export const ModificationResultSchema = z.object({
  instanceId: z.uuid(),
  state: z.string(),
  started: z.array(z.object({ tokenId: z.uuid(), elementId: z.string() })),
  cancelled: z.array(z.uuid()),
}).openapi("WorkflowModificationResult");

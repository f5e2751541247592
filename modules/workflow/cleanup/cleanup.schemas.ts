import { z } from "@hono/zod-openapi";
import { MAX_TTL_DAYS } from "./cleanup.rules.ts";

export const WorkflowSettingsSchema = z.object({
  historyTimeToLiveDays: z.number().int().nullable().openapi({
    description: "Days a finished process instance is kept when its definition version names " +
      "no camunda:historyTimeToLive; null keeps them forever",
    example: 180,
  }),
  updatedBy: z.uuid().nullable(),
  updatedAt: z.string().nullable(),
}).openapi("WorkflowSettings");
export type WorkflowSettings = z.infer<typeof WorkflowSettingsSchema>;

export const WorkflowSettingsUpdate = z.object({
  historyTimeToLiveDays: z.number().int().min(0).max(MAX_TTL_DAYS).nullable(),
}).strict().openapi("WorkflowSettingsUpdate");
export type WorkflowSettingsUpdate = z.infer<typeof WorkflowSettingsUpdate>;

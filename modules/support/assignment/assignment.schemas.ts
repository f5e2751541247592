import { z } from "@hono/zod-openapi";
import { ASSIGNMENT_MODES } from "./assignment.rules.ts";

export const TeamIdParam = z.object({
  teamId: z.uuid().openapi({
    param: { name: "teamId", in: "path" },
    example: "0190f5b4-8c1e-7000-8000-000000000000",
  }),
});

export const AssignmentSettingsSchema = z.object({
  teamId: z.uuid(),
  /** none: tickets wait in the queue; round_robin: members in turn; least_open: the lightest. */
  mode: z.enum(ASSIGNMENT_MODES),
  /** At most this many open tickets per member (null: no cap). */
  maxOpenPerAgent: z.number().int().nullable(),
}).openapi("SupportTeamAssignment");
export type AssignmentSettingsOut = z.infer<typeof AssignmentSettingsSchema>;

export const AssignmentSettingsInput = z.object({
  mode: z.enum(ASSIGNMENT_MODES),
  maxOpenPerAgent: z.number().int().min(1).max(10_000).nullable().default(null),
}).openapi("SupportTeamAssignmentInput");
export type AssignmentSettingsInput = z.infer<typeof AssignmentSettingsInput>;

export const AgentStatusSchema = z.object({
  /** Out of office: auto-assignment skips the agent (until `until`, or until switched off). */
  outOfOffice: z.boolean(),
  until: z.string().nullable(),
}).openapi("SupportAgentStatus");

export const AgentStatusInput = z.object({
  outOfOffice: z.boolean(),
  until: z.iso.datetime({ offset: true }).nullable().default(null),
}).openapi("SupportAgentStatusInput");
export type AgentStatusInput = z.infer<typeof AgentStatusInput>;

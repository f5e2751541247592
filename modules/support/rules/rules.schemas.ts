import { z } from "@hono/zod-openapi";
import { RuleAction, RuleCondition } from "../../../platform/notifications/public.ts";
import { type SupportEvent, supportEvents } from "../events.ts";

/** What Support publishes (its event catalog); rules on these run after the change commits. */
export const SUPPORT_EVENTS = Object.keys(supportEvents) as [SupportEvent, ...SupportEvent[]];

export const SupportRuleInput = z.object({
  name: z.string().trim().min(1).max(200),
  event: z.enum(SUPPORT_EVENTS),
  condition: RuleCondition.default({}),
  actions: z.array(RuleAction).min(1).max(20),
  enabled: z.boolean().default(true),
}).openapi("SupportRuleInput");

export const SupportRule = z.object({
  id: z.uuid(),
  name: z.string(),
  event: z.string(),
  condition: RuleCondition,
  actions: z.array(RuleAction),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
}).openapi("SupportRule");
export type SupportRule = z.infer<typeof SupportRule>;

export const RuleToggle = z.object({ enabled: z.boolean() }).openapi("SupportRuleToggle");

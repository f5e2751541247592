import { z } from "@hono/zod-openapi";

const Operand = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const ConditionClause = z.object({
  field: z.string().min(1).max(200),
  op: z.enum(["eq", "ne", "in", "nin", "gt", "gte", "lt", "lte", "contains", "exists", "missing"]),
  value: z.union([Operand, z.array(Operand)]).optional(),
});
/** Every clause of `all` and at least one of `any` (when given) must hold. */
export const RuleCondition = z.object({
  all: z.array(ConditionClause).max(50).optional(),
  any: z.array(ConditionClause).max(50).optional(),
}).openapi("RuleCondition");

const Text = z.string().min(1).max(2000);
export const RuleAction = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("notify"),
    userIds: z.array(z.uuid()).max(100).optional(),
    /** Path in the event data holding a user id or a list of them (e.g. ticket.assigneeId). */
    userField: z.string().max(200).optional(),
    title: Text,
    body: z.string().max(4000).optional(),
    link: z.string().regex(/^\/(?!\/)/, "a path of this site").max(500).optional(),
  }),
  z.object({
    type: z.literal("email"),
    to: z.array(z.email()).max(100).optional(),
    toField: z.string().max(200).optional(),
    template: z.object({ subject: Text, body: z.string().min(1).max(20000) }),
  }),
  z.object({
    type: z.literal("job"),
    // Platform jobs (rule dispatch itself, mail, purges) are never a rule's to start.
    name: z.string().regex(
      /^(?!platform\.)[a-z][\w.-]{1,100}$/,
      "a module job, not a platform job",
    ),
    payload: z.record(z.string(), z.unknown()).optional(),
    priority: z.number().int().min(-100).max(100).optional(),
  }),
]).openapi("RuleAction");

export const RuleInput = z.object({
  name: z.string().trim().min(1).max(200),
  event: z.string().regex(
    /^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+$/,
    "an event name such as support.ticket.created",
  ),
  condition: RuleCondition.default({}),
  actions: z.array(RuleAction).min(1).max(20),
  enabled: z.boolean().default(true),
}).openapi("RuleInput");
export type RuleInput = z.infer<typeof RuleInput>;
export type Clause = z.infer<typeof ConditionClause>;

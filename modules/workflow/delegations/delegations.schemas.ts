import { z } from "@hono/zod-openapi";
import { PageQuery } from "../../../shared/http/paging.ts";

const When = z.iso.datetime({ offset: true });
const q = (name: string) => ({ param: { name, in: "query" as const } });

export const HandoverInput = z.object({
  taskId: z.uuid(),
  toUserId: z.uuid(),
  /** delegate: the task comes back to its assignee once resolved; reassign: it moves for good. */
  mode: z.enum(["delegate", "reassign"]).default("delegate"),
  note: z.string().trim().max(2000).optional(),
}).openapi("WorkflowDelegationInput");
export type HandoverInput = z.infer<typeof HandoverInput>;

export const HandoverSchema = z.object({
  id: z.uuid(),
  taskId: z.uuid(),
  taskName: z.string(),
  taskState: z.string(),
  event: z.enum(["delegated", "reassigned", "substituted", "resolved"]),
  actor: z.uuid().nullable(),
  actorName: z.string().nullable(),
  fromUser: z.uuid().nullable(),
  fromName: z.string().nullable(),
  toUser: z.uuid().nullable(),
  toName: z.string().nullable(),
  at: z.string(),
  data: z.record(z.string(), z.unknown()),
}).openapi("WorkflowHandover");
export type Handover = z.infer<typeof HandoverSchema>;

export const HandoverQuery = PageQuery.extend({
  view: z.enum(["given", "received"]).default("received").openapi(q("view")),
});

export const StandingSchema = z.object({
  id: z.uuid(),
  fromUser: z.uuid(),
  fromName: z.string().nullable(),
  toUser: z.uuid(),
  toName: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  definitionId: z.uuid().nullable(),
  definitionName: z.string().nullable(),
  reason: z.string(),
  createdBy: z.uuid().nullable(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
  active: z.boolean(),
}).openapi("WorkflowStandingDelegation");
export type Standing = z.infer<typeof StandingSchema>;

export const StandingInput = z.object({
  /** Whose tasks; only supervisors may set it for someone else (default: the caller). */
  fromUserId: z.uuid().optional(),
  toUserId: z.uuid(),
  startsAt: When,
  endsAt: When,
  /** Only tasks of this process definition; absent: every task. */
  definitionId: z.uuid().nullish(),
  reason: z.string().trim().max(500).default(""),
}).openapi("WorkflowStandingDelegationInput");
export type StandingInput = z.infer<typeof StandingInput>;

export const StandingQuery = z.object({
  view: z.enum(["given", "received", "all"]).default("given").openapi(q("view")),
  ended: z.enum(["true", "false"]).default("false").openapi(q("ended")),
});
export type StandingQuery = z.infer<typeof StandingQuery>;

export const StandingIdParam = z.object({
  id: z.uuid().openapi({ param: { name: "id", in: "path" } }),
});

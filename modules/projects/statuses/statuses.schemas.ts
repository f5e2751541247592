import type { MemberRole as MemberRoleName } from "../access/access.rules.ts";
import { z } from "@hono/zod-openapi";
import { MemberRole } from "../projects/projects.schemas.ts";

export const StatusCategory = z.enum(["open", "done"]).openapi("TaskStatusCategory");

export const StatusSchema = z.object({
  id: z.uuid(),
  projectId: z.uuid(),
  name: z.string(),
  category: StatusCategory,
  position: z.number().int(),
  taskCount: z.number().int(),
}).openapi("TaskStatus");

export const TransitionSchema = z.object({
  fromStatusId: z.uuid(),
  toStatusId: z.uuid(),
  roles: z.array(MemberRole),
}).openapi("StatusTransition");

export const StatusFlow = z.object({
  items: z.array(StatusSchema),
  transitions: z.array(TransitionSchema),
}).openapi("StatusFlow");

const name = z.string().trim().min(1).max(60);

export const PutStatusFlowBody = z.object({
  statuses: z.array(z.object({
    id: z.uuid().optional().openapi({ description: "Keep an existing status; omit for a new one" }),
    name,
    category: StatusCategory,
  })).min(1).max(30).openapi({ description: "The whole flow in board order" }),
  transitions: z.array(z.object({
    from: name.openapi({ description: "Status name" }),
    to: name,
    roles: z.array(MemberRole).max(3).default([]),
  })).max(900).default([]).openapi({
    description: "Allowed moves; none at all means every move is allowed",
  }),
  moveTasks: z.array(z.object({
    from: z.uuid().openapi({ description: "A removed status" }),
    to: name.openapi({ description: "The status its tasks go to" }),
  })).max(30).default([]),
}).openapi("PutStatusFlow");

export const StatusQuery = z.object({
  projectId: z.uuid().openapi({ param: { name: "projectId", in: "query" } }),
});

export interface StatusRow {
  id: string;
  projectId: string;
  name: string;
  category: "open" | "done";
  position: number;
  taskCount: number;
}

export interface TransitionRow {
  fromStatusId: string;
  toStatusId: string;
  roles: MemberRoleName[];
}

import { z } from "@hono/zod-openapi";
import { ASSIGNMENT_MODES } from "../assignment/assignment.rules.ts";

export const QueueSchema = z.object({
  teamId: z.uuid(),
  name: z.string(),
  /** How new tickets of the team find an agent. */
  mode: z.enum(ASSIGNMENT_MODES),
  maxOpenPerAgent: z.number().int().nullable(),
  /** Open tickets (acik, islemde) of the team. */
  open: z.number().int(),
  /** Of those, the ones nobody is assigned to. */
  unassigned: z.number().int(),
}).openapi("SupportQueue");
export type Queue = z.infer<typeof QueueSchema>;

export const QueueList = z.object({ items: z.array(QueueSchema) }).openapi("SupportQueueList");

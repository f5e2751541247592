import { z } from "@hono/zod-openapi";
import { TicketSchema } from "../tickets/tickets.schemas.ts";

export const MergeInput = z.object({
  /** The ticket that takes this one's comments, files, mail threads and tags. */
  intoId: z.uuid(),
}).openapi("SupportMergeInput");

export const MergeResult = z.object({
  /** The ticket merged into, after the merge. */
  ticket: TicketSchema,
  /** The merged ticket: closed, pointing at `ticket`. */
  merged: TicketSchema,
  movedComments: z.number().int(),
  movedFiles: z.number().int(),
}).openapi("SupportMergeResult");
export type MergeResult = z.infer<typeof MergeResult>;

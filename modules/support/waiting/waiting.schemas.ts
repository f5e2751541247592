import { z } from "@hono/zod-openapi";
import { PENDING_REASONS } from "./waiting.rules.ts";

export const PendingInput = z.object({
  /** Who the ticket waits on: the customer, or a third party (a supplier, another team). */
  reason: z.enum(PENDING_REASONS).default("customer"),
}).openapi("SupportPendingInput");

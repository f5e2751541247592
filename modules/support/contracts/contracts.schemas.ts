import { z } from "@hono/zod-openapi";
import { ListQuery, Timestamps } from "../common/common.schemas.ts";

export const CONTRACT_STATES = ["pending", "active", "expiring", "expired"] as const;

export const ContractSchema = z.object({
  id: z.uuid(),
  customerId: z.uuid(),
  name: z.string(),
  startsOn: z.iso.date(),
  endsOn: z.iso.date(),
  reminderDays: z.number().int(),
  slaPolicyId: z.uuid().nullable(),
  notes: z.string(),
  /** From the dates: not started, running, within the reminder window, or over. */
  status: z.enum(CONTRACT_STATES),
  ...Timestamps,
}).openapi("SupportContract");
export type Contract = z.infer<typeof ContractSchema>;

export const ContractInput = z.object({
  customerId: z.uuid(),
  name: z.string().trim().min(1).max(200),
  startsOn: z.iso.date(),
  endsOn: z.iso.date(),
  reminderDays: z.number().int().min(0).max(365).default(30),
  slaPolicyId: z.uuid().nullish(),
  notes: z.string().max(5000).optional(),
}).openapi("SupportContractInput");
export type ContractInput = z.infer<typeof ContractInput>;
export const ContractUpdate = ContractInput.extend({
  reminderDays: z.number().int().min(0).max(365),
})
  .partial().openapi("SupportContractUpdate");
export type ContractUpdate = z.infer<typeof ContractUpdate>;
export const ContractQuery = ListQuery.extend({
  customerId: z.uuid().optional().openapi({ param: { name: "customerId", in: "query" } }),
});

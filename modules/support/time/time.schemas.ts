import { z } from "@hono/zod-openapi";

const q = (name: string) => ({ param: { name, in: "query" as const } });
export const TimeQuery = z.object({
  from: z.iso.date().optional().openapi(q("from")),
  to: z.iso.date().optional().openapi(q("to")),
  groupBy: z.enum(["agent", "customer"]).default("agent").openapi(q("groupBy")),
});
export type TimeQuery = z.infer<typeof TimeQuery>;

export const TimeRow = z.object({
  /** The agent's user id or the customer's id; null for time without a known author. */
  id: z.uuid().nullable(),
  name: z.string().nullable(),
  minutes: z.number().int(),
  tickets: z.number().int(),
  comments: z.number().int(),
}).openapi("SupportTimeRow");
export type TimeRow = z.infer<typeof TimeRow>;

export const TimeReport = z.object({
  from: z.string(),
  to: z.string(),
  groupBy: z.enum(["agent", "customer"]),
  rows: z.array(TimeRow),
  totalMinutes: z.number().int(),
  /** Tickets with time in the period (a ticket worked by two agents counts once). */
  totalTickets: z.number().int(),
}).openapi("SupportTimeReport");
export type TimeReport = z.infer<typeof TimeReport>;

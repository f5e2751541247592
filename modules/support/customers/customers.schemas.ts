import { z } from "@hono/zod-openapi";
import {
  Email,
  ListQuery,
  LocaleCode,
  OptionalText,
  Timestamps,
} from "../common/common.schemas.ts";
import { PageQuery } from "../../../shared/http/paging.ts";

export const CustomerSchema = z.object({
  id: z.uuid(),
  kind: z.enum(["person", "firm"]),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  locale: z.string(),
  companyId: z.uuid().nullable(),
  contactId: z.uuid().nullable(),
  notes: z.string(),
  ...Timestamps,
}).openapi("SupportCustomer");
export type Customer = z.infer<typeof CustomerSchema>;

export const CustomerInput = z.object({
  kind: z.enum(["person", "firm"]).default("person"),
  name: z.string().trim().min(1).max(200),
  email: Email.nullish(),
  phone: OptionalText(50),
  locale: LocaleCode.optional(),
  companyId: z.uuid().nullish(),
  contactId: z.uuid().nullish(),
  notes: z.string().max(5000).optional(),
}).openapi("SupportCustomerInput");
export type CustomerInput = z.infer<typeof CustomerInput>;
export const CustomerUpdate = CustomerInput.omit({ kind: true })
  .extend({ kind: z.enum(["person", "firm"]) }).partial().openapi("SupportCustomerUpdate");
export type CustomerUpdate = z.infer<typeof CustomerUpdate>;
export const CustomerQuery = ListQuery.extend({
  companyId: z.uuid().optional().openapi({ param: { name: "companyId", in: "query" } }),
  kind: z.enum(["person", "firm"]).optional().openapi({ param: { name: "kind", in: "query" } }),
});

export const CustomerActivity = z.object({
  id: z.uuid(),
  at: z.string(),
  kind: z.enum(["ticket", "comment", "contract", "change"]),
  /** The ticket, contract or customer the line is about. */
  refId: z.uuid(),
  title: z.string(),
  /** What happened: created, updated, assigned, closed, reopened, commented, reminded, … */
  action: z.string(),
  /** The ticket ("T-2026-00012 Printer …") or contract the line is about; "" for the customer. */
  about: z.string(),
  /** The start of a comment's text. */
  excerpt: z.string().nullable(),
  /** Who did it; null for the platform itself (reminders, jobs). */
  actorId: z.uuid().nullable(),
  actorName: z.string().nullable(),
  /** The fields that changed, with their values before and after. */
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
}).openapi("SupportCustomerActivity");
export type CustomerActivity = z.infer<typeof CustomerActivity>;
export const ActivityQuery = PageQuery;

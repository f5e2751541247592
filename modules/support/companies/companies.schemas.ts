import { z } from "@hono/zod-openapi";
import { Email, OptionalText, Timestamps } from "../common/common.schemas.ts";

export const CompanySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  notes: z.string(),
  /** The company's customers see each other's tickets in the customer portal. */
  portalSharedTickets: z.boolean(),
  ...Timestamps,
}).openapi("SupportCompany");
export type Company = z.infer<typeof CompanySchema>;

export const CompanyInput = z.object({
  name: z.string().trim().min(1).max(200),
  email: Email.nullish(),
  phone: OptionalText(50),
  website: z.url().max(500).nullish(),
  notes: z.string().max(5000).optional(),
  portalSharedTickets: z.boolean().optional(),
}).openapi("SupportCompanyInput");
export type CompanyInput = z.infer<typeof CompanyInput>;
export const CompanyUpdate = CompanyInput.partial().openapi("SupportCompanyUpdate");
export type CompanyUpdate = z.infer<typeof CompanyUpdate>;

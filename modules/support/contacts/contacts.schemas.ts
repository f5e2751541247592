import { z } from "@hono/zod-openapi";
import { Email, ListQuery, OptionalText, Timestamps } from "../common/common.schemas.ts";

export const ContactSchema = z.object({
  id: z.uuid(),
  companyId: z.uuid().nullable(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  title: z.string().nullable(),
  ...Timestamps,
}).openapi("SupportContact");
export type Contact = z.infer<typeof ContactSchema>;

export const ContactInput = z.object({
  name: z.string().trim().min(1).max(200),
  companyId: z.uuid().nullish(),
  email: Email.nullish(),
  phone: OptionalText(50),
  title: OptionalText(200),
}).openapi("SupportContactInput");
export type ContactInput = z.infer<typeof ContactInput>;
export const ContactUpdate = ContactInput.partial().openapi("SupportContactUpdate");
export type ContactUpdate = z.infer<typeof ContactUpdate>;
export const ContactQuery = ListQuery.extend({
  companyId: z.uuid().optional().openapi({ param: { name: "companyId", in: "query" } }),
});

import { z } from "@hono/zod-openapi";
import { LocaleCode, PrioritySchema } from "../common/common.schemas.ts";

export const SettingsSchema = z.object({
  defaultPriority: PrioritySchema,
  defaultLocale: z.string(),
  /** E-mail customers when their ticket is opened, updated or closed. */
  customerEmails: z.boolean(),
  /** The text every reply e-mail ends with ({{placeholders}} like the e-mail templates'). */
  signature: z.string(),
}).openapi("SupportSettings");
export type Settings = z.infer<typeof SettingsSchema>;

export const SettingsUpdate = z.object({
  defaultPriority: PrioritySchema,
  defaultLocale: LocaleCode,
  customerEmails: z.boolean(),
  signature: z.string().max(5000),
}).partial().openapi("SupportSettingsUpdate");

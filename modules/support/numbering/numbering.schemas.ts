import { z } from "@hono/zod-openapi";
import { Timestamps } from "../common/common.schemas.ts";

const Reset = z.enum(["never", "yearly", "monthly"]);

export const NumberingTemplateSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  pattern: z.string(),
  reset: Reset,
  active: z.boolean(),
  ...Timestamps,
}).openapi("SupportNumberingTemplate");
export type NumberingTemplate = z.infer<typeof NumberingTemplateSchema>;

export const NumberingTemplateInput = z.object({
  name: z.string().trim().min(1).max(200),
  pattern: z.string().trim().min(1).max(100).openapi({ example: "SUP-{YYYY}-{SEQ:5}" }),
  reset: Reset.default("never"),
  active: z.boolean().default(false),
}).openapi("SupportNumberingTemplateInput");
export type NumberingTemplateInput = z.infer<typeof NumberingTemplateInput>;
export const NumberingTemplateUpdate = z.object({
  name: z.string().trim().min(1).max(200),
  pattern: z.string().trim().min(1).max(100),
  reset: Reset,
  active: z.boolean(),
}).partial().openapi("SupportNumberingTemplateUpdate");
export type NumberingTemplateUpdate = z.infer<typeof NumberingTemplateUpdate>;

export const NextNumber = z.object({ next: z.string() }).openapi("SupportNextNumber");

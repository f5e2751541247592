import { z } from "@hono/zod-openapi";
import { ListQuery, LocaleCode, Timestamps } from "../common/common.schemas.ts";

/** "reply": an agent's answer sent as e-mail (its subject gets "Re:" and the ticket token). */
export const TEMPLATE_KINDS = ["opened", "updated", "closed", "renewal", "reply"] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

export const EmailTemplateSchema = z.object({
  id: z.uuid(),
  kind: z.enum(TEMPLATE_KINDS),
  locale: z.string(),
  subject: z.string(),
  body: z.string(),
  ...Timestamps,
}).openapi("SupportEmailTemplate");
export type EmailTemplate = z.infer<typeof EmailTemplateSchema>;

export const EmailTemplateInput = z.object({
  kind: z.enum(TEMPLATE_KINDS),
  locale: LocaleCode,
  subject: z.string().trim().min(1).max(300),
  body: z.string().min(1).max(20_000),
}).openapi("SupportEmailTemplateInput");
export type EmailTemplateInput = z.infer<typeof EmailTemplateInput>;
export const EmailTemplateUpdate = EmailTemplateInput.partial().openapi(
  "SupportEmailTemplateUpdate",
);
export type EmailTemplateUpdate = z.infer<typeof EmailTemplateUpdate>;
export const EmailTemplateQuery = ListQuery.extend({
  kind: z.enum(TEMPLATE_KINDS).optional().openapi({ param: { name: "kind", in: "query" } }),
  locale: LocaleCode.optional().openapi({ param: { name: "locale", in: "query" } }),
});

export const PreviewInput = z.object({
  subject: z.string().max(300),
  body: z.string().max(20_000),
}).openapi("SupportEmailPreviewInput");
export const PreviewOutput = z.object({ subject: z.string(), text: z.string(), html: z.string() })
  .openapi("SupportEmailPreview");

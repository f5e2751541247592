import { z } from "@hono/zod-openapi";

const idParam = (name: string) =>
  z.string().openapi({ param: { name, in: "path" }, example: crypto.randomUUID() });

export const ShareSheetParam = z.object({ sheetId: idParam("sheetId") });
export const PublicLinkParam = z.object({ id: idParam("id") });

export const PublicLinkSchema = z.object({
  id: z.uuid(),
  sheetId: z.uuid(),
  createdBy: z.uuid(),
  createdByName: z.string(),
  expiresAt: z.string().nullable(),
  hasPassword: z.boolean(),
  allowCsv: z.boolean(),
  expired: z.boolean(),
  createdAt: z.string(),
}).openapi("AnalyticsPublicLink");
export type PublicLink = z.infer<typeof PublicLinkSchema>;

export const NewPublicLinkSchema = PublicLinkSchema.extend({
  url: z.string().openapi({ description: "The link, shown this once (only its hash is kept)" }),
}).openapi("AnalyticsNewPublicLink");

export const CreatePublicLinkBody = z.object({
  expiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
  password: z.string().min(6).max(200).optional(),
  allowCsv: z.boolean().optional(),
}).strict().openapi("AnalyticsCreatePublicLink");
export type CreatePublicLinkInput = z.infer<typeof CreatePublicLinkBody>;

export const SheetEmbedSchema = z.object({
  enabled: z.boolean(),
  enabledByName: z.string().nullable(),
  enabledAt: z.string().nullable(),
}).openapi("AnalyticsSheetEmbed");
export type SheetEmbed = z.infer<typeof SheetEmbedSchema>;

export const SheetSharingSchema = z.object({
  links: z.array(PublicLinkSchema),
  embed: SheetEmbedSchema,
}).openapi("AnalyticsSheetSharing");

export const PutSheetEmbedBody = z.object({ enabled: z.boolean() }).strict()
  .openapi("AnalyticsPutSheetEmbed");

export const EmbedSettingsSchema = z.object({
  configured: z.boolean(),
  keyId: z.string().nullable(),
  origins: z.array(z.string()),
  updatedAt: z.string().nullable(),
}).openapi("AnalyticsEmbedSettings");
export type EmbedSettings = z.infer<typeof EmbedSettingsSchema>;

export const EmbedSecretSchema = EmbedSettingsSchema.extend({
  secret: z.string().openapi({ description: "The HS256 signing secret, shown this once" }),
}).openapi("AnalyticsEmbedSecret");

export const PutEmbedSettingsBody = z.object({
  origins: z.array(z.string().min(1).max(300)).max(20),
}).strict().openapi("AnalyticsPutEmbedSettings");

/** Scheduled subscriptions of a dashboard sheet: what the API takes and answers. */
import { z } from "@hono/zod-openapi";

export const SCHEDULE_KINDS = ["daily", "weekly", "monthly", "custom"] as const;
export type ScheduleKind = typeof SCHEDULE_KINDS[number];
export const SEND_STATUSES = ["queued", "sent", "skipped", "failed"] as const;
export type SendStatus = typeof SEND_STATUSES[number];
export const SEND_REASONS = ["empty", "nobody", "failed"] as const;
export type SendReason = typeof SEND_REASONS[number];

/** A preset (daily at an hour, weekly on a day at an hour, monthly on a day) or a custom cron. */
export const ScheduleSchema = z.object({
  kind: z.enum(SCHEDULE_KINDS),
  hour: z.number().int().min(0).max(23).default(8),
  /** Weekly: 0 Sunday … 6 Saturday. */
  weekday: z.number().int().min(0).max(6).default(1),
  /** Monthly: day 1–28 (every month has it). */
  day: z.number().int().min(1).max(28).default(1),
  /** Custom: a 5-field cron expression in the tenant's time zone. */
  cron: z.string().max(120).optional(),
}).openapi("AnalyticsSubscriptionSchedule");
export type Schedule = z.infer<typeof ScheduleSchema>;

const FIELD = /^[A-Za-z_][A-Za-z0-9_.]{0,120}$/;
/** The sheet filters this subscription applies to every widget (as the sheet's filter bar). */
export const SubscriptionFilters = z.object({
  dateField: z.string().regex(FIELD).optional(),
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  /** `field:value` pairs, e.g. `status:acik`. */
  where: z.array(
    z.string().max(300).refine((w) => FIELD.test(w.split(":")[0]) && w.includes(":"), {
      message: "Write field:value.",
    }),
  ).max(10).default([]),
}).openapi("AnalyticsSubscriptionFilters");
export type SubscriptionFilters = z.infer<typeof SubscriptionFilters>;

const fields = {
  name: z.string().trim().min(1).max(200),
  schedule: ScheduleSchema,
  /** Members of the workspace; each receives the sheet as they may see it. */
  userIds: z.array(z.uuid()).max(100),
  /** Plain addresses (application managers only); they receive what the owner sees. */
  emails: z.array(z.email().max(254)).max(100),
  filters: SubscriptionFilters,
  skipEmpty: z.boolean(),
  attachPdf: z.boolean(),
  enabled: z.boolean(),
};

export const SubscriptionInput = z.object({
  ...fields,
  userIds: fields.userIds.default([]),
  emails: fields.emails.default([]),
  filters: fields.filters.default({ where: [] }),
  skipEmpty: fields.skipEmpty.default(false),
  attachPdf: fields.attachPdf.default(true),
  enabled: fields.enabled.default(true),
}).openapi("AnalyticsSubscriptionInput");
export type SubscriptionInput = z.infer<typeof SubscriptionInput>;

/** Only what is given changes (no defaults: a missing field keeps its value). */
export const SubscriptionPatch = z.object(fields).partial().openapi("AnalyticsSubscriptionPatch");
export type SubscriptionPatch = z.infer<typeof SubscriptionPatch>;

export const SubscriptionSchema = z.object({
  id: z.uuid(),
  sheetId: z.uuid(),
  appId: z.uuid(),
  name: z.string(),
  ownerId: z.uuid(),
  ownerName: z.string(),
  schedule: ScheduleSchema,
  cron: z.string(),
  timezone: z.string(),
  userIds: z.array(z.uuid()),
  emails: z.array(z.string()),
  filters: SubscriptionFilters,
  skipEmpty: z.boolean(),
  attachPdf: z.boolean(),
  enabled: z.boolean(),
  nextRunAt: z.string().nullable(),
  lastSend: z.object({ status: z.enum(SEND_STATUSES), at: z.string() }).nullable(),
  /** Whether the caller may change or delete it (its owner or an application manager). */
  canEdit: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
}).openapi("AnalyticsSubscription");
export type Subscription = z.infer<typeof SubscriptionSchema>;

export const SubscriptionList = z.object({ items: z.array(SubscriptionSchema) })
  .openapi("AnalyticsSubscriptions");

export const SendSchema = z.object({
  id: z.uuid(),
  subscriptionId: z.uuid(),
  trigger: z.enum(["schedule", "manual"]),
  occurrence: z.string().nullable(),
  status: z.enum(SEND_STATUSES),
  recipients: z.number().int(),
  /** Why nothing went: every widget empty, no recipient may see the sheet, or a failure. */
  reason: z.enum(SEND_REASONS).nullable(),
  /** A failure in words. */
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
}).openapi("AnalyticsSubscriptionSend");
export type Send = z.infer<typeof SendSchema>;

export const SendList = z.object({ items: z.array(SendSchema) })
  .openapi("AnalyticsSubscriptionSends");

export const IdParam = z.object({
  id: z.string().openapi({ param: { name: "id", in: "path" } }),
});
export const SheetParam = z.object({
  sheetId: z.string().openapi({ param: { name: "sheetId", in: "path" } }),
});

/** Alerts on a widget's query: the API's shapes (also the views' types). */
import { z } from "@hono/zod-openapi";

export const ALERT_KINDS = ["above", "below", "goal", "change", "rows"] as const;
export type AlertKind = typeof ALERT_KINDS[number];
export const AGGREGATES = ["first", "sum", "max", "min"] as const;
export type Aggregate = typeof AGGREGATES[number];
export const DIRECTIONS = ["up", "down", "any"] as const;
export const ALERT_STATES = ["ok", "firing", "error"] as const;
export type AlertState = typeof ALERT_STATES[number];

export const IdParam = z.object({ id: z.string().openapi({ param: { name: "id", in: "path" } }) });
export const AppParam = z.object({
  appId: z.string().openapi({ param: { name: "appId", in: "path" } }),
});

const Cron = z.string().trim().min(9).max(100);
const Email = z.email().max(254);

const fields = {
  name: z.string().trim().min(1).max(200),
  kind: z.enum(ALERT_KINDS),
  threshold: z.number().finite().nullable(),
  direction: z.enum(DIRECTIONS),
  valueColumn: z.string().trim().min(1).max(100).nullable(),
  aggregate: z.enum(AGGREGATES),
  periodField: z.string().trim().min(1).max(200).nullable(),
  periodDays: z.number().int().min(1).max(3650).nullable(),
  cron: Cron,
  notifyInbox: z.boolean(),
  notifyEmail: z.boolean(),
  webhookUrl: z.url({ protocol: /^https?$/ }).max(2000).nullable(),
  recipients: z.array(z.uuid()).max(50),
  emails: z.array(Email).max(50),
};

export const AlertInput = z.object({
  widgetId: z.uuid(),
  name: fields.name,
  kind: fields.kind,
  threshold: fields.threshold.optional(),
  direction: fields.direction.default("any"),
  valueColumn: fields.valueColumn.optional(),
  aggregate: fields.aggregate.default("first"),
  periodField: fields.periodField.optional(),
  periodDays: fields.periodDays.optional(),
  cron: fields.cron.default("0 * * * *"),
  notifyInbox: fields.notifyInbox.default(true),
  notifyEmail: fields.notifyEmail.default(false),
  webhookUrl: fields.webhookUrl.optional(),
  recipients: fields.recipients.default([]),
  emails: fields.emails.default([]),
}).openapi("AnalyticsAlertInput");
export type AlertInput = z.infer<typeof AlertInput>;

export const AlertPatch = z.object({
  name: fields.name.optional(),
  kind: fields.kind.optional(),
  threshold: fields.threshold.optional(),
  direction: fields.direction.optional(),
  valueColumn: fields.valueColumn.optional(),
  aggregate: fields.aggregate.optional(),
  periodField: fields.periodField.optional(),
  periodDays: fields.periodDays.optional(),
  cron: fields.cron.optional(),
  notifyInbox: fields.notifyInbox.optional(),
  notifyEmail: fields.notifyEmail.optional(),
  webhookUrl: fields.webhookUrl.optional(),
  recipients: fields.recipients.optional(),
  emails: fields.emails.optional(),
  muted: z.boolean().optional(),
  snoozedUntil: z.iso.datetime({ offset: true }).nullable().optional(),
}).openapi("AnalyticsAlertPatch");
export type AlertPatch = z.infer<typeof AlertPatch>;

export const AlertSchema = z.object({
  id: z.uuid(),
  appId: z.uuid(),
  widgetId: z.uuid(),
  widgetTitle: z.string(),
  ownerId: z.uuid(),
  ownerName: z.string(),
  name: z.string(),
  kind: z.enum(ALERT_KINDS),
  threshold: z.number().nullable(),
  direction: z.enum(DIRECTIONS),
  valueColumn: z.string().nullable(),
  aggregate: z.enum(AGGREGATES),
  periodField: z.string().nullable(),
  periodDays: z.number().nullable(),
  cron: z.string(),
  nextCheckAt: z.string().nullable(),
  notifyInbox: z.boolean(),
  notifyEmail: z.boolean(),
  webhookUrl: z.string().nullable(),
  recipients: z.array(z.uuid()),
  emails: z.array(z.string()),
  state: z.enum(ALERT_STATES),
  stateSince: z.string(),
  lastValue: z.number().nullable(),
  lastCheckedAt: z.string().nullable(),
  lastError: z.string().nullable(),
  muted: z.boolean(),
  snoozedUntil: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
}).openapi("AnalyticsAlert");
export type Alert = z.infer<typeof AlertSchema>;

export const AlertList = z.object({
  items: z.array(AlertSchema),
  nextCursor: z.string().nullable(),
}).openapi("AnalyticsAlertList");

export const ListQuery = z.object({
  appId: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(200).optional(),
});

export const FiringSchema = z.object({
  id: z.uuid(),
  kind: z.enum(["firing", "recovery"]),
  at: z.string(),
  value: z.number().nullable(),
  threshold: z.number().nullable(),
  channels: z.array(z.string()),
  silenced: z.boolean(),
  webhookStatus: z.enum(["queued", "sent", "failed"]).nullable(),
}).openapi("AnalyticsAlertFiring");
export type Firing = z.infer<typeof FiringSchema>;

export const CheckSchema = z.object({
  id: z.uuid(),
  checkedAt: z.string(),
  value: z.number().nullable(),
  state: z.enum(ALERT_STATES),
  error: z.string().nullable(),
}).openapi("AnalyticsAlertCheck");
export type Check = z.infer<typeof CheckSchema>;

export const HistorySchema = z.object({
  firings: z.array(FiringSchema),
  checks: z.array(CheckSchema),
}).openapi("AnalyticsAlertHistory");

export const CheckResultSchema = z.object({
  state: z.enum(ALERT_STATES),
  value: z.number().nullable(),
  changed: z.enum(["fired", "recovered", "none"]),
  error: z.string().nullable(),
}).openapi("AnalyticsAlertCheckResult");
export type CheckResult = z.infer<typeof CheckResultSchema>;

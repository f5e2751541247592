import { z } from "@hono/zod-openapi";
import { APP_LEVELS } from "./access.rules.ts";

const FILTER_OPS = [
  "eq",
  "ne",
  "lt",
  "lte",
  "gt",
  "gte",
  "in",
  "contains",
  "between",
  "isNull",
  "notNull",
] as const;

const idParam = (name: string) =>
  z.string().openapi({ param: { name, in: "path" }, example: crypto.randomUUID() });

export const AppIdParam = z.object({ id: idParam("id") });
export const SheetIdParam = z.object({ id: idParam("id"), sheetId: idParam("sheetId") });

export const AppLevelSchema = z.enum(APP_LEVELS).openapi("AnalyticsAppLevel");

export const AppSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  createdBy: z.uuid().nullable(),
  createdByName: z.string().nullable(),
  /** The caller's level on this app. */
  level: AppLevelSchema,
  sheetCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
}).openapi("AnalyticsApp");
export type App = z.infer<typeof AppSchema>;

export const AppList = z.object({ items: z.array(AppSchema) }).openapi("AnalyticsApps");

// PostgreSQL text cannot hold NUL: refuse it here as a 400 rather than fail at the insert.
const noNul = (v: string) => !v.includes("\u0000");
const NUL = { message: "Must not contain NUL characters" };
const name = z.string().trim().min(1).max(120).refine(noNul, NUL);
const description = z.string().trim().max(1000).refine(noNul, NUL);

export const AppInput = z.object({ name, description: description.default("") })
  .openapi("AnalyticsAppInput");
export type AppInput = z.infer<typeof AppInput>;

export const AppPatch = z.object({ name: name.optional(), description: description.optional() })
  .openapi("AnalyticsAppPatch");
export type AppPatch = z.infer<typeof AppPatch>;

/** One grant: exactly one of userId / role. */
export const GrantInput = z.object({
  userId: z.uuid().optional(),
  role: z.string().regex(/^[a-z][a-z0-9_-]{1,40}$/).optional(),
  level: AppLevelSchema,
}).refine((g) => (g.userId === undefined) !== (g.role === undefined), {
  message: "Give exactly one of userId and role",
}).openapi("AnalyticsGrantInput");
export type GrantInput = z.infer<typeof GrantInput>;

export const AccessInput = z.object({ grants: z.array(GrantInput).max(200) })
  .openapi("AnalyticsAccessInput");
export type AccessInput = z.infer<typeof AccessInput>;

export const GrantSchema = z.object({
  userId: z.uuid().nullable(),
  role: z.string().nullable(),
  /** The person's or the role's name. */
  name: z.string(),
  level: AppLevelSchema,
}).openapi("AnalyticsGrant");
export type Grant = z.infer<typeof GrantSchema>;

export const AccessSchema = z.object({
  appId: z.uuid(),
  /** The creator, who manages the app without a grant. */
  createdBy: z.uuid().nullable(),
  grants: z.array(GrantSchema),
}).openapi("AnalyticsAccess");
export type Access = z.infer<typeof AccessSchema>;

export const SheetFilter = z.object({
  field: z.string().min(1).max(200),
  op: z.enum(FILTER_OPS),
  value: z.unknown().optional(),
}).openapi("AnalyticsSheetFilter");

const refreshSeconds = z.number().int().min(5).max(86400).nullable();
const filters = z.array(SheetFilter).max(50)
  .refine((f) => JSON.stringify(f).length <= 20_000, { message: "Filters are too large" })
  .refine((f) => !JSON.stringify(f).includes("\\u0000"), NUL);

export const SheetSchema = z.object({
  id: z.uuid(),
  appId: z.uuid(),
  name: z.string(),
  position: z.number().int(),
  refreshSeconds: z.number().int().nullable(),
  filters: z.array(z.unknown()),
  createdAt: z.string(),
  updatedAt: z.string(),
}).openapi("AnalyticsSheet");
export type Sheet = z.infer<typeof SheetSchema>;

export const SheetList = z.object({ items: z.array(SheetSchema), level: AppLevelSchema })
  .openapi("AnalyticsSheets");

export const SheetInput = z.object({
  name,
  refreshSeconds: refreshSeconds.default(null),
  filters: filters.default([]),
}).openapi("AnalyticsSheetInput");
export type SheetInput = z.infer<typeof SheetInput>;

export const SheetPatch = z.object({
  name: name.optional(),
  refreshSeconds: refreshSeconds.optional(),
  filters: filters.optional(),
}).openapi("AnalyticsSheetPatch");
export type SheetPatch = z.infer<typeof SheetPatch>;

/** Every sheet of the app once, in the new order. */
export const SheetOrder = z.object({ sheetIds: z.array(z.uuid()).min(1).max(200) })
  .openapi("AnalyticsSheetOrder");

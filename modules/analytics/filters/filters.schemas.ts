/**
 * Dashboard filters saved with a sheet: the filter (label, kind, default, required), its field
 * mapping per widget, and the values a user has chosen (filters.rules.ts checks a value
 * against its filter's kind).
 */
import { z } from "@hono/zod-openapi";

export const FILTER_KINDS = ["choice", "number", "date"] as const;
export type FilterKind = typeof FILTER_KINDS[number];

/** Relative date ranges, computed on the day the filter is used. */
export const DATE_PRESETS = [
  "today",
  "yesterday",
  "last7",
  "last30",
  "last90",
  "thisWeek",
  "thisMonth",
  "lastMonth",
  "thisQuarter",
  "thisYear",
  "lastYear",
] as const;
export type DatePreset = typeof DATE_PRESETS[number];

/** A calendar day, YYYY-MM-DD, that exists (not 2026-02-31). */
export const isDay = (s: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) &&
  new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s;
const Day = z.string().refine(isDay, "A day as YYYY-MM-DD.");

/** Text PostgreSQL can store (no NUL character). */
const noNul = (s: string) => !s.includes("\u0000");
const Text = (max: number) => z.string().max(max).refine(noNul, "No NUL characters.");
const Label = z.string().trim().min(1).max(100).refine(noNul, "No NUL characters.");

/** A filter's value: chosen values, a number range, or a date range (relative or fixed). */
export const FilterValue = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("choice"),
    values: z.array(Text(200)).min(1).max(50),
  }),
  z.object({
    kind: z.literal("number"),
    min: z.number().optional(),
    max: z.number().optional(),
  }),
  z.object({
    kind: z.literal("date"),
    preset: z.enum(DATE_PRESETS).optional(),
    from: Day.optional(),
    to: Day.optional(),
  }),
]).openapi("AnalyticsFilterValue");
export type FilterValue = z.infer<typeof FilterValue>;

export const FieldName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_.]{0,120}$/);

export const FilterMapping = z.object({
  widgetId: z.uuid(),
  field: FieldName,
});
export type FilterMapping = z.infer<typeof FilterMapping>;

export const SheetFilterInput = z.object({
  label: Label,
  kind: z.enum(FILTER_KINDS),
  defaultValue: FilterValue.nullable().default(null),
  required: z.boolean().default(false),
  /** Per widget, the field of its source the filter narrows; widgets not listed are unmapped. */
  mappings: z.array(FilterMapping).max(50).default([]),
}).openapi("AnalyticsSheetFilterInput");
export type SheetFilterInput = z.infer<typeof SheetFilterInput>;

export const SheetFilterPatch = z.object({
  label: Label.optional(),
  kind: z.enum(FILTER_KINDS).optional(),
  defaultValue: FilterValue.nullable().optional(),
  required: z.boolean().optional(),
  mappings: z.array(FilterMapping).max(50).optional(),
  position: z.number().int().min(0).max(1000).optional(),
}).openapi("AnalyticsSheetFilterPatch");
export type SheetFilterPatch = z.infer<typeof SheetFilterPatch>;

export const SheetFilterSchema = z.object({
  id: z.uuid(),
  sheetId: z.uuid(),
  label: z.string(),
  kind: z.enum(FILTER_KINDS),
  defaultValue: FilterValue.nullable(),
  required: z.boolean(),
  position: z.number().int(),
  mappings: z.array(FilterMapping),
  createdAt: z.string(),
  updatedAt: z.string(),
}).openapi("AnalyticsSheetFilter");
export type SheetFilter = z.infer<typeof SheetFilterSchema>;

export const SheetFilterList = z.object({ items: z.array(SheetFilterSchema) })
  .openapi("AnalyticsSheetFilters");

/** filterId → value; null clears a filter on purpose (a required one falls back to default). */
export const FilterValues = z.record(z.uuid(), FilterValue.nullable());
export type FilterValues = z.infer<typeof FilterValues>;

export const FilterValuesInput = z.object({ values: FilterValues })
  .openapi("AnalyticsSheetFilterValuesInput");

export const FilterValuesResult = z.object({
  /** The values in effect now: the caller's remembered ones, else the defaults. */
  values: z.record(z.string(), FilterValue.nullable()),
  /** What the caller chose last on this sheet (empty: never, or reset). */
  remembered: z.record(z.string(), FilterValue.nullable()),
  filters: z.array(SheetFilterSchema),
}).openapi("AnalyticsSheetFilterValues");

export const ChoiceList = z.object({
  items: z.array(z.object({ value: z.string(), label: z.string() })),
}).openapi("AnalyticsFilterChoices");

export const SheetParam = z.object({
  sheetId: z.string().openapi({ param: { name: "sheetId", in: "path" } }),
});
export const FilterParam = SheetParam.extend({
  filterId: z.string().openapi({ param: { name: "filterId", in: "path" } }),
});

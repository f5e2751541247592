import { z } from "@hono/zod-openapi";
import { TTL_CHOICES } from "./cache.rules.ts";

/** Whether a widget's data came from the result cache, and when that result was computed. */
export const CacheMeta = z.object({
  hit: z.boolean(),
  /** When the result shown was computed (null: the sheet keeps no results). */
  storedAt: z.string().nullable(),
}).openapi("AnalyticsCacheMeta");
export type CacheMeta = z.infer<typeof CacheMeta>;

/** A sheet's result cache: how long results are kept (0: off). */
export const CacheSettings = z.object({
  ttlSeconds: z.union([
    z.literal(TTL_CHOICES[0]),
    z.literal(TTL_CHOICES[1]),
    z.literal(TTL_CHOICES[2]),
    z.literal(TTL_CHOICES[3]),
    z.literal(TTL_CHOICES[4]),
  ]).openapi({
    description: "Seconds a result is kept: 0 (off), 60, 300, 3600 or 86400",
    example: 300,
  }),
}).openapi("AnalyticsSheetCache");
export type CacheSettings = z.infer<typeof CacheSettings>;

/** `refresh=1` bypasses the cache (and keeps the new result). */
export const RefreshQuery = z.object({
  refresh: z.enum(["0", "1", "true", "false"]).optional(),
});
export const wantsRefresh = (q: { refresh?: string }) => q.refresh === "1" || q.refresh === "true";

import { z } from "@hono/zod-openapi";
import { PageQuery } from "../../../shared/http/paging.ts";

const DAY = /^\d{4}-\d\d-\d\d$/;

/** A day (`YYYY-MM-DD`, UTC) or a date-time with its zone; checked again for real dates. */
const Instant = z.string().max(40).refine(
  (v) =>
    (DAY.test(v) || /^\d{4}-\d\d-\d\dT[\d:.]+(Z|[+-]\d\d:\d\d)$/.test(v)) &&
    !Number.isNaN(Date.parse(v)) &&
    (!DAY.test(v) || new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v),
  "Expected a date YYYY-MM-DD or an ISO 8601 date-time with its zone",
);

const ActivityFilterFields = {
  module: z.string().regex(/^[a-z][a-z0-9_-]{0,40}$/, "Unknown module").optional().openapi({
    param: { name: "module", in: "query" },
    description: "Only this module's lines (one the caller may read)",
  }),
  userId: z.union([z.uuid(), z.literal("system")]).optional().openapi({
    param: { name: "userId", in: "query" },
    description: "Only what this member did; `system`: the platform's own lines (jobs)",
  }),
  entityType: z.string().trim().min(1).max(60).optional().openapi({
    param: { name: "entityType", in: "query" },
    example: "ticket",
  }),
  entityId: z.string().trim().min(1).max(200).optional().openapi({
    param: { name: "entityId", in: "query" },
  }),
  action: z.string().trim().min(1).max(60).optional().openapi({
    param: { name: "action", in: "query" },
    example: "updated",
  }),
  from: Instant.optional().openapi({
    param: { name: "from", in: "query" },
    description: "From this instant (a day starts at 00:00 UTC), inclusive",
  }),
  to: Instant.optional().openapi({
    param: { name: "to", in: "query" },
    description: "Up to this instant, exclusive; a day counts whole (inclusive)",
  }),
};

export const ActivityLogQuery = PageQuery.extend({
  ...ActivityFilterFields,
  format: z.enum(["json", "csv"]).default("json").openapi({
    param: { name: "format", in: "query" },
    description: "csv: the same lines as a CSV download (up to the export cap)",
  }),
});
export type ActivityLogQuery = z.infer<typeof ActivityLogQuery>;

export const ActivityCsvQuery = z.object(ActivityFilterFields);
export type ActivityCsvQuery = z.infer<typeof ActivityCsvQuery>;

const JsonValue = z.unknown().openapi({ description: "Any JSON value" });

export const ActivityLogEntry = z.object({
  id: z.uuid(),
  occurredAt: z.string(),
  actorId: z.uuid().nullable().openapi({ description: "null: the platform itself (jobs)" }),
  actorName: z.string().nullable(),
  actorEmail: z.string().nullable(),
  module: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  action: z.string(),
  summary: z.string(),
  changes: z.record(z.string(), z.object({ from: JsonValue, to: JsonValue })),
  before: z.record(z.string(), JsonValue).nullable(),
  after: z.record(z.string(), JsonValue).nullable(),
  requestId: z.string().nullable(),
}).openapi("AutomationActivityEntry");

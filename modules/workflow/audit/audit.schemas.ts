import { z } from "@hono/zod-openapi";
import { PageQuery } from "../../../shared/http/paging.ts";

/** What an audit line is about; the filter of the same name. */
export const AUDIT_CATEGORIES = [
  "process",
  "step",
  "task",
  "definition",
  "incident",
  "migration",
  "variable",
  "global",
  "data",
  "cleanup",
] as const;
export type AuditCategory = typeof AUDIT_CATEGORIES[number];

const DAY = /^\d{4}-\d\d-\d\d$/;

/** A day (`YYYY-MM-DD`, UTC) or a date-time with its zone. */
const Instant = z.string().max(40).refine(
  (v) =>
    (DAY.test(v) || /^\d{4}-\d\d-\d\dT[\d:.]+(Z|[+-]\d\d:\d\d)$/.test(v)) &&
    !Number.isNaN(Date.parse(v)) &&
    (!DAY.test(v) || new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v),
  "Expected a date YYYY-MM-DD or an ISO 8601 date-time with its zone",
);

const q = (name: string, description?: string) => ({
  param: { name, in: "query" as const },
  description,
});

export const AuditFilterFields = {
  category: z.enum(AUDIT_CATEGORIES).optional().openapi(q("category", "Only lines of this kind")),
  actorId: z.union([z.uuid(), z.literal("system")]).optional().openapi(
    q("actorId", "Only what this member did; `system`: the engine's own steps"),
  ),
  instanceId: z.uuid().optional().openapi(q("instanceId", "Only this process instance")),
  definitionId: z.uuid().optional().openapi(q("definitionId", "Only this process definition")),
  from: Instant.optional().openapi(q("from", "From this instant (a day from 00:00 UTC)")),
  to: Instant.optional().openapi(q("to", "Up to this instant, exclusive; a day counts whole")),
};

export const AuditQuery = PageQuery.extend(AuditFilterFields);
export const AuditCsvQuery = z.object(AuditFilterFields);
export type AuditFilterInput = z.infer<typeof AuditCsvQuery>;

const Json = z.unknown().openapi({ description: "Any JSON value" });

export const AuditEntry = z.object({
  id: z.uuid(),
  at: z.string(),
  source: z.enum(["engine", "task", "activity"]).openapi({
    description: "engine: workflow_history; task: task history; activity: admin changes",
  }),
  category: z.enum(AUDIT_CATEGORIES),
  event: z.string().openapi({ example: "task.completed" }),
  actorId: z.uuid().nullable().openapi({ description: "null: the engine itself" }),
  actorName: z.string().nullable(),
  instanceId: z.uuid().nullable(),
  instanceName: z.string().nullable(),
  definitionId: z.uuid().nullable(),
  definitionName: z.string().nullable(),
  taskId: z.uuid().nullable(),
  taskName: z.string().nullable(),
  elementName: z.string().nullable(),
  subject: z.string().nullable().openapi({
    description: "The named thing of an admin change (global variable name, definition name)",
  }),
  summary: z.string().nullable(),
  fromName: z.string().nullable().openapi({ description: "Before: the person it left" }),
  toName: z.string().nullable().openapi({ description: "After: the person it went to" }),
  before: Json,
  after: Json,
  data: z.record(z.string(), Json),
}).openapi("WorkflowAuditEntry");
export type AuditEntry = z.infer<typeof AuditEntry>;

import { z } from "@hono/zod-openapi";
import { PageQuery } from "../../shared/http/paging.ts";
import { IDENTITY_AUDIT_ACTIONS } from "./audit.rules.ts";

/** The permission to read the workspace's audit trail (owners and admins hold it). */
export const AUDIT_READ = "admin.audit.read";

const Json = z.record(z.string(), z.unknown());

/** One identity audit line as the API gives it. */
export const AuditEntry = z.object({
  id: z.string(),
  occurredAt: z.string().openapi({ description: "ISO 8601 instant" }),
  actorId: z.string().nullable().openapi({ description: "Who acted; null: the platform" }),
  actorName: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string().openapi({ description: "One of the event kinds", example: "sign_in" }),
  entityType: z.string().openapi({ example: "membership" }),
  entityId: z.string(),
  summary: z.string(),
  address: z.string().nullable().openapi({ description: "The client's address" }),
  before: Json.nullable(),
  after: Json.nullable(),
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
}).openapi("IdentityAuditEntry");
export type AuditEntry = z.infer<typeof AuditEntry>;

/** A line of the operators' view: the same, with its workspace. */
export const OperatorAuditEntry = AuditEntry.extend({
  tenantId: z.string(),
  tenantSlug: z.string(),
  tenantName: z.string(),
}).openapi("OperatorIdentityAuditEntry");
export type OperatorAuditEntry = z.infer<typeof OperatorAuditEntry>;

const Day = z.string().regex(/^\d{4}-\d\d-\d\d$/, "a date YYYY-MM-DD").refine(
  (d) =>
    !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) &&
    new Date(`${d}T00:00:00Z`).toISOString().slice(0, 10) === d,
  "a date YYYY-MM-DD",
);

/** Filters of the workspace's trail; days are read in the workspace's time zone. */
export const AuditFilterQuery = z.object({
  actor: z.uuid().optional().openapi({
    param: { name: "actor", in: "query" },
    description: "Only this person's events (user id)",
  }),
  action: z.enum(IDENTITY_AUDIT_ACTIONS).optional().openapi({
    param: { name: "action", in: "query" },
  }),
  from: Day.optional().openapi({
    param: { name: "from", in: "query" },
    description: "First day (inclusive, workspace time zone)",
  }),
  to: Day.optional().openapi({
    param: { name: "to", in: "query" },
    description: "Last day (inclusive, workspace time zone)",
  }),
});
export type AuditFilterQuery = z.infer<typeof AuditFilterQuery>;
export const AuditListQuery = PageQuery.extend(AuditFilterQuery.shape);

/** The operators' filters: a workspace and a person by e-mail instead of by id. */
export const OperatorAuditFilterQuery = AuditFilterQuery.omit({ actor: true }).extend({
  tenant: z.uuid().optional().openapi({
    param: { name: "tenant", in: "query" },
    description: "Only this workspace (tenant id)",
  }),
  email: z.string().trim().max(320).optional().openapi({
    param: { name: "email", in: "query" },
    description: "Only this person's events (e-mail, any case)",
  }),
});
export type OperatorAuditFilterQuery = z.infer<typeof OperatorAuditFilterQuery>;
export const OperatorAuditListQuery = PageQuery.extend(OperatorAuditFilterQuery.shape);

/** What the operators' SQL function filters on (instants, already resolved). */
export interface OperatorAuditFilter {
  tenantId?: string;
  actorEmail?: string;
  action?: string;
  from?: string;
  to?: string;
}

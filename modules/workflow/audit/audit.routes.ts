import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { pageSchema } from "../../../shared/http/paging.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { AuditCsvQuery, AuditEntry, AuditQuery } from "./audit.schemas.ts";

const tags = ["workflow"];
export const AUDIT_READ = "workflow.audit.read";
/**
 * Every role reads every module (`workflow.*.read` is granted to agents, members and viewers),
 * so the audit trail (all processes, all tasks, every admin change) also asks for the
 * supervisor's permission the module's "all tasks" page uses: owners and admins by default.
 */
export const AUDIT_SUPERVISOR = "workflow.definition.write";
export const auditGuard = [requirePermission(AUDIT_READ), requirePermission(AUDIT_SUPERVISOR)];
const read = auditGuard;

export const listAuditRoute = createRoute({
  operationId: "listWorkflowAudit",
  method: "get",
  path: "/audit",
  tags,
  summary: "Every engine, task and admin event of Workflow (who, when, which process or task, " +
    "before → after), newest first, with filters",
  middleware: read,
  request: { query: AuditQuery },
  responses: {
    200: {
      description: "A page of audit lines",
      content: { "application/json": { schema: pageSchema(AuditEntry, "WorkflowAuditPage") } },
    },
    ...errorResponses(400, 401, 403),
  },
});

export const auditCsvRoute = createRoute({
  operationId: "exportWorkflowAudit",
  method: "get",
  path: "/audit.csv",
  tags,
  summary: "The audit lines as CSV with the same filters (newest first, at most 50,000 rows; " +
    "X-Truncated: true when there were more)",
  middleware: read,
  request: { query: AuditCsvQuery },
  responses: {
    200: { description: "CSV (UTF-8)", content: { "text/csv": { schema: z.string() } } },
    ...errorResponses(400, 401, 403),
  },
});

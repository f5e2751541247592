import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses } from "../../shared/http/problem.ts";
import { jsonResponse } from "../../shared/http/route-helpers.ts";
import { pageSchema } from "../../shared/http/paging.ts";
import { requireOperator, requirePermission } from "../../shared/rbac/permissions.ts";
import {
  AUDIT_READ,
  AuditEntry,
  AuditFilterQuery,
  AuditListQuery,
  OperatorAuditEntry,
  OperatorAuditFilterQuery,
  OperatorAuditListQuery,
} from "./audit.schemas.ts";

const tags = ["admin"];
const csv = {
  description: "CSV (UTF-8) in the caller's language and the workspace's time zone, newest " +
    "first, at most 20,000 lines (X-Truncated: true when there were more)",
  content: { "text/csv": { schema: z.string() } },
};

export const listAuditRoute = createRoute({
  method: "get",
  operationId: "listIdentityAudit",
  path: "/audit",
  tags,
  summary: "The workspace's identity audit trail (sign-ins, passwords, members, roles, " +
    "settings), newest first",
  middleware: [requirePermission(AUDIT_READ)] as const,
  request: { query: AuditListQuery },
  responses: {
    200: jsonResponse(pageSchema(AuditEntry, "IdentityAuditPage"), "Audit lines"),
    ...errorResponses(400, 401, 403),
  },
});

export const exportAuditRoute = createRoute({
  method: "get",
  operationId: "exportIdentityAudit",
  path: "/audit.csv",
  tags,
  summary: "The workspace's identity audit trail as CSV, with the same filters",
  middleware: [requirePermission(AUDIT_READ)] as const,
  request: { query: AuditFilterQuery },
  responses: { 200: csv, ...errorResponses(400, 401, 403) },
});

export const listOperatorAuditRoute = createRoute({
  method: "get",
  operationId: "listOperatorIdentityAudit",
  path: "/audit/all",
  tags,
  summary: "Every workspace's identity audit trail, newest first (platform operators)",
  middleware: [requireOperator] as const,
  request: { query: OperatorAuditListQuery },
  responses: {
    200: jsonResponse(pageSchema(OperatorAuditEntry, "OperatorIdentityAuditPage"), "Lines"),
    ...errorResponses(400, 401, 403),
  },
});

export const exportOperatorAuditRoute = createRoute({
  method: "get",
  operationId: "exportOperatorIdentityAudit",
  path: "/audit/all.csv",
  tags,
  summary: "Every workspace's identity audit trail as CSV (platform operators)",
  middleware: [requireOperator] as const,
  request: { query: OperatorAuditFilterQuery },
  responses: { 200: csv, ...errorResponses(400, 401, 403) },
});

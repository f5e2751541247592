import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { MANAGE_PERMISSION } from "./instances.rules.ts";
import {
  DefinitionParam,
  MigrationInput,
  MigrationRecord,
  MigrationReportSchema,
} from "./migrations.schemas.ts";

const tags = ["workflow"];
const manage = [requirePermission(MANAGE_PERMISSION)];

export const migrateRoute = createRoute({
  operationId: "migrateWorkflowProcesses",
  method: "post",
  path: "/admin/process/{definitionId}/migrations",
  tags,
  summary:
    "Migrate running instances between versions with an activity mapping (dry run by default; applied in batches, audited)",
  middleware: manage,
  request: { params: DefinitionParam, body: jsonBody(MigrationInput) },
  responses: {
    200: jsonResponse(MigrationReportSchema, "The report (of the dry run or the migration)"),
    ...errorResponses(400, 401, 403, 404, 409, 422),
  },
});

export const listMigrationsRoute = createRoute({
  operationId: "listWorkflowMigrations",
  method: "get",
  path: "/admin/process/{definitionId}/migrations",
  tags,
  summary: "Past migrations of a definition's instances (the audit), newest first",
  middleware: manage,
  request: { params: DefinitionParam },
  responses: {
    200: jsonResponse(
      z.object({ items: z.array(MigrationRecord) }).openapi("WorkflowMigrationList"),
      "Migrations",
    ),
    ...errorResponses(400, 401, 403, 404),
  },
});

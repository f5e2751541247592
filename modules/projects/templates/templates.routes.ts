import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { IdParam, ProjectSchema } from "../projects/projects.schemas.ts";
import {
  CreateTemplateBody,
  FromTemplateBody,
  TemplateList,
  TemplateSchema,
} from "./templates.schemas.ts";

const tags = ["projects"];
const READ = requirePermission("projects.project.read");
const WRITE = requirePermission("projects.project.write");

export const listTemplatesRoute = createRoute({
  method: "get",
  path: "/templates",
  operationId: "listProjectTemplates",
  tags,
  summary: "The workspace's project templates, by name",
  middleware: [READ] as const,
  responses: {
    200: jsonResponse(TemplateList, "Templates"),
    ...errorResponses(401, 403),
  },
});

export const createTemplateRoute = createRoute({
  method: "post",
  path: "/templates",
  operationId: "createProjectTemplate",
  tags,
  summary: "Save a project as a template (its managers and administrators)",
  middleware: [WRITE] as const,
  request: { body: jsonBody(CreateTemplateBody) },
  responses: {
    201: jsonResponse(TemplateSchema, "Created"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

export const getTemplateRoute = createRoute({
  method: "get",
  path: "/templates/{id}",
  operationId: "getProjectTemplate",
  tags,
  summary: "One template with its content (dates in days from the project start)",
  middleware: [READ] as const,
  request: { params: IdParam },
  responses: {
    200: jsonResponse(TemplateSchema, "Template"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

export const deleteTemplateRoute = createRoute({
  method: "delete",
  path: "/templates/{id}",
  operationId: "deleteProjectTemplate",
  tags,
  summary: "Delete a template (who made it, or an administrator)",
  middleware: [WRITE] as const,
  request: { params: IdParam },
  responses: {
    204: { description: "Deleted" },
    ...errorResponses(400, 401, 403, 404),
  },
});

export const projectFromTemplateRoute = createRoute({
  method: "post",
  path: "/templates/{id}/projects",
  operationId: "createProjectFromTemplate",
  tags,
  summary: "A new project from a template, every date shifted to its start date",
  middleware: [WRITE] as const,
  request: { params: IdParam, body: jsonBody(FromTemplateBody) },
  responses: {
    201: jsonResponse(ProjectSchema, "Created"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

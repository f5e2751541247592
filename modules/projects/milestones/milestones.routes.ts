import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { IdParam } from "../projects/projects.schemas.ts";
import {
  CreateMilestoneBody,
  MilestoneList,
  MilestoneSchema,
  UpdateMilestoneBody,
} from "./milestones.schemas.ts";

const tags = ["projects"];
const READ = requirePermission("projects.project.read");
const WRITE = requirePermission("projects.project.write");

export const listMilestonesRoute = createRoute({
  method: "get",
  path: "/projects/{id}/milestones",
  operationId: "listProjectMilestones",
  tags,
  summary: "A project's milestones by date, with progress (done/total tasks and by estimate)",
  middleware: [READ] as const,
  request: { params: IdParam },
  responses: {
    200: jsonResponse(MilestoneList, "Milestones"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const createMilestoneRoute = createRoute({
  method: "post",
  path: "/projects/{id}/milestones",
  operationId: "createProjectMilestone",
  tags,
  summary: "Add a milestone (project managers); its date must be inside the project's dates",
  middleware: [WRITE] as const,
  request: { params: IdParam, body: jsonBody(CreateMilestoneBody) },
  responses: {
    201: jsonResponse(MilestoneSchema, "Created"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

export const getMilestoneRoute = createRoute({
  method: "get",
  path: "/milestones/{id}",
  operationId: "getMilestone",
  tags,
  summary: "One milestone with its progress",
  middleware: [READ] as const,
  request: { params: IdParam },
  responses: {
    200: jsonResponse(MilestoneSchema, "Milestone"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const updateMilestoneRoute = createRoute({
  method: "put",
  path: "/milestones/{id}",
  operationId: "updateMilestone",
  tags,
  summary: "Change a milestone (project managers)",
  middleware: [WRITE] as const,
  request: { params: IdParam, body: jsonBody(UpdateMilestoneBody) },
  responses: {
    200: jsonResponse(MilestoneSchema, "Updated"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

export const deleteMilestoneRoute = createRoute({
  method: "delete",
  path: "/milestones/{id}",
  operationId: "deleteMilestone",
  tags,
  summary: "Delete a milestone (project managers); its tasks keep no milestone",
  middleware: [WRITE] as const,
  request: { params: IdParam },
  responses: {
    204: { description: "Deleted" },
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

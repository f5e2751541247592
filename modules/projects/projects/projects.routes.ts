import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { PageQuery, pageSchema } from "../../../shared/http/paging.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import {
  AddMemberBody,
  ChangeMemberBody,
  CreateProjectBody,
  IdParam,
  MemberParams,
  ProjectMemberSchema,
  ProjectQuery,
  ProjectSchema,
  UpdateProjectBody,
} from "./projects.schemas.ts";

const tags = ["projects"];
const READ = requirePermission("projects.project.read");
const WRITE = requirePermission("projects.project.write");

export const listProjectsRoute = createRoute({
  method: "get",
  path: "/projects",
  tags,
  summary: "Projects the caller is a member of (tenant admins: all)",
  middleware: [READ] as const,
  request: { query: PageQuery.extend(ProjectQuery.shape) },
  responses: {
    200: jsonResponse(pageSchema(ProjectSchema, "ProjectPage"), "Projects"),
    ...errorResponses(400, 401, 403),
  },
});

export const createProjectRoute = createRoute({
  method: "post",
  path: "/projects",
  tags,
  summary: "Create a project (the creator becomes its manager; default status flow)",
  middleware: [WRITE] as const,
  request: { body: jsonBody(CreateProjectBody) },
  responses: {
    201: jsonResponse(ProjectSchema, "Created"),
    ...errorResponses(400, 401, 403, 422),
  },
});

export const getProjectRoute = createRoute({
  method: "get",
  path: "/projects/{id}",
  tags,
  summary: "One project",
  middleware: [READ] as const,
  request: { params: IdParam },
  responses: {
    200: jsonResponse(ProjectSchema, "Project"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const updateProjectRoute = createRoute({
  method: "patch",
  path: "/projects/{id}",
  tags,
  summary: "Edit a project (managers); status moves planlamada ↔ aktif ↔ tamamlandi",
  middleware: [WRITE] as const,
  request: { params: IdParam, body: jsonBody(UpdateProjectBody) },
  responses: {
    200: jsonResponse(ProjectSchema, "Updated"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

const archiveRoute = (archive: boolean) =>
  createRoute({
    method: "post",
    path: archive ? "/projects/{id}/archive" : "/projects/{id}/unarchive",
    tags,

    summary: archive
      ? "Archive a project (read-only, hidden from default lists)"
      : "Bring an archived project back",
    middleware: [WRITE] as const,
    request: { params: IdParam },
    responses: {
      200: jsonResponse(ProjectSchema, "Updated"),
      ...errorResponses(400, 401, 403, 404),
    },
  });
export const archiveProjectRoute = archiveRoute(true);
export const unarchiveProjectRoute = archiveRoute(false);

export const listMembersRoute = createRoute({
  method: "get",
  path: "/projects/{id}/members",
  tags,
  summary: "Project members with their roles",
  middleware: [READ] as const,
  request: { params: IdParam },
  responses: {
    200: jsonResponse(z.object({ items: z.array(ProjectMemberSchema) }), "Members"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const addMemberRoute = createRoute({
  method: "post",
  path: "/projects/{id}/members",
  tags,
  summary: "Add a tenant member to the project (managers)",
  middleware: [WRITE] as const,
  request: { params: IdParam, body: jsonBody(AddMemberBody) },
  responses: {
    201: jsonResponse(ProjectMemberSchema, "Added"),
    ...errorResponses(400, 401, 403, 404, 409, 422),
  },
});

export const changeMemberRoute = createRoute({
  method: "patch",
  path: "/projects/{id}/members/{userId}",
  tags,
  summary: "Change a member's project role (managers)",
  middleware: [WRITE] as const,
  request: { params: MemberParams, body: jsonBody(ChangeMemberBody) },
  responses: {
    200: jsonResponse(ProjectMemberSchema, "Changed"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

export const removeMemberRoute = createRoute({
  method: "delete",
  path: "/projects/{id}/members/{userId}",
  tags,
  summary: "Remove a member (their tasks become unassigned)",
  middleware: [WRITE] as const,
  request: { params: MemberParams },
  responses: {
    204: { description: "Removed" },
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

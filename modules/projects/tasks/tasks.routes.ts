import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { PageQuery, pageSchema } from "../../../shared/http/paging.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { IdParam } from "../projects/projects.schemas.ts";
import {
  CreateTaskBody,
  PriorityList,
  TaskQuery,
  TaskSchema,
  UpdateTaskBody,
} from "./tasks.schemas.ts";

const tags = ["projects"];
const READ = requirePermission("projects.task.read");
const WRITE = requirePermission("projects.task.write");

export const listTasksRoute = createRoute({
  method: "get",
  path: "/tasks",
  tags,
  summary: "Tasks across the caller's projects, filtered and keyset-paged",
  middleware: [READ] as const,
  request: { query: PageQuery.extend(TaskQuery.shape) },
  responses: {
    200: jsonResponse(pageSchema(TaskSchema, "TaskPage"), "Tasks"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const createTaskRoute = createRoute({
  method: "post",
  path: "/tasks",
  tags,
  summary: "Create a task (project members and managers)",
  middleware: [WRITE] as const,
  request: { body: jsonBody(CreateTaskBody) },
  responses: {
    201: jsonResponse(TaskSchema, "Created"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

export const getTaskRoute = createRoute({
  method: "get",
  path: "/tasks/{id}",
  tags,
  summary: "One task",
  middleware: [READ] as const,
  request: { params: IdParam },
  responses: {
    200: jsonResponse(TaskSchema, "Task"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const updateTaskRoute = createRoute({
  method: "put",
  path: "/tasks/{id}",
  tags,
  summary: "Change a task; status moves follow the project's flow, done needs blockers done",
  middleware: [WRITE] as const,
  request: { params: IdParam, body: jsonBody(UpdateTaskBody) },
  responses: {
    200: jsonResponse(TaskSchema, "Updated"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

export const deleteTaskRoute = createRoute({
  method: "delete",
  path: "/tasks/{id}",
  tags,
  summary: "Delete a task with its comments and attachments",
  middleware: [WRITE] as const,
  request: { params: IdParam },
  responses: {
    204: { description: "Deleted" },
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

export const prioritiesRoute = createRoute({
  method: "get",
  path: "/priorities",
  tags,
  summary: "Task priorities with their labels, lowest first",
  middleware: [READ] as const,
  responses: {
    200: jsonResponse(PriorityList, "Priorities"),
    ...errorResponses(401, 403),
  },
});

const watchRoute = (method: "put" | "delete") =>
  createRoute({
    method,
    path: "/tasks/{id}/watch",
    tags,
    summary: method === "put" ? "Watch a task (its comments notify you)" : "Stop watching a task",
    middleware: [READ] as const,
    request: { params: IdParam },
    responses: {
      200: jsonResponse(z.object({ watching: z.boolean() }).openapi("TaskWatching"), "Watching"),
      ...errorResponses(400, 401, 403, 404),
    },
  });
export const watchTaskRoute = watchRoute("put");
export const unwatchTaskRoute = watchRoute("delete");

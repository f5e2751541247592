import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { IdParam, MemberParams } from "../projects/projects.schemas.ts";
import { AddWatcherBody, WatcherList } from "./assignees.schemas.ts";

const tags = ["projects"];
const READ = requirePermission("projects.task.read");
const WRITE = requirePermission("projects.task.write");

export const listWatchersRoute = createRoute({
  method: "get",
  path: "/tasks/{id}/watchers",
  operationId: "listTaskWatchers",
  tags,
  summary: "The task's watchers (their comments and changes notify them)",
  middleware: [READ] as const,
  request: { params: IdParam },
  responses: {
    200: jsonResponse(WatcherList, "Watchers"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const addWatcherRoute = createRoute({
  method: "post",
  path: "/tasks/{id}/watchers",
  operationId: "addTaskWatcher",
  tags,
  summary: "Add a project member as a watcher (project members and managers)",
  middleware: [WRITE] as const,
  request: { params: IdParam, body: jsonBody(AddWatcherBody) },
  responses: {
    200: jsonResponse(WatcherList, "Watchers"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

export const removeWatcherRoute = createRoute({
  method: "delete",
  path: "/tasks/{id}/watchers/{userId}",
  operationId: "removeTaskWatcher",
  tags,
  summary: "Remove a watcher (project members and managers)",
  middleware: [WRITE] as const,
  request: { params: MemberParams },
  responses: {
    200: jsonResponse(WatcherList, "Watchers"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

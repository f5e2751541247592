import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { IdParam } from "../projects/projects.schemas.ts";
import {
  BurndownSchema,
  CompleteCycleBody,
  CompleteResult,
  CreateCycleBody,
  CycleList,
  CycleQuery,
  CycleSchema,
  CycleTasksBody,
  UpdateCycleBody,
  VelocityQuery,
  VelocitySchema,
} from "./cycles.schemas.ts";

const tags = ["projects"];
const READ = requirePermission("projects.project.read");
const WRITE = requirePermission("projects.project.write");
const TASK_WRITE = requirePermission("projects.task.write");
const TaskParams = z.object({
  id: z.uuid().openapi({ param: { name: "id", in: "path" } }),
  taskId: z.uuid().openapi({ param: { name: "taskId", in: "path" } }),
});

export const listCyclesRoute = createRoute({
  method: "get",
  path: "/cycles",
  operationId: "listProjectCycles",
  tags,
  summary: "A project's cycles (sprints), oldest first, with progress",
  middleware: [READ] as const,
  request: { query: CycleQuery },
  responses: { 200: jsonResponse(CycleList, "Cycles"), ...errorResponses(400, 401, 403, 404) },
});

export const createCycleRoute = createRoute({
  method: "post",
  path: "/cycles",
  operationId: "createProjectCycle",
  tags,
  summary: "Create a cycle (project managers); cycles of a project do not overlap",
  middleware: [WRITE] as const,
  request: { body: jsonBody(CreateCycleBody) },
  responses: {
    201: jsonResponse(CycleSchema, "Created"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

export const getCycleRoute = createRoute({
  method: "get",
  path: "/cycles/{id}",
  operationId: "getProjectCycle",
  tags,
  summary: "One cycle",
  middleware: [READ] as const,
  request: { params: IdParam },
  responses: { 200: jsonResponse(CycleSchema, "Cycle"), ...errorResponses(400, 401, 403, 404) },
});

export const updateCycleRoute = createRoute({
  method: "patch",
  path: "/cycles/{id}",
  operationId: "updateProjectCycle",
  tags,
  summary: "Rename a cycle or change its dates (project managers)",
  middleware: [WRITE] as const,
  request: { params: IdParam, body: jsonBody(UpdateCycleBody) },
  responses: {
    200: jsonResponse(CycleSchema, "Updated"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

export const deleteCycleRoute = createRoute({
  method: "delete",
  path: "/cycles/{id}",
  operationId: "deleteProjectCycle",
  tags,
  summary: "Delete a cycle; its tasks go back to the backlog (project managers)",
  middleware: [WRITE] as const,
  request: { params: IdParam },
  responses: { 204: { description: "Deleted" }, ...errorResponses(400, 401, 403, 404) },
});

export const addCycleTasksRoute = createRoute({
  method: "post",
  path: "/cycles/{id}/tasks",
  operationId: "addProjectCycleTasks",
  tags,
  summary: "Put tasks of the project into the cycle (project members)",
  middleware: [TASK_WRITE] as const,
  request: { params: IdParam, body: jsonBody(CycleTasksBody) },
  responses: {
    200: jsonResponse(CycleSchema, "The cycle"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

export const removeCycleTaskRoute = createRoute({
  method: "delete",
  path: "/cycles/{id}/tasks/{taskId}",
  operationId: "removeProjectCycleTask",
  tags,
  summary: "Take a task out of the cycle, back to the backlog (project members)",
  middleware: [TASK_WRITE] as const,
  request: { params: TaskParams },
  responses: {
    200: jsonResponse(CycleSchema, "The cycle"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

export const completeCycleRoute = createRoute({
  method: "post",
  path: "/cycles/{id}/complete",
  operationId: "completeProjectCycle",
  tags,
  summary: "Complete a cycle: unfinished tasks move to another cycle or the backlog (managers)",
  middleware: [WRITE] as const,
  request: { params: IdParam, body: jsonBody(CompleteCycleBody) },
  responses: {
    200: jsonResponse(CompleteResult, "Completed"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

export const cycleBurndownRoute = createRoute({
  method: "get",
  path: "/cycles/{id}/burndown",
  operationId: "getProjectCycleBurndown",
  tags,
  summary: "Per day of the cycle: open tasks and estimate hours left, and the ideal line",
  middleware: [READ] as const,
  request: { params: IdParam },
  responses: {
    200: jsonResponse(BurndownSchema, "Burndown"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const cycleVelocityRoute = createRoute({
  method: "get",
  path: "/cycles/velocity",
  operationId: "getProjectCycleVelocity",
  tags,
  summary: "Completed tasks and estimate hours of the project's last completed cycles",
  middleware: [READ] as const,
  request: { query: VelocityQuery },
  responses: {
    200: jsonResponse(VelocitySchema, "Velocity"),
    ...errorResponses(400, 401, 403, 404),
  },
});

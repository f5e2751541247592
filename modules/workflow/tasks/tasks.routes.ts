import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { pageSchema } from "../../../shared/http/paging.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import {
  CommentInput,
  CommentSchema,
  CompleteInput,
  TaskDetail,
  TaskIdParam,
  TaskInput,
  TaskQuery,
  TaskSchema,
  TaskUpdate,
} from "./tasks.schemas.ts";

const tags = ["workflow"];
const read = [requirePermission("workflow.task.read")];
const write = [requirePermission("workflow.task.write")];

export const listTasksRoute = createRoute({
  operationId: "listWorkflowTasks",
  method: "get",
  path: "/tasks",
  tags,
  summary: "List tasks: mine, the pool (unclaimed, I am a candidate) or all (supervisors)",
  middleware: read,
  request: { query: TaskQuery },
  responses: {
    200: jsonResponse(pageSchema(TaskSchema, "WorkflowTaskPage"), "A page of tasks"),
    ...errorResponses(400, 401, 403),
  },
});

export const createTaskRoute = createRoute({
  operationId: "createWorkflowTask",
  method: "post",
  path: "/tasks",
  tags,
  summary: "Create a stand-alone task (assignee, or candidate users and roles)",
  middleware: write,
  request: { body: jsonBody(TaskInput) },
  responses: { 201: jsonResponse(TaskSchema, "Created"), ...errorResponses(400, 401, 403) },
});

export const getTaskRoute = createRoute({
  operationId: "getWorkflowTask",
  method: "get",
  path: "/tasks/{id}",
  tags,
  summary: "A task with its form, history, comments and what the caller may do",
  middleware: read,
  request: { params: TaskIdParam },
  responses: { 200: jsonResponse(TaskDetail, "The task"), ...errorResponses(400, 401, 403, 404) },
});

export const updateTaskRoute = createRoute({
  operationId: "updateWorkflowTask",
  method: "put",
  path: "/tasks/{id}",
  tags,
  summary: "Change a task's name, description, priority, due or follow-up date",
  middleware: write,
  request: { params: TaskIdParam, body: jsonBody(TaskUpdate) },
  responses: {
    200: jsonResponse(TaskSchema, "Updated"),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

const action = (path: string, operationId: string, summary: string) =>
  createRoute({
    operationId,
    method: "post",
    path: `/tasks/{id}/${path}`,
    tags,
    summary,
    middleware: write,
    request: { params: TaskIdParam },
    responses: {
      200: jsonResponse(TaskSchema, "Updated"),
      ...errorResponses(400, 401, 403, 404, 409, 422),
    },
  });

export const claimTaskRoute = action("claim", "claimWorkflowTask", "Claim a pool task");
export const unclaimTaskRoute = action(
  "unclaim",
  "unclaimWorkflowTask",
  "Put a claimed task back into the pool",
);
export const cancelTaskRoute = action(
  "cancel",
  "cancelWorkflowTask",
  "Cancel a stand-alone task (its creator or a supervisor)",
);

export const completeTaskRoute = createRoute({
  operationId: "completeWorkflowTask",
  method: "post",
  path: "/tasks/{id}/complete",
  tags,
  summary: "Complete a task with its form data (a delegate's completion resolves it back)",
  middleware: write,
  request: { params: TaskIdParam, body: jsonBody(CompleteInput) },
  responses: {
    200: jsonResponse(TaskSchema, "Completed (or resolved)"),
    ...errorResponses(400, 401, 403, 404, 409, 422),
  },
});

export const listCommentsRoute = createRoute({
  operationId: "listWorkflowTaskComments",
  method: "get",
  path: "/tasks/{id}/comments",
  tags,
  summary: "A task's comments, oldest first",
  middleware: read,
  request: { params: TaskIdParam },
  responses: {
    200: jsonResponse(
      z.object({ items: z.array(CommentSchema) }).openapi("WorkflowTaskComments"),
      "Comments",
    ),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const addCommentRoute = createRoute({
  operationId: "addWorkflowTaskComment",
  method: "post",
  path: "/tasks/{id}/comments",
  tags,
  summary: "Comment on a task",
  middleware: write,
  request: { params: TaskIdParam, body: jsonBody(CommentInput) },
  responses: {
    201: jsonResponse(CommentSchema, "Added"),
    ...errorResponses(400, 401, 403, 404),
  },
});

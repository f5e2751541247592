import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import {
  PreviewInput,
  QuestionIdParam,
  QuestionInput,
  QuestionList,
  QuestionPatch,
  QuestionResult,
  QuestionSchema,
  RunInput,
} from "./questions.schemas.ts";

const tags = ["analytics"];
export const QUERY_READ = "analytics.query.read";
export const QUERY_WRITE = "analytics.query.write";
const read = [requirePermission(QUERY_READ)];
const write = [requirePermission(QUERY_WRITE)];

export const listQuestionsRoute = createRoute({
  operationId: "listAnalyticsQuestions",
  method: "get",
  path: "/questions",
  tags,
  summary: "Saved SQL questions by name",
  middleware: read,
  responses: { 200: jsonResponse(QuestionList, "Questions"), ...errorResponses(401, 403) },
});

export const createQuestionRoute = createRoute({
  operationId: "createAnalyticsQuestion",
  method: "post",
  path: "/questions",
  tags,
  summary: "Save a SQL question with typed {{name}} parameters (checked, not run)",
  middleware: write,
  request: { body: jsonBody(QuestionInput) },
  responses: {
    201: jsonResponse(QuestionSchema, "The question as stored"),
    ...errorResponses(400, 401, 403, 409),
  },
});

export const previewQuestionRoute = createRoute({
  operationId: "previewAnalyticsQuestion",
  method: "post",
  path: "/questions/preview",
  tags,
  summary: "Run unsaved question SQL with parameter values (read-only, capped)",
  middleware: write,
  request: { body: jsonBody(PreviewInput) },
  responses: {
    200: jsonResponse(QuestionResult, "Columns and rows"),
    ...errorResponses(400, 401, 403, 422),
  },
});

export const getQuestionRoute = createRoute({
  operationId: "getAnalyticsQuestion",
  method: "get",
  path: "/questions/{id}",
  tags,
  summary: "One saved question",
  middleware: read,
  request: { params: QuestionIdParam },
  responses: {
    200: jsonResponse(QuestionSchema, "The question"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const patchQuestionRoute = createRoute({
  operationId: "updateAnalyticsQuestion",
  method: "patch",
  path: "/questions/{id}",
  tags,
  summary: "Change a saved question (checked again)",
  middleware: write,
  request: { params: QuestionIdParam, body: jsonBody(QuestionPatch) },
  responses: {
    200: jsonResponse(QuestionSchema, "The question as stored"),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

export const deleteQuestionRoute = createRoute({
  operationId: "deleteAnalyticsQuestion",
  method: "delete",
  path: "/questions/{id}",
  tags,
  summary: "Delete a saved question",
  middleware: write,
  request: { params: QuestionIdParam },
  responses: { 204: { description: "Deleted" }, ...errorResponses(400, 401, 403, 404) },
});

export const runQuestionRoute = createRoute({
  operationId: "runAnalyticsQuestion",
  method: "post",
  path: "/questions/{id}/run",
  tags,
  summary: "Run a saved question with parameter values (bound, never spliced into the SQL)",
  middleware: read,
  request: { params: QuestionIdParam, body: jsonBody(RunInput) },
  responses: {
    200: jsonResponse(QuestionResult, "Columns and rows"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { PageQuery, pageSchema } from "../../../shared/http/paging.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { IdParam } from "../projects/projects.schemas.ts";
import {
  ActivitySchema,
  FeedQuery,
  MailPreferencesSchema,
  NoticeQuery,
  NoticeSchema,
} from "./feed.schemas.ts";

const tags = ["projects"];
const READ = requirePermission("projects.project.read");
const Page = pageSchema(ActivitySchema, "ProjectActivityPage");

export const projectActivityRoute = createRoute({
  method: "get",
  path: "/projects/{id}/activity",
  tags,
  summary: "A project's activity feed (its own changes and its tasks'), newest first",
  middleware: [READ] as const,
  request: { params: IdParam, query: PageQuery },
  responses: { 200: jsonResponse(Page, "Activity"), ...errorResponses(400, 401, 403, 404) },
});

export const activityLogRoute = createRoute({
  method: "get",
  path: "/activity-log",
  tags,
  summary: "The module's activity across the projects the caller may see",
  middleware: [READ] as const,
  request: { query: PageQuery.extend(FeedQuery.shape) },
  responses: { 200: jsonResponse(Page, "Activity"), ...errorResponses(400, 401, 403, 404) },
});

export const noticesRoute = createRoute({
  method: "get",
  path: "/notifications",
  tags,
  summary: "The caller's Projects notifications (assignments, comments, mentions, due dates)",
  middleware: [READ] as const,
  request: { query: PageQuery.extend(NoticeQuery.shape) },
  responses: {
    200: jsonResponse(pageSchema(NoticeSchema, "ProjectNotificationPage"), "Notifications"),
    ...errorResponses(400, 401, 403),
  },
});

export const getPreferencesRoute = createRoute({
  method: "get",
  path: "/notifications/preferences",
  tags,
  summary: "Which Projects notifications the caller also gets by e-mail",
  middleware: [READ] as const,
  responses: {
    200: jsonResponse(MailPreferencesSchema, "Preferences"),
    ...errorResponses(401, 403),
  },
});

export const putPreferencesRoute = createRoute({
  method: "put",
  path: "/notifications/preferences",
  tags,
  summary: "Choose which Projects notifications also come by e-mail",
  middleware: [READ] as const,
  request: { body: jsonBody(MailPreferencesSchema) },
  responses: {
    200: jsonResponse(MailPreferencesSchema, "Preferences"),
    ...errorResponses(400, 401, 403),
  },
});

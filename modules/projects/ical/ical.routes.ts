import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../../shared/http/route-helpers.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { CreateFeedBody, FeedSettings, UpdateFeedBody } from "./ical.schemas.ts";

const tags = ["projects"];
const READ = requirePermission("projects.task.read");

export const getFeedRoute = createRoute({
  method: "get",
  path: "/calendar-feed",
  operationId: "getCalendarFeed",
  tags,
  summary: "Your calendar feed link: whether it exists and what it includes",
  middleware: [READ] as const,
  responses: {
    200: jsonResponse(FeedSettings, "Feed"),
    ...errorResponses(401, 403),
  },
});

export const createFeedRoute = createRoute({
  method: "post",
  path: "/calendar-feed",
  operationId: "createCalendarFeed",
  tags,
  summary: "Make (or make anew) your secret iCal feed address; the previous one stops working",
  middleware: [READ] as const,
  request: { body: jsonBody(CreateFeedBody) },
  responses: {
    201: jsonResponse(FeedSettings, "Created: the address is answered this once"),
    ...errorResponses(400, 401, 403),
  },
});

export const updateFeedRoute = createRoute({
  method: "patch",
  path: "/calendar-feed",
  operationId: "updateCalendarFeed",
  tags,
  summary: "Choose whether your feed also carries the tasks you watch",
  middleware: [READ] as const,
  request: { body: jsonBody(UpdateFeedBody) },
  responses: {
    200: jsonResponse(FeedSettings, "Updated"),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const revokeFeedRoute = createRoute({
  method: "delete",
  path: "/calendar-feed",
  operationId: "revokeCalendarFeed",
  tags,
  summary: "Revoke your feed address (it answers 404 from now on)",
  middleware: [READ] as const,
  responses: {
    204: { description: "Revoked" },
    ...errorResponses(401, 403, 404),
  },
});

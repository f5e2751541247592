import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses } from "../../shared/http/problem.ts";
import { jsonBody, jsonResponse } from "../../shared/http/route-helpers.ts";
import { PageQuery, pageSchema } from "../../shared/http/paging.ts";
import { requirePermission } from "../../shared/rbac/permissions.ts";
import { IdParam } from "../identity/public.ts";

export const NotificationSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  module: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
}).openapi("Notification");

export const NotificationQuery = PageQuery.extend({
  unread: z.enum(["true", "false"]).optional().openapi({ param: { name: "unread", in: "query" } }),
  module: z.string().max(40).optional().openapi({ param: { name: "module", in: "query" } }),
});

export const SendNotificationBody = z.object({
  userId: z.uuid().optional().openapi({ description: "A member of the tenant; default: yourself" }),
  module: z.string().regex(/^[a-z][a-z0-9-]{1,30}$/).default("platform"),
  title: z.string().trim().min(1).max(300),
  body: z.string().max(4000).default(""),
  link: z.string().regex(/^\/(?!\/)/, "a path of this site").max(500).optional(),
}).openapi("SendNotificationRequest");

export const listNotificationsRoute = createRoute({
  method: "get",
  operationId: "listNotifications",
  path: "/",
  tags: ["notifications"],
  summary: "The caller's notifications, newest first",
  request: { query: NotificationQuery },
  responses: {
    200: jsonResponse(pageSchema(NotificationSchema, "NotificationPage"), "Notifications"),
    ...errorResponses(400, 401),
  },
});

export const unreadCountRoute = createRoute({
  method: "get",
  operationId: "unreadCount",
  path: "/unread-count",
  tags: ["notifications"],
  summary: "How many of the caller's notifications are unread",
  responses: {
    200: jsonResponse(z.object({ unread: z.number().int() }), "Count"),
    ...errorResponses(401),
  },
});

export const sendNotificationRoute = createRoute({
  method: "post",
  operationId: "sendNotification",
  path: "/",
  tags: ["notifications"],
  summary: "Send an in-app notification to a member of the tenant (or yourself)",
  middleware: [requirePermission("admin.notification.write")] as const,
  request: {
    body: jsonBody(SendNotificationBody),
  },
  responses: {
    201: jsonResponse(NotificationSchema, "Sent"),
    ...errorResponses(400, 401, 403, 422),
  },
});

export const markReadRoute = createRoute({
  method: "post",
  operationId: "markRead",
  path: "/{id}/read",
  tags: ["notifications"],
  summary: "Mark one notification read",
  request: { params: IdParam },
  responses: { 204: { description: "Marked read" }, ...errorResponses(400, 401, 404) },
});

export const markAllReadRoute = createRoute({
  method: "post",
  operationId: "markAllRead",
  path: "/read-all",
  tags: ["notifications"],
  summary: "Mark all of the caller's notifications read",
  responses: {
    200: jsonResponse(z.object({ marked: z.number().int() }), "Marked"),
    ...errorResponses(401),
  },
});

export const streamRoute = createRoute({
  method: "get",
  operationId: "stream",
  path: "/stream",
  tags: ["notifications"],
  summary: "Server-sent events for the caller's inbox",
  description: "Events: `unread` (an HTML fragment with the unread count, for the page badge) " +
    "and `notification` (JSON of a new notification). A comment line keeps the stream alive.",
  responses: {
    200: {
      description: "An event stream",
      content: { "text/event-stream": { schema: z.string() } },
    },
    ...errorResponses(401),
  },
});

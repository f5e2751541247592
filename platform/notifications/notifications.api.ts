import { createRouter } from "../../shared/http/router.ts";
import * as r from "./notifications.routes.ts";
import * as h from "./notifications.handlers.ts";

/** /api/notifications: the caller's in-app inbox, live over server-sent events. */
export const notificationsApi = createRouter()
  .openapi(r.listNotificationsRoute, h.listNotificationsHandler)
  .openapi(r.unreadCountRoute, h.unreadCountHandler)
  .openapi(r.streamRoute, h.streamHandler)
  .openapi(r.sendNotificationRoute, h.sendNotificationHandler)
  .openapi(r.markAllReadRoute, h.markAllReadHandler)
  .openapi(r.markReadRoute, h.markReadHandler);

import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { listAutomationNotificationsRoute } from "./notifications.routes.ts";
import { automationInbox } from "./notifications.service.ts";

const list: RouteHandler<typeof listAutomationNotificationsRoute, AppEnv> = async (c) => {
  const { unread, limit, cursor } = c.req.valid("query");
  return c.json(
    await automationInbox(actorOf(c), { unreadOnly: unread === "true", limit, cursor }),
    200,
  );
};

/** GET /notifications (marking read stays the platform's POST /api/notifications/{id}/read). */
export function mountAutomationNotifications(api: OpenAPIHono<AppEnv>) {
  api.openapi(listAutomationNotificationsRoute, list);
}

import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import * as routes from "./notifications.routes.ts";
import { streamSSE } from "hono/streaming";
import type { AppEnv } from "../../shared/http/env.ts";
import { decodeCursor, toPage } from "../../shared/http/paging.ts";
import { actorOf } from "../../shared/http/actor.ts";
import { withScope } from "../../shared/db/scope.ts";
import { currentOverrides, runWithOverrides } from "../../shared/i18n/i18n.ts";
import { inbox, liveInbox, readAll, readOne, send, unread } from "./notifications.service.ts";
import { type InboxChanged, NOTIFICATIONS_CHANNEL } from "./notify.service.ts";
import { unreadCountHtml } from "./notifications.view.tsx";
import { acquireStream } from "../../shared/realtime/stream-limits.ts";
import type {
  listNotificationsRoute,
  markAllReadRoute,
  markReadRoute,
  sendNotificationRoute,
  streamRoute,
  unreadCountRoute,
} from "./notifications.routes.ts";

const KEEPALIVE_MS = 25_000;

export const listNotificationsHandler: RouteHandler<typeof listNotificationsRoute, AppEnv> = async (
  c,
) => {
  const { limit, cursor, unread, module } = c.req.valid("query");
  const after = decodeCursor(cursor, ["timestamp", "uuid"]) as [string, string] | null;
  const rows = await inbox(actorOf(c), { unreadOnly: unread === "true", module, limit, after });
  return c.json(toPage(rows, limit, (r) => [r.sortAt, r.id]), 200);
};

export const unreadCountHandler: RouteHandler<typeof unreadCountRoute, AppEnv> = async (c) =>
  c.json({ unread: await unread(actorOf(c)) }, 200);

export const sendNotificationHandler: RouteHandler<typeof sendNotificationRoute, AppEnv> = async (
  c,
) => c.json(await send(actorOf(c), c.req.valid("json")), 201);

export const markReadHandler: RouteHandler<typeof markReadRoute, AppEnv> = async (c) => {
  await readOne(actorOf(c), c.req.valid("param").id);
  return c.body(null, 204);
};

export const markAllReadHandler: RouteHandler<typeof markAllReadRoute, AppEnv> = async (c) =>
  c.json({ marked: await readAll(actorOf(c)) }, 200);

/**
 * The live inbox. It holds no transaction while open: each update reads the count in a short
 * scoped transaction of its own.
 */
export const streamHandler: RouteHandler<typeof streamRoute, AppEnv> = (c) => {
  const { platform, locale } = c.var;
  const { tenantId, userId, jti, exp } = c.var.session;
  const release = acquireStream(userId, {
    perUser: platform.config.SSE_MAX_PER_USER,
    perInstance: platform.config.SSE_MAX_PER_INSTANCE,
  });
  // Pushes run in the publisher's context: keep this request's tenant translations for them.
  const overrides = currentOverrides() ?? { overrides: {}, languages: [] };
  c.header("Cache-Control", "no-store");
  c.header("X-Accel-Buffering", "no");
  return streamSSE(c, async (stream) => {
    let ended = false;
    const end = () => {
      ended = true;
      stream.abort();
    };
    // The stream lives no longer than the token that opened it.
    const expiry = setTimeout(end, Math.max(0, exp * 1000 - Date.now()));
    let pending = Promise.resolve();
    const push = (message?: InboxChanged) => {
      pending = pending.then(() =>
        runWithOverrides(overrides, async () => {
          const state = await withScope(
            platform.db.sql,
            { tenantId, userId },
            (tx) =>
              liveInbox({ sql: tx }, {
                who: { tenantId, userId, jti },
                notificationId: message?.notificationId,
              }),
          );
          if (!state) return end();
          if (state.fresh) {
            await stream.writeSSE({ event: "notification", data: JSON.stringify(state.fresh) });
          }
          await stream.writeSSE({ event: "unread", data: unreadCountHtml(locale, state.count) });
        })
      ).catch(() => {});
    };
    const unsubscribe = await platform.bus.subscribe(NOTIFICATIONS_CHANNEL, (payload) => {
      const m = payload as unknown as InboxChanged;
      if (m.tenantId === tenantId && m.userId === userId) push(m);
    });
    stream.onAbort(() => {
      clearTimeout(expiry);
      unsubscribe();
      release();
    });
    push();
    while (!ended && !stream.aborted && !stream.closed) {
      await stream.sleep(KEEPALIVE_MS);
      if (!stream.aborted) await stream.write(": keepalive\n\n").catch(() => {});
    }
    clearTimeout(expiry);
    unsubscribe();
    release();
  }) as never;
};

/** /api/notifications: the caller's in-app inbox, live over server-sent events. */
export function mountNotifications(api: OpenAPIHono<AppEnv>) {
  api
    .openapi(routes.listNotificationsRoute, listNotificationsHandler)
    .openapi(routes.unreadCountRoute, unreadCountHandler)
    .openapi(routes.streamRoute, streamHandler)
    .openapi(routes.sendNotificationRoute, sendNotificationHandler)
    .openapi(routes.markAllReadRoute, markAllReadHandler)
    .openapi(routes.markReadRoute, markReadHandler);
}

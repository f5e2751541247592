import type { RouteHandler } from "@hono/zod-openapi";
import { streamSSE } from "hono/streaming";
import type { AppEnv } from "../../shared/http/env.ts";
import { decodeCursor, toPage } from "../../shared/http/paging.ts";
import { problems } from "../../shared/http/problem.ts";
import { withScope } from "../../shared/db/scope.ts";
import { currentOverrides, runWithOverrides } from "../../shared/i18n/i18n.ts";
import { listNotifications, markAllRead, markRead, unreadCount } from "./notifications.repo.ts";
import { announce, type InboxChanged, NOTIFICATIONS_CHANNEL, notify } from "./notify.ts";
import { unreadCountHtml } from "./notifications.view.tsx";
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
  const rows = await listNotifications(c.var.sql, c.var.session.userId, {
    unreadOnly: unread === "true",
    module,
    limit,
    after,
  });
  return c.json(toPage(rows, limit, (r) => [r.sortAt, r.id]), 200);
};

export const unreadCountHandler: RouteHandler<typeof unreadCountRoute, AppEnv> = async (c) => {
  return c.json({ unread: await unreadCount(c.var.sql, c.var.session.userId) }, 200);
};

export const sendNotificationHandler: RouteHandler<typeof sendNotificationRoute, AppEnv> = async (
  c,
) => {
  const { sql, session, platform } = c.var;
  const body = c.req.valid("json");
  const userId = body.userId ?? session.userId;
  // notify() refuses anyone who is not an active member of this tenant (422).
  const row = await notify(sql, platform.bus, { ...body, userId });
  return c.json(row, 201);
};

export const markReadHandler: RouteHandler<typeof markReadRoute, AppEnv> = async (c) => {
  const { sql, session, platform } = c.var;
  if (!await markRead(sql, session.userId, c.req.valid("param").id)) throw problems.notFound();
  await announce(sql, platform.bus, session.userId);
  return c.body(null, 204);
};

export const markAllReadHandler: RouteHandler<typeof markAllReadRoute, AppEnv> = async (c) => {
  const { sql, session, platform } = c.var;
  const marked = await markAllRead(sql, session.userId);
  await announce(sql, platform.bus, session.userId);
  return c.json({ marked }, 200);
};

/**
 * The live inbox. It holds no transaction while open: each update reads the count in a short
 * scoped transaction of its own.
 */
export const streamHandler: RouteHandler<typeof streamRoute, AppEnv> = (c) => {
  const { platform, locale } = c.var;
  const { tenantId, userId, jti, exp } = c.var.session;
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
          const state = await withScope(platform.db.sql, { tenantId, userId }, async (tx) => {
            // Signed out or removed since the stream opened: stop telling them anything.
            const [live] = await tx`
              select exists(select 1 from memberships where tenant_id = ${tenantId}
                              and user_id = ${userId} and status = 'active')
                 and not exists(select 1 from revoked_tokens where jti = ${jti ?? null}) as ok`;
            if (!live.ok) return null;
            const count = await unreadCount(tx, userId);
            const fresh = message?.notificationId
              ? (await tx`select id, module, title, body, link, created_at from notifications
                          where id = ${message.notificationId} and user_id = ${userId}`)[0]
              : undefined;
            return { count, fresh };
          });
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
    });
    push();
    while (!ended && !stream.aborted && !stream.closed) {
      await stream.sleep(KEEPALIVE_MS);
      if (!stream.aborted) await stream.write(": keepalive\n\n").catch(() => {});
    }
    clearTimeout(expiry);
    unsubscribe();
  }) as never;
};

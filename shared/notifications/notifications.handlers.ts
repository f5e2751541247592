import type { RouteHandler } from "@hono/zod-openapi";
import { streamSSE } from "hono/streaming";
import type { AppEnv } from "../http/env.ts";
import { decodeCursor, toPage } from "../http/paging.ts";
import { problems } from "../http/problem.ts";
import { withScope } from "../db/scope.ts";
import { findMember } from "../identity/users.repo.ts";
import { listNotifications, markAllRead, markRead, unreadCount } from "./notifications.repo.ts";
import { announce, type InboxChanged, NOTIFICATIONS_CHANNEL, notify } from "./notify.ts";
import { unreadCountHtml } from "../../views/notifications.tsx";
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
  const after = decodeCursor(cursor, 2) as [string, string] | null;
  const rows = await listNotifications(c.var.sql, c.var.session.userId, {
    unreadOnly: unread === "true",
    module,
    limit,
    after,
  });
  return c.json(toPage(rows, limit, (r) => [r.createdAt, r.id]), 200);
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
  const member = await findMember(sql, userId);
  if (!member || member.status !== "active") {
    throw problems.unprocessable("The recipient is not an active member.");
  }
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
  const { tenantId, userId } = c.var.session;
  c.header("Cache-Control", "no-store");
  c.header("X-Accel-Buffering", "no");
  return streamSSE(c, async (stream) => {
    let pending = Promise.resolve();
    const push = (message?: InboxChanged) => {
      pending = pending.then(async () => {
        const [count, fresh] = await withScope(
          platform.db.sql,
          { tenantId, userId },
          async (tx) => [
            await unreadCount(tx, userId),
            message?.notificationId
              ? (await tx`select id, module, title, body, link, created_at from notifications
                        where id = ${message.notificationId}`)[0]
              : undefined,
          ],
        );
        if (fresh) await stream.writeSSE({ event: "notification", data: JSON.stringify(fresh) });
        await stream.writeSSE({ event: "unread", data: unreadCountHtml(locale, count as number) });
      }).catch(() => {});
    };
    const unsubscribe = await platform.bus.subscribe(NOTIFICATIONS_CHANNEL, (payload) => {
      const m = payload as unknown as InboxChanged;
      if (m.tenantId === tenantId && m.userId === userId) push(m);
    });
    stream.onAbort(unsubscribe);
    push();
    while (!stream.aborted && !stream.closed) {
      await stream.sleep(KEEPALIVE_MS);
      if (!stream.aborted) await stream.write(": keepalive\n\n").catch(() => {});
    }
    unsubscribe();
  }) as never;
};

/** The signed-in user's inbox: read it, mark it read, send to it; the API and pages share these. */
import type { Actor, SystemActor } from "../../shared/http/actor.ts";
import { problems } from "../../shared/http/problem.ts";
import {
  freshNotification,
  inboxStillOpen,
  listNotifications,
  markAllRead,
  markRead,
  unreadCount,
} from "./notifications.repo.ts";
import { announce, notify } from "./notify.service.ts";

/** The caller's inbox, newest first, keyset-paged on (created_at, id). */
export async function inbox(
  { sql, session }: Actor,
  opts: { unreadOnly?: boolean; module?: string; limit: number; after?: [string, string] | null },
) {
  return await listNotifications(sql, session.userId, opts);
}

export async function unread({ sql, session }: Actor): Promise<number> {
  return await unreadCount(sql, session.userId);
}

/** Notifies a member (default: the caller); notify() refuses anyone not active here (422). */
export async function send(
  { sql, session, bus }: Actor,
  input: { userId?: string; module: string; title: string; body: string; link?: string },
) {
  return await notify({ sql, bus }, { ...input, userId: input.userId ?? session.userId });
}

/** Marks one of the caller's notifications read; 404 when it is not theirs. */
export async function readOne({ sql, session, bus }: Actor, id: string) {
  if (!await markRead(sql, session.userId, id)) throw problems.notFound();
  await announce({ sql, bus }, { userId: session.userId });
}

/** Marks the whole inbox read; the number marked. */
export async function readAll({ sql, session, bus }: Actor): Promise<number> {
  const marked = await markAllRead(sql, session.userId);
  await announce({ sql, bus }, { userId: session.userId });
  return marked;
}

/**
 * What the live inbox pushes, read in a short transaction of its own: null once the user has
 * signed out or left the tenant (the stream then ends), else the count and the new notification.
 */
export async function liveInbox(
  { sql: tx }: Pick<SystemActor, "sql">,
  { who, notificationId }: {
    who: { tenantId: string; userId: string; jti?: string };
    notificationId?: string;
  },
) {
  if (!await inboxStillOpen(tx, who)) return null;
  const count = await unreadCount(tx, who.userId);
  const fresh = notificationId
    ? await freshNotification(tx, who.userId, notificationId)
    : undefined;
  return { count, fresh };
}

/** Notifications' part of the shell around every page: the caller's unread count. */
export async function unreadShell({ sql, session }: Actor): Promise<{ unread: number }> {
  return { unread: await unreadCount(sql, session.userId) };
}

import type { Actor } from "../../../shared/http/actor.ts";
import { decodeCursor, toPage } from "../../../shared/http/paging.ts";
import { listNotifications } from "../../../platform/notifications/public.ts";
import { projectAccess } from "../access/access.service.ts";
import { type FeedFilter, type FeedRow, selectFeed } from "./feed.repo.ts";
import {
  type MailPreferences,
  selectPreferences,
  upsertPreferences,
} from "../notices/notices.repo.ts";

export async function listFeed(
  actor: Actor,
  q: FeedFilter & { limit: number; cursor?: string },
) {
  const { sql, session } = actor;
  if (q.projectId) await projectAccess({ sql, session }, q.projectId);
  const after = decodeCursor(q.cursor, ["timestamp", "uuid"]) as [string, string] | null;
  const page = toPage(
    await selectFeed(sql, session, q, q.limit, after),
    q.limit,
    (r) => [r.sortAt, r.id],
  );
  return {
    items: page.items.map(({ sortAt: _, ...r }: FeedRow) => r),
    nextCursor: page.nextCursor,
  };
}

/** The caller's notifications from this module. */
export async function listNotices(
  actor: Actor,
  q: { unread?: "true" | "false"; limit: number; cursor?: string },
) {
  const { sql, session } = actor;
  const after = decodeCursor(q.cursor, ["timestamp", "uuid"]) as [string, string] | null;
  const rows = await listNotifications(sql, session.userId, {
    module: "projects",
    unreadOnly: q.unread === "true",
    limit: q.limit,
    after,
  });
  const page = toPage(rows, q.limit, (r) => [r.sortAt, r.id]);
  return {
    items: page.items.map((n) => ({
      id: n.id,
      title: n.title,
      body: n.body,
      link: n.link,
      readAt: n.readAt,
      createdAt: n.createdAt,
    })),
    nextCursor: page.nextCursor,
  };
}

export const getPreferences = ({ sql, session }: Actor) => selectPreferences(sql, session.userId);

export async function putPreferences(actor: Actor, p: MailPreferences) {
  const { sql, session } = actor;
  await upsertPreferences(sql, session.userId, p);
  return await selectPreferences(sql, session.userId);
}

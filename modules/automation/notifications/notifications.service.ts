import type { Actor } from "../../../shared/http/actor.ts";
import { decodeCursor, toPage } from "../../../shared/http/paging.ts";
import { listNotifications } from "../../../platform/notifications/public.ts";
import type { AutomationNotification } from "./notifications.schemas.ts";

/**
 * The caller's own automation notifications (run failures, agents gone to `hata`, runs near
 * their timeout, queue backlog), newest first, keyset-paged. Marking one read is the
 * platform's: POST /api/notifications/{id}/read.
 */
export async function automationInbox(
  { sql, session }: Actor,
  input: { unreadOnly: boolean; limit: number; cursor?: string },
): Promise<{ items: AutomationNotification[]; nextCursor: string | null }> {
  const after = decodeCursor(input.cursor, ["timestamp", "uuid"]) as [string, string] | null;
  const rows = await listNotifications(sql, session.userId, {
    module: "automation",
    unreadOnly: input.unreadOnly,
    limit: input.limit,
    after,
  });
  const page = toPage(rows, input.limit, (r) => [r.sortAt, r.id]);
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

import { problems } from "../../shared/http/problem.ts";
import { sameOriginPathOrNull } from "../../shared/http/redirect.ts";
import type { SystemActor } from "../../shared/http/actor.ts";
import {
  currentTenantId,
  insertNotification,
  isActiveRecipient,
  type NewNotification,
} from "./notifications.repo.ts";

export const NOTIFICATIONS_CHANNEL = "platform_notifications";

/** A bus message: which inbox changed (receivers re-read it under their own RLS scope). */
export interface InboxChanged {
  tenantId: string;
  userId: string;
  notificationId?: string;
}

/**
 * The one way to notify a user in-app: stored in the caller's transaction and announced in
 * real time once that transaction commits.
 */
export async function notify({ sql, bus }: SystemActor, input: NewNotification) {
  if (!await isActiveRecipient(sql, input.userId)) {
    throw problems.unprocessable("The recipient is not an active member.");
  }
  const row = await insertNotification(sql, { ...input, link: safeLink(input.link) });
  await announce({ sql, bus }, { userId: input.userId, notificationId: row.id });
  return row;
}

/** Links point inside the app only: no other sites, no `javascript:` (rules fill them from data). */
export function safeLink(link: string | null | undefined): string | null {
  return sameOriginPathOrNull(link);
}

/** Tells the user's open pages that their inbox changed (new, read, read-all). */
export async function announce(
  { sql, bus }: SystemActor,
  { userId, notificationId }: { userId: string; notificationId?: string },
) {
  const tenantId = await currentTenantId(sql);
  const message: InboxChanged = { tenantId, userId, ...(notificationId ? { notificationId } : {}) };
  await bus.publish(sql, NOTIFICATIONS_CHANNEL, message as unknown as Record<string, unknown>);
}

import type { Actor, SystemActor } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { randomToken, sha256Hex } from "../../../shared/crypto/bytes.ts";
import { withScope } from "../../../shared/db/scope.ts";
import { hasPermission } from "../../../shared/rbac/permissions.ts";
import { memberPermissions } from "../../../platform/identity/public.ts";
import { isTenantAdmin } from "../access/access.rules.ts";
import {
  deleteFeedToken,
  feedOwner,
  lookupFeedToken,
  selectFeedTasks,
  selectFeedToken,
  setFeedWatched,
  upsertFeedToken,
} from "./ical.repo.ts";
import { buildFeed, FEED_TOKEN, feedPath } from "./ical.lib.ts";

/** The most tasks one feed carries (soonest due first). */
export const FEED_LIMIT = 5000;

/** The caller's feed link: whether there is one and what it includes (never the secret). */
export async function feedSettings(actor: Actor) {
  const row = await selectFeedToken(actor.sql, actor.session.userId);
  return {
    enabled: !!row,
    includeWatched: row?.includeWatched ?? true,
    createdAt: row?.createdAt ?? null,
    url: null,
  };
}

/**
 * Makes (or makes anew) the caller's secret feed link: the address is answered this once; a
 * previous link stops working.
 */
export async function createFeed(
  actor: Actor,
  { origin, includeWatched }: { origin: string; includeWatched?: boolean },
) {
  const before = await selectFeedToken(actor.sql, actor.session.userId);
  const token = randomToken();
  await upsertFeedToken(
    actor.sql,
    actor.session.userId,
    await sha256Hex(token),
    includeWatched ?? before?.includeWatched ?? true,
  );
  const row = (await selectFeedToken(actor.sql, actor.session.userId))!;
  return {
    enabled: true,
    includeWatched: row.includeWatched,
    createdAt: row.createdAt,
    url: new URL(feedPath(token), origin).toString(),
  };
}

export async function changeFeed(actor: Actor, { includeWatched }: { includeWatched: boolean }) {
  if (!(await setFeedWatched(actor.sql, actor.session.userId, includeWatched))) {
    throw problems.notFound("There is no calendar feed link.");
  }
  return await feedSettings(actor);
}

/** Revokes the caller's link: its address answers 404 from now on. */
export async function revokeFeed(actor: Actor) {
  if (!(await deleteFeedToken(actor.sql, actor.session.userId))) {
    throw problems.notFound("There is no calendar feed link.");
  }
}

/**
 * The feed behind a secret token, read without a session: the token's hash leads to the
 * workspace and person (a definer function), then the tasks are read under that workspace's
 * RLS as that person, with their current memberships. Unknown, revoked, or a person who left
 * or lost the permission: 404.
 */
export async function renderFeed(
  { sql: db }: Pick<SystemActor, "sql">,
  { token, origin }: { token: string; origin: string },
) {
  if (!FEED_TOKEN.test(token)) throw problems.notFound();
  const hash = await sha256Hex(token);
  const found = await withScope(db, {}, (tx) => lookupFeedToken(tx, hash));
  if (!found) throw problems.notFound();
  return await withScope(db, { tenantId: found.tenantId, userId: found.userId }, async (tx) => {
    const owner = await feedOwner(tx, found.userId);
    const permissions = owner ? await memberPermissions(tx, found.userId) : null;
    if (!owner || !permissions || !hasPermission(permissions, "projects.task.read")) {
      throw problems.notFound();
    }
    const tasks = await selectFeedTasks(tx, {
      userId: found.userId,
      watched: found.includeWatched,
      admin: isTenantAdmin(owner),
      limit: FEED_LIMIT,
    });
    return buildFeed(tasks, { origin, name: `Tasks: ${owner.name}` });
  });
}

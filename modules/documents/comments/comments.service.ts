import type { Actor } from "../../../shared/http/actor.ts";
import { decodeCursor, toPage } from "../../../shared/http/paging.ts";
import { problems } from "../../../shared/http/problem.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { renderMarkdown } from "../../../shared/text/markdown.ts";
import { notify } from "../../../platform/notifications/public.ts";
import { memberLocale, memberPermissions } from "../../../platform/identity/public.ts";
import { atLeast } from "../access/access.rules.ts";
import { loadAccess } from "../access/access.service.ts";
import { audit } from "../audit/audit.repo.ts";
import { type Target, target } from "../tags/tags.objects.service.ts";
import type { ObjectType } from "../tags/tags.schemas.ts";
import { findMentions, type Mentionable, preview } from "./comments.rules.ts";
import {
  type CommentRow,
  deleteComment,
  findComment,
  insertComment,
  mentionableMembers,
  objectComments,
  updateComment,
} from "./comments.repo.ts";
import "./comments.messages.ts";

const shape = (c: CommentRow, members: Mentionable[]) => {
  const { sortAt: _, ...rest } = c;
  return {
    ...rest,
    bodyHtml: renderMarkdown(c.body),
    mentions: findMentions(c.body, members),
    edited: +new Date(c.updatedAt) !== +new Date(c.createdAt),
  };
};

export type DocumentComment = ReturnType<typeof shape>;

/** An object's comments, oldest first; reading them needs read access to the object. */
export async function listComments(
  actor: Actor,
  q: { type: ObjectType; id: string; limit: number; cursor?: string },
) {
  const { sql } = actor;
  await target(actor, q.type, q.id);
  const after = decodeCursor(q.cursor, ["timestamp", "uuid"]) as [string, string] | null;
  const members = await mentionableMembers(sql);
  const page = toPage(
    await objectComments(sql, q.type, q.id, q.limit, after),
    q.limit,
    (r) => [r.sortAt, r.id],
  );
  return { items: page.items.map((c) => shape(c, members)), nextCursor: page.nextCursor };
}

/** Comments on a file or folder need only read access to it (as in Nextcloud). */
export async function addComment(
  actor: Actor,
  { type, id, body }: { type: ObjectType; id: string; body: string },
) {
  const { sql } = actor;
  const obj = await target(actor, type, id);
  const commentId = await insertComment(sql, type, id, body);
  const members = await mentionableMembers(sql);
  const comment = shape((await findComment(sql, commentId))!, members);
  await audit(sql, type, id, "commented", `Commented on ${obj.name}`, null, {
    comment: preview(body, 500),
  });
  await tellMentioned(actor, obj, { commentId, body, userIds: comment.mentions, members });
  return comment;
}

/**
 * Mentioned members hear about it in their inbox, in their language, only when they may open
 * the object themselves: a mention never leaks a name from a folder closed to them.
 */
async function tellMentioned(
  { sql, bus, session }: Actor,
  obj: Target,
  m: { commentId: string; body: string; userIds: string[]; members: Mentionable[] },
) {
  const link = obj.type === "file"
    ? `/documents/files?file=${obj.id}#comment-${m.commentId}`
    : `/documents/files?folder=${obj.id}#comment-${m.commentId}`;
  const members = m.members as (Mentionable & { roles?: string[] })[];
  for (const userId of m.userIds) {
    if (userId === session.userId) continue;
    const permissions = await memberPermissions(sql, userId);
    const roles = members.find((x) => x.userId === userId)?.roles ?? [];
    if (!permissions) continue;
    const access = await loadAccess({ sql, session: { userId, roles, permissions } });
    const level = obj.type === "file"
      ? access.file({ id: obj.id, folderId: obj.folderId })
      : access.folder(obj.id);
    if (!atLeast(level, "view")) continue;
    const locale = await memberLocale(sql, userId);
    await notify({ sql, bus }, {
      userId,
      module: "documents",
      title: t(locale, "documents.comments.mentioned", { name: session.name, object: obj.name }),
      body: preview(m.body),
      link,
    });
  }
}

/** The caller's own comment on an object they still may see; 404 / 403 otherwise. */
async function ownComment(actor: Actor, id: string) {
  const comment = await findComment(actor.sql, id);
  if (!comment) throw problems.notFound();
  const obj = await target(actor, comment.objectType, comment.objectId);
  if (comment.authorId !== actor.session.userId) {
    throw problems.forbidden("Only the author may change a comment.");
  }
  return { comment, obj };
}

export async function editComment(actor: Actor, { id, body }: { id: string; body: string }) {
  const { sql } = actor;
  const { comment, obj } = await ownComment(actor, id);
  await updateComment(sql, id, body);
  const members = await mentionableMembers(sql);
  // Only people the edit newly mentions hear about it (each mention notifies once).
  const before = new Set(findMentions(comment.body, members));
  const added = findMentions(body, members).filter((u) => !before.has(u));
  await tellMentioned(actor, obj, { commentId: id, body, userIds: added, members });
  return shape((await findComment(sql, id))!, members);
}

export async function removeComment(actor: Actor, id: string) {
  const { sql } = actor;
  const { comment, obj } = await ownComment(actor, id);
  await deleteComment(sql, id);
  await audit(sql, obj.type, obj.id, "comment-deleted", `Deleted a comment on ${obj.name}`, {
    comment: preview(comment.body, 500),
  }, null);
}

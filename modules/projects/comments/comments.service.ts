import type { Actor, SystemActor } from "../../../shared/http/actor.ts";
import { decodeCursor, toPage } from "../../../shared/http/paging.ts";
import { problems } from "../../../shared/http/problem.ts";
import { renderMarkdown } from "../../../shared/text/markdown.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import { eventPublisher } from "../../../platform/notifications/public.ts";
import { projectsEvents } from "../events.ts";
import { requireProjectRole } from "../access/access.service.ts";
import { getTask } from "../tasks/tasks.service.ts";
import { addWatcher, watchersOf } from "../tasks/tasks.repo.ts";
import { type MemberRow, selectMembers } from "../projects/projects.repo.ts";
import { activeOnly, deliver, type Notice } from "../notices/notices.service.ts";
import {
  type CommentRow,
  deleteComment,
  insertComment,
  selectComment,
  selectComments,
  updateComment,
} from "./comments.repo.ts";

const publish = eventPublisher(projectsEvents);

const MENTION = /(^|[^\w@.])@([\w.+-]+(?:@[\w-]+(?:\.[\w-]+)+)?)/g;

/** Project members named as `@name` (the part of their e-mail before @) or `@full@address`. */
function findMentions(body: string, members: MemberRow[]): string[] {
  const found = new Set<string>();
  for (const m of body.matchAll(MENTION)) {
    const handle = m[2].replace(/[.]+$/, "").toLowerCase();
    for (const member of members) {
      const email = member.email.toLowerCase();
      if (email === handle || email.split("@")[0] === handle) found.add(member.userId);
    }
  }
  return [...found];
}

const shape = (c: CommentRow, members: MemberRow[]) => {
  const { sortAt: _, ...rest } = c;
  return { ...rest, bodyHtml: renderMarkdown(c.body), mentions: findMentions(c.body, members) };
};

export async function listComments(
  actor: Actor,
  q: { taskId: string; limit: number; cursor?: string },
) {
  const { sql } = actor;
  const { task } = await getTask(actor, q.taskId);
  const after = decodeCursor(q.cursor, ["timestamp", "uuid"]) as [string, string] | null;
  const members = await selectMembers(sql, task.projectId);
  const page = toPage(
    await selectComments(sql, q.taskId, q.limit, after),
    q.limit,
    (r) => [r.sortAt, r.id],
  );
  return { items: page.items.map((c) => shape(c, members)), nextCursor: page.nextCursor };
}

export async function addComment(
  actor: Actor,
  { taskId, body }: { taskId: string; body: string },
) {
  const { sql, bus, session } = actor;
  const { task } = await getTask(actor, taskId);
  await requireProjectRole({ sql, session }, { projectId: task.projectId, needed: "member" });
  const id = await insertComment(sql, taskId, session.userId, body);
  const members = await selectMembers(sql, task.projectId);
  const comment = shape((await selectComment(sql, id))!, members);
  await recordActivity({ sql }, {
    module: "projects",
    entityType: "task",
    entityId: taskId,
    action: "commented",
    summary: `Commented on ${task.title}`,
    after: { projectId: task.projectId, comment: body.slice(0, 500) },
  });
  await publish(sql, "projects.comment.added", {
    projectId: task.projectId,
    projectName: task.projectName,
    taskId,
    title: task.title,
    commentId: id,
    authorId: session.userId,
    actorId: session.userId,
    mentions: comment.mentions,
  });

  // Each person once: a mention outranks the plain "new comment" notice.
  const notices = new Map<string, Notice>();
  const link = `/projects/tasks/${taskId}#comment-${id}`;
  const preview = body.length > 200 ? body.slice(0, 200) + "…" : body;
  const recipients = new Set([...(task.assigneeId ? [task.assigneeId] : [])]);
  for (const w of await watchersOf(sql, taskId)) recipients.add(w);
  for (const userId of await activeOnly({ sql }, [...recipients])) {
    notices.set(userId, {
      kind: "comment",
      title: `New comment on ${task.title}`,
      body: `${session.name}: ${preview}`,
      link,
    });
  }
  for (const userId of await activeOnly({ sql }, comment.mentions)) {
    notices.set(userId, {
      kind: "mention",
      title: `${session.name} mentioned you on ${task.title}`,
      body: preview,
      link,
    });
  }
  notices.delete(session.userId);
  await deliver({ sql, bus }, notices);
  await addWatcher(sql, taskId, session.userId);
  return comment;
}

async function ownComment(actor: Actor, id: string) {
  const { sql, session } = actor;
  const comment = await selectComment(sql, id);
  if (!comment) throw problems.notFound("No such comment.");
  const { task } = await getTask(actor, comment.taskId).catch(() => {
    throw problems.notFound("No such comment.");
  });
  await requireProjectRole({ sql, session }, { projectId: task.projectId, needed: "member" });
  if (comment.authorId !== session.userId) {
    throw problems.forbidden("Only the author may change a comment.");
  }
  return { comment, task };
}

export async function editComment(
  actor: Actor,
  { id, body }: { id: string; body: string },
) {
  const { sql, bus, session } = actor;
  const { comment, task } = await ownComment(actor, id);
  await updateComment(sql, id, body);
  await recordActivity({ sql }, {
    module: "projects",
    entityType: "task",
    entityId: task.id,
    action: "comment-edited",
    summary: `Edited a comment on ${task.title}`,
    before: { projectId: task.projectId, comment: comment.body.slice(0, 500) },
    after: { projectId: task.projectId, comment: body.slice(0, 500) },
  });
  const members = await selectMembers(sql, task.projectId);
  // Only people the edit newly mentions hear about it (each mention notifies once).
  const before = new Set(findMentions(comment.body, members));
  const added = findMentions(body, members).filter((u) => !before.has(u) && u !== session.userId);
  const notices = new Map<string, Notice>();
  for (const userId of await activeOnly({ sql }, added)) {
    notices.set(userId, {
      kind: "mention",
      title: `${session.name} mentioned you on ${task.title}`,
      body: body.length > 200 ? body.slice(0, 200) + "…" : body,
      link: `/projects/tasks/${task.id}#comment-${id}`,
    });
  }
  await deliver({ sql, bus }, notices);
  return shape((await selectComment(sql, id))!, members);
}

export async function removeComment(actor: Actor, id: string) {
  const { sql } = actor;
  const { comment, task } = await ownComment(actor, id);
  await deleteComment(sql, id);
  await recordActivity({ sql }, {
    module: "projects",
    entityType: "task",
    entityId: task.id,
    action: "comment-deleted",
    summary: `Deleted a comment on ${task.title}`,
    before: { projectId: task.projectId, comment: comment.body.slice(0, 500) },
  });
}

/** One comment as stored (pages use it to find the task a comment belongs to). */
export const findComment = (
  { sql }: Pick<SystemActor, "sql">,
  id: string,
): Promise<CommentRow | undefined> => selectComment(sql, id);

import type { Actor, SystemActor } from "../../../shared/http/actor.ts";
import type { Session } from "../../../shared/http/env.ts";
import { problems } from "../../../shared/http/problem.ts";
import { eventPublisher } from "../../../platform/notifications/public.ts";
import { projectsEvents } from "../events.ts";
import { activeOnly, deliver, type Notice } from "../notices/notices.service.ts";
import type { TaskRow } from "../tasks/tasks.schemas.ts";
import { insertWatcher, projectMembersAmong, replaceAssignees } from "./assignees.repo.ts";
import { addedAssignees } from "./assignees.lib.ts";

/*
 * What the tasks service calls when a task is created or changed (kept apart from the watcher
 * routes' service, which reads tasks through the tasks service).
 */

const publish = eventPublisher(projectsEvents);

/** 422 unless every one of `ids` is a member of the project. */
export async function checkAssignees(
  { sql }: Pick<SystemActor, "sql">,
  { projectId, ids }: { projectId: string; ids: string[] },
) {
  const unique = [...new Set(ids)];
  const members = await projectMembersAmong(sql, projectId, unique);
  if (members.length !== unique.length) {
    throw problems.unprocessable("Every assignee must be a member of the project.");
  }
}

/** Writes a task's assignee list (the first is already tasks.assignee_id). */
export async function writeAssignees(
  { sql }: Pick<SystemActor, "sql">,
  { taskId, ids }: { taskId: string; ids: string[] },
) {
  await replaceAssignees(sql, taskId, [...new Set(ids)]);
}

/**
 * Each newly added assignee watches the task, gets an assignment notice and an event. The
 * primary assignee's change is already announced by the tasks service; the others are here.
 */
export async function announceAssignees(
  { sql, bus, session }: Actor,
  { before, after }: { before: TaskRow | null; after: TaskRow },
) {
  const added = addedAssignees(before, after);
  if (!added.length) return;
  const notices = new Map<string, Notice>();
  const active = new Set(await activeOnly({ sql }, added));
  for (const userId of added) {
    await insertWatcher(sql, after.id, userId);
    await publish(sql, "projects.task.assigned", {
      ...eventTask(after, session),
      assigneeId: userId,
      previousAssigneeId: before?.assigneeId ?? null,
    });
    if (userId === session.userId || !active.has(userId)) continue;
    notices.set(userId, {
      kind: "assignment",
      title: `Assigned to you: ${after.title}`,
      body: `${session.name} assigned you a task in ${after.projectName}.`,
      link: `/projects/tasks/${after.id}`,
    });
  }
  if (notices.size) await deliver({ sql, bus }, notices);
}

const eventTask = (task: TaskRow, session: Session) => ({
  projectId: task.projectId,
  projectName: task.projectName,
  taskId: task.id,
  title: task.title,
  actorId: session.userId,
});

/**
 * Task files: access checks and history around the Documents storage, shared by the API
 * handlers and the task page. These routes stream, so each step opens its own short transaction.
 */
import type { C } from "../../../shared/http/pages.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { isUuid } from "../../../shared/http/ids.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import { requireProjectRole } from "../access/access.service.ts";
import { getTask } from "../tasks/tasks.service.ts";
import { attachments, taskOwner } from "./attachments.lib.ts";

/**
 * Checks the caller may see (or, with `write`, change) the task, in a short transaction:
 * these routes stream, so there is no request transaction.
 */
export async function taskForFiles(c: C, taskId: string, write: boolean) {
  if (!isUuid(taskId)) {
    throw problems.validation([{ path: "param.id", message: "Invalid UUID" }]);
  }
  return await c.var.scope(async (tx) => {
    const { task } = await getTask(actorOf(c, tx), taskId);
    if (write) await requireProjectRole(tx, c.var.session, task.projectId, "member");
    return task;
  });
}

type FileTask = Awaited<ReturnType<typeof taskForFiles>>;

/** Stores the request's files on the task and puts them in its history (API and page). */
export async function attachToTask(c: C, task: FileTask) {
  const stored = await attachments.storeFromRequest(c, taskOwner(task.id));
  await c.var.scope((tx) =>
    recordActivity(tx, {
      module: "projects",
      entityType: "task",
      entityId: task.id,
      action: "attached",
      summary: `Attached ${stored.map((f) => f.name).join(", ")} to ${task.title}`,
      after: { projectId: task.projectId, files: stored.map((f) => f.name) },
    })
  );
  return stored;
}

/** Removes one of the task's files and puts that in its history (API and page). */
export async function detachFromTask(c: C, task: FileTask, fileId: string) {
  const files = await attachments.list(c, taskOwner(task.id));
  const file = files.find((f) => f.id === fileId);
  await attachments.remove(c, taskOwner(task.id), fileId);
  await c.var.scope((tx) =>
    recordActivity(tx, {
      module: "projects",
      entityType: "task",
      entityId: task.id,
      action: "detached",
      summary: `Removed ${file?.name ?? "a file"} from ${task.title}`,
      before: { projectId: task.projectId, file: file?.name ?? fileId },
    })
  );
}

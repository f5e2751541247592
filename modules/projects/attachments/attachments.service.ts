/**
 * Task files: access checks and history around the Documents storage, shared by the API
 * handlers and the task page. These routes stream, so each step opens its own short transaction.
 */
import type { Actor } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { isUuid } from "../../../shared/http/ids.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import { attachments, type Upload } from "../../documents/public.ts";
import { requireProjectRole } from "../access/access.service.ts";
import { getTask } from "../tasks/tasks.service.ts";
import { taskOwner } from "./attachments.lib.ts";

/**
 * Checks the caller may see (or, with `write`, change) the task, in a short transaction:
 * these routes stream, so there is no request transaction.
 */
export async function taskForFiles(
  actor: Actor,
  { upload, taskId, write }: { upload: Upload; taskId: string; write: boolean },
) {
  if (!isUuid(taskId)) {
    throw problems.validation([{ path: "param.id", message: "Invalid UUID" }]);
  }
  return await upload.scope(async (tx) => {
    const { task } = await getTask({ ...actor, sql: tx }, taskId);
    if (write) {
      await requireProjectRole({ sql: tx, session: actor.session }, {
        projectId: task.projectId,
        needed: "member",
      });
    }
    return task;
  });
}

type FileTask = Awaited<ReturnType<typeof taskForFiles>>;

/** Stores the request's files on the task and puts them in its history (API and page). */
export async function attachToTask(
  actor: Actor,
  { upload, task }: { upload: Upload; task: FileTask },
) {
  const stored = await attachments.storeFromRequest(actor, { owner: taskOwner(task.id), upload });
  await upload.scope((tx) =>
    recordActivity({ sql: tx }, {
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
export async function detachFromTask(
  actor: Actor,
  { upload, task, fileId }: { upload: Upload; task: FileTask; fileId: string },
) {
  const owner = taskOwner(task.id);
  const files = await attachments.list(actor, { owner, upload });
  const file = files.find((f) => f.id === fileId);
  await attachments.remove(actor, { owner, upload, id: fileId });
  await upload.scope((tx) =>
    recordActivity({ sql: tx }, {
      module: "projects",
      entityType: "task",
      entityId: task.id,
      action: "detached",
      summary: `Removed ${file?.name ?? "a file"} from ${task.title}`,
      before: { projectId: task.projectId, file: file?.name ?? fileId },
    })
  );
}

import type { RouteHandler } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { problems } from "../../../shared/http/problem.ts";
import { recordActivity } from "../../../platform/activity/activity.service.ts";
import { requireProjectRole } from "../access.ts";
import { getTask } from "../tasks/tasks.service.ts";
import { attachments, taskOwner } from "./attachments.link.ts";
import type {
  deleteAttachmentRoute,
  downloadAttachmentRoute,
  listAttachmentsRoute,
} from "./attachments.routes.ts";
import { isUuid } from "../../../shared/http/ids.ts";

type C = Context<AppEnv>;

/**
 * Checks the caller may see (or, with `write`, change) the task, in a short transaction:
 * these routes stream, so there is no request transaction.
 */
export async function taskForFiles(c: C, taskId: string, write: boolean) {
  if (!isUuid(taskId)) {
    throw problems.validation([{ path: "param.id", message: "Invalid UUID" }]);
  }
  return await c.var.scope(async (tx) => {
    const { task } = await getTask(tx, c.var.session, taskId);
    if (write) await requireProjectRole(tx, c.var.session, task.projectId, "member");
    return task;
  });
}

export const listAttachmentsHandler: RouteHandler<typeof listAttachmentsRoute, AppEnv> = async (
  c,
) => {
  const task = await taskForFiles(c, c.req.valid("param").id, false);
  return c.json({ items: await attachments.list(c, taskOwner(task.id)) }, 200);
};

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

/** Mounted as a plain route: the body is a stream the Documents service reads itself. */
export async function uploadAttachmentsHandler(c: C) {
  const task = await taskForFiles(c, c.req.param("id") ?? "", true);
  return c.json({ items: await attachToTask(c, task) }, 201);
}

export const downloadAttachmentHandler: RouteHandler<typeof downloadAttachmentRoute, AppEnv> =
  async (c) => {
    const { id, fileId } = c.req.valid("param");
    const task = await taskForFiles(c, id, false);
    return await attachments.download(c, taskOwner(task.id), fileId) as never;
  };

export const deleteAttachmentHandler: RouteHandler<typeof deleteAttachmentRoute, AppEnv> = async (
  c,
) => {
  const { id, fileId } = c.req.valid("param");
  const task = await taskForFiles(c, id, true);
  await detachFromTask(c, task, fileId);
  return c.body(null, 204);
};

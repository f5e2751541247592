/**
 * Files attached to a task live in Documents (same storage, quota and audit), owned by
 * workflow/task/<id>; workflow_task_attachments links them to the task. The handlers use
 * `c.var.scope`, so they work both inside the request's transaction and on streaming paths.
 */
import type { C } from "../../../shared/http/pages.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { attachments } from "../../documents/public.ts";
import { attachTask, detachTask, loadTask, mustBeOpen } from "./tasks.service.ts";

/** What an attachment call needs of the (streaming) request: its body and short scopes. */
const uploadOf = (c: C) => ({
  request: c.req.raw,
  scope: c.var.scope,
  config: c.var.platform.config,
});

export const taskFiles = (taskId: string) => ({
  module: "workflow",
  entityType: "task",
  entityId: taskId,
});

/** The task (visible to the caller, and open when `open`), checked in a short scope. */
export const taskFor = (c: C, id: string, open: boolean) =>
  c.var.scope(async (tx) => {
    const row = await loadTask(actorOf(c, tx), { id });
    if (open) mustBeOpen(row);
    return row;
  });

export async function listTaskFiles(c: C, id: string) {
  await taskFor(c, id, false);
  return await attachments.list(actorOf(c), { owner: taskFiles(id), upload: uploadOf(c) });
}

/** Stores the request's files and links them to the task. */
export async function uploadTaskFiles(c: C, id: string) {
  await taskFor(c, id, true);
  const stored = await attachments.storeFromRequest(actorOf(c), {
    owner: taskFiles(id),
    upload: uploadOf(c),
  });
  await c.var.scope((tx) => attachTask(actorOf(c, tx), { id, fileIds: stored.map((f) => f.id) }));
  return stored;
}

/** A task's file as a download response. */
export async function downloadTaskFile(c: C, id: string, fileId: string) {
  await taskFor(c, id, false);
  return await attachments.download(actorOf(c), {
    owner: taskFiles(id),
    upload: uploadOf(c),
    id: fileId,
  });
}

/** Removes a file from an open task and unlinks it. */
export async function removeTaskFile(c: C, id: string, fileId: string) {
  await taskFor(c, id, true);
  await attachments.remove(actorOf(c), { owner: taskFiles(id), upload: uploadOf(c), id: fileId });
  await c.var.scope((tx) => detachTask(actorOf(c, tx), { id, fileId }));
}

/**
 * Files attached to a task live in Documents (same storage, quota and audit), owned by
 * workflow/task/<id>; workflow_task_attachments links them to the task. Every step uses the
 * upload's short scopes (`c.var.scope`), so these work both inside the request's transaction
 * and on streaming paths.
 */
import type { Actor } from "../../../shared/http/actor.ts";
import { attachments, type Upload } from "../../documents/public.ts";
import { attachTask, detachTask, loadTask } from "./tasks.service.ts";
import { mustBeOpen } from "./tasks.rules.ts";
import { taskFiles } from "./tasks.attachments.lib.ts";

type TaskFiles = { upload: Upload; id: string };

/** The task (visible to the caller, and open when `open`), checked in a short scope. */
const taskFor = (actor: Actor, { upload, id }: TaskFiles, open: boolean) =>
  upload.scope(async (tx) => {
    const row = await loadTask({ ...actor, sql: tx }, { id });
    if (open) mustBeOpen(row);
    return row;
  });

export async function listTaskFiles(actor: Actor, input: TaskFiles) {
  await taskFor(actor, input, false);
  return await attachments.list(actor, { owner: taskFiles(input.id), upload: input.upload });
}

/** Stores the request's files and links them to the task. */
export async function uploadTaskFiles(actor: Actor, input: TaskFiles) {
  const { upload, id } = input;
  await taskFor(actor, input, true);
  const stored = await attachments.storeFromRequest(actor, { owner: taskFiles(id), upload });
  await upload.scope((tx) =>
    attachTask({ ...actor, sql: tx }, { id, fileIds: stored.map((f) => f.id) })
  );
  return stored;
}

/** A task's file as a download response. */
export async function downloadTaskFile(actor: Actor, input: TaskFiles & { fileId: string }) {
  const { upload, id, fileId } = input;
  await taskFor(actor, input, false);
  return await attachments.download(actor, { owner: taskFiles(id), upload, id: fileId });
}

/** Removes a file from an open task and unlinks it. */
export async function removeTaskFile(actor: Actor, input: TaskFiles & { fileId: string }) {
  const { upload, id, fileId } = input;
  await taskFor(actor, input, true);
  await attachments.remove(actor, { owner: taskFiles(id), upload, id: fileId });
  await upload.scope((tx) => detachTask({ ...actor, sql: tx }, { id, fileId }));
}

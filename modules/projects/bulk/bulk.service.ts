import type { Actor } from "../../../shared/http/actor.ts";
import { Problem } from "../../../shared/http/problem.ts";
import { inSavepoint } from "../../../shared/db/savepoint.ts";
import { attachments, type Upload } from "../../documents/public.ts";
import { taskOwner } from "../attachments/attachments.lib.ts";
import { changeTask, getTask, removeTask } from "../tasks/tasks.service.ts";
import { UpdateTaskBody } from "../tasks/tasks.schemas.ts";
import type { TaskRow } from "../tasks/tasks.schemas.ts";
import type { BulkInput } from "./bulk.schemas.ts";
import { type BulkTaskInput, taskInput } from "./bulk.lib.ts";

/** Thrown inside a probe's savepoint to roll it back whatever it did, with its answer. */
class Probe extends Error {
  constructor(readonly refused: boolean) {
    super("probe");
  }
}

/**
 * Changes or deletes every listed task, or none: each change goes through the single-task
 * update (project role, the flow's transitions, assignees, dates, blockers), each records its
 * own activity and events. The first refusal stops everything (the request's transaction rolls
 * back) and names the task and the field.
 */
export async function bulkChange(
  actor: Actor,
  { body, upload }: { body: BulkInput; upload: Upload },
) {
  const ids = [...new Set(body.taskIds)];
  const tasks: TaskRow[] = [];
  for (const [i, id] of ids.entries()) {
    const found = await getTask(actor, id).catch((e) => {
      if (e instanceof Problem && e.status === 404) {
        throw new Problem(404, "not-found", "Not Found", `No such task: ${id}.`, [
          { path: `taskIds.${i}`, message: "No such task" },
        ]);
      }
      throw e;
    });
    tasks.push(found.task as TaskRow);
  }
  if (body.delete) {
    for (const [i, task] of tasks.entries()) {
      await refusing(i, task, "delete", () => removeTask(actor, task.id));
    }
    for (const task of tasks) {
      await attachments.removeAll(actor, { owner: taskOwner(task.id), upload });
    }
    return { updated: 0, deleted: tasks.length, items: [] };
  }
  const items = [];
  for (const [i, task] of tasks.entries()) {
    const input = taskInput(body.set!, task);
    const parsed = UpdateTaskBody.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw refusal(422, i, task, String(issue.path[0] ?? "set"), issue.message);
    }
    try {
      items.push(await changeTask(actor, { id: task.id, input: parsed.data }));
    } catch (e) {
      if (!(e instanceof Problem) || e.status < 403 || e.status >= 500) throw e;
      throw refusal(e.status, i, task, await culprit(actor, task.id, input), e.detail ?? e.title);
    }
  }
  return { updated: items.length, deleted: 0, items };
}

async function refusing(i: number, task: TaskRow, field: string, fn: () => Promise<unknown>) {
  try {
    await fn();
  } catch (e) {
    if (!(e instanceof Problem) || e.status < 403 || e.status >= 500) throw e;
    throw refusal(e.status, i, task, field, e.detail ?? e.title);
  }
}

function refusal(status: number, i: number, task: TaskRow, field: string, message: string) {
  const title = status === 403
    ? "Forbidden"
    : status === 409
    ? "Conflict"
    : "Unprocessable Content";
  const slug = status === 403 ? "forbidden" : status === 409 ? "conflict" : "business-rule";
  return new Problem(
    status as 403,
    slug,
    title,
    `Task "${task.title}" (${field}): ${message} Nothing was changed.`,
    [{ path: `taskIds.${i}.${field}`, message }],
    {},
    { taskId: task.id, field },
  );
}

/** Which field of a refused change is refused: each tried alone, rolled back. */
async function culprit(actor: Actor, id: string, input: BulkTaskInput): Promise<string> {
  const keys = Object.keys(input) as (keyof BulkTaskInput)[];
  if (keys.length <= 1) return keys[0] ?? "set";
  for (const key of keys) {
    const refused = await inSavepoint(actor.sql, async (sp) => {
      try {
        await changeTask({ ...actor, sql: sp }, { id, input: { [key]: input[key] } });
      } catch (e) {
        if (e instanceof Problem) throw new Probe(true);
        throw e;
      }
      throw new Probe(false);
    }).catch((e) => {
      if (e instanceof Probe) return e.refused;
      throw e;
    });
    if (refused) return key;
  }
  return keys.join(",");
}

/**
 * User tasks: lists (mine, pool, all), the task with its history and comments, stand-alone
 * tasks, editing, claiming and completing. Who may see a task: the people involved in it
 * (assignee, owner, creator, candidates, the starter of its process) and supervisors.
 */
import type { Actor } from "../../../shared/http/actor.ts";
import { decodeCursor, toPage } from "../../../shared/http/paging.ts";
import { Problem, problems } from "../../../shared/http/problem.ts";
import { hasPermission } from "../../../shared/rbac/permissions.ts";
import { fold } from "../../../shared/text/fold.ts";
import { memberPermissions, roleExists } from "../../../platform/identity/public.ts";
import { continueAfterTask, EngineError } from "../engine/engine.service.ts";
import { publishWorkflow } from "../events.ts";
import { insertTask } from "./tasks.create.service.ts";
import { checkTaskSubmission } from "../forms/forms.pins.service.ts";
import { tellAboutTask } from "./tasks.notify.service.ts";
import {
  findTask,
  insertComment,
  insertTaskEvent,
  linkAttachment,
  selectComments,
  selectTaskEvents,
  selectTasks,
  type TaskRow,
  unlinkAttachment,
  updateTaskRow,
} from "./tasks.repo.ts";
import {
  formFields,
  involved,
  isCandidate,
  isSupervisor,
  mustBeOpen,
  permitted,
  TASK_WRITE,
  toTask,
  validateFormData,
} from "./tasks.rules.ts";
import type { Comment, TaskDetail, TaskInput, TaskQuery, TaskUpdate } from "./tasks.schemas.ts";

export type { TaskRow };
export { insertTaskEvent as recordTaskEvent, updateTaskRow as saveTask };
export { SUPERVISE, TASK_WRITE } from "./tasks.rules.ts";

/** The task if the actor may see it; 404 otherwise (also for another tenant's id). */
export async function loadTask(
  actor: Actor,
  { id, lock = false }: { id: string; lock?: boolean },
): Promise<TaskRow> {
  const row = await findTask(actor.sql, id, lock);
  if (!row || !(involved(row, actor.session) || isSupervisor(actor.session))) {
    throw problems.notFound("No such task.");
  }
  return row;
}

/** The caller's task list; `fields` (a sparse fieldset) reads only those columns. */
export async function listTasks(actor: Actor, q: TaskQuery, fields?: readonly string[]) {
  if (q.view === "all" && !isSupervisor(actor.session)) {
    throw problems.forbidden("Seeing every task needs the permission to manage processes.");
  }
  const after = decodeCursor(q.cursor, ["timestamp", "uuid"]);
  const rows = await selectTasks(actor.sql, {
    ...q,
    overdue: q.overdue === undefined ? undefined : q.overdue === "true",
    me: actor.session.userId,
    roles: actor.session.roles,
    after,
    fields,
  });
  const page = toPage(rows, q.limit, (r) => [r.sortKey, r.id]);
  return { items: page.items.map(toTask), nextCursor: page.nextCursor };
}

export async function getTask(actor: Actor, id: string): Promise<TaskDetail> {
  const row = await loadTask(actor, { id });
  const [history, comments] = await Promise.all([
    selectTaskEvents(actor.sql, id),
    selectComments(actor.sql, id),
  ]);
  return {
    ...toTask(row),
    history: history as unknown as TaskDetail["history"],
    comments: comments as unknown as Comment[],
    can: permitted(row, actor.session),
  };
}

/** An assignee or a delegate must be an active member who can work tasks. */
export async function assertWorker(
  actor: Actor,
  { userId, path }: { userId: string; path: string },
) {
  const perms = await memberPermissions(actor.sql, userId);
  if (!perms || !hasPermission(perms, TASK_WRITE)) {
    throw problems.validation(
      [{ path, message: "Must be an active member who can work tasks" }],
      "The person cannot work tasks here.",
    );
  }
}

export async function createTask(actor: Actor, input: TaskInput) {
  for (const [i, u] of input.candidateUsers.entries()) {
    await assertWorker(actor, { userId: u, path: `candidateUsers.${i}` });
  }
  for (const [i, r] of input.candidateRoles.entries()) {
    if (!(await roleExists(actor.sql, r))) {
      throw problems.validation([{ path: `candidateRoles.${i}`, message: "No such role" }]);
    }
  }
  if (input.assignee) await assertWorker(actor, { userId: input.assignee, path: "assignee" });
  const pooled = input.candidateUsers.length > 0 || input.candidateRoles.length > 0;
  // Nobody named: the creator keeps it (a note-to-self task), so no task is left unreachable.
  const assignee = input.assignee ?? (pooled ? null : actor.session.userId);
  const { id } = await insertTask(actor, {
    name: input.name,
    description: input.description,
    assignee,
    candidateUsers: [...new Set(input.candidateUsers)],
    candidateRoles: [...new Set(input.candidateRoles)],
    priority: input.priority,
    dueAt: input.dueAt ?? null,
    followUpAt: input.followUpAt ?? null,
    form: input.formFields?.length ? input.formFields : null,
  });
  return toTask((await findTask(actor.sql, id))!);
}

export async function updateTask(
  actor: Actor,
  { id, patch }: { id: string; patch: TaskUpdate },
) {
  const row = await loadTask(actor, { id, lock: true });
  mustBeOpen(row);
  if (!permitted(row, actor.session).edit) throw problems.forbidden();
  const data: Record<string, unknown> = {};
  const changes: Record<string, unknown> = {};
  for (const k of ["name", "description", "priority", "dueAt", "followUpAt"] as const) {
    const v = patch[k];
    if (v === undefined) continue;
    const same = (k === "dueAt" || k === "followUpAt")
      ? (v === null ? row[k] === null : row[k] !== null && Date.parse(v) === Date.parse(row[k]!))
      : v === row[k];
    if (same) continue;
    data[k] = v;
    changes[k] = { from: row[k], to: v };
  }
  if (!Object.keys(data).length) return toTask(row);
  if (data.name !== undefined || data.description !== undefined) {
    data.search = fold(`${data.name ?? row.name} ${data.description ?? row.description}`);
  }
  // Changed dates may need their reminders again.
  if (data.dueAt !== undefined) data.reminded = [];
  await updateTaskRow(actor.sql, id, data);
  await insertTaskEvent(actor.sql, {
    taskId: id,
    event: "updated",
    actor: actor.session.userId,
    data: changes,
  });
  return toTask((await findTask(actor.sql, id))!);
}

export async function claimTask(actor: Actor, id: string) {
  const row = await loadTask(actor, { id, lock: true });
  mustBeOpen(row);
  if (row.assignee) throw problems.conflict("The task has already been claimed.");
  if (!isCandidate(row, actor.session)) {
    throw problems.forbidden("Only a candidate of the task can claim it.");
  }
  const me = actor.session.userId;
  await updateTaskRow(actor.sql, id, { assignee: me, state: "claimed", claimedAt: new Date() });
  await insertTaskEvent(actor.sql, { taskId: id, event: "claimed", actor: me, toUser: me });
  return toTask((await findTask(actor.sql, id))!);
}

export async function unclaimTask(actor: Actor, id: string) {
  const row = await loadTask(actor, { id, lock: true });
  mustBeOpen(row);
  if (row.state !== "claimed") {
    throw problems.conflict("Only a claimed task (not delegated) can go back to the pool.");
  }
  if (!permitted(row, actor.session).unclaim) throw problems.forbidden();
  await updateTaskRow(actor.sql, id, {
    assignee: null,
    owner: null,
    state: "created",
    claimedAt: null,
  });
  await insertTaskEvent(actor.sql, {
    taskId: id,
    event: "unclaimed",
    actor: actor.session.userId,
    fromUser: row.assignee,
  });
  return toTask((await findTask(actor.sql, id))!);
}

/**
 * Completes the task with the submitted form data. A delegate's completion resolves it
 * instead: it goes back to the owner with the data kept, and the owner completes it.
 */
export async function completeTask(
  actor: Actor,
  { id, data }: { id: string; data: Record<string, unknown> },
) {
  const { sql } = actor;
  const me = actor.session.userId;
  const row = await loadTask(actor, { id, lock: true });
  mustBeOpen(row);
  if (row.assignee !== me) {
    if (!row.assignee && isCandidate(row, actor.session)) {
      throw problems.conflict("Claim the task before completing it.");
    }
    throw problems.forbidden("Only the task's assignee can complete it.");
  }
  // A form-js form is checked by forms (422 listing the fields); embedded fields here.
  const formJs = await checkTaskSubmission(actor, { taskId: id, data });
  const { values, errors } = formJs
    ? { values: formJs, errors: [] }
    : validateFormData(formFields(row.form), data);
  if (errors.length) throw problems.validation(errors, "The form is not filled in correctly.");
  if (row.state === "delegated" && row.owner) {
    await updateTaskRow(sql, id, {
      state: "claimed",
      assignee: row.owner,
      owner: null,
      data: sql.json(values as never),
    });
    await insertTaskEvent(sql, {
      taskId: id,
      event: "resolved",
      actor: me,
      fromUser: me,
      toUser: row.owner,
    });
    await tellAboutTask(actor, { userId: row.owner, kind: "returned", task: row });
    return toTask((await findTask(sql, id))!);
  }
  await updateTaskRow(sql, id, {
    state: "completed",
    data: sql.json(values as never),
    completedAt: new Date(),
    completedBy: me,
  });
  await insertTaskEvent(sql, { taskId: id, event: "completed", actor: me });
  await publishWorkflow(sql, "workflow.task.completed", {
    taskId: id,
    name: row.name,
    completedBy: me,
    instanceId: row.instanceId,
  });
  if (row.instanceId && row.tokenId) {
    try {
      await continueAfterTask(actor, {
        task: { id, instanceId: row.instanceId, tokenId: row.tokenId },
        data: values,
      });
    } catch (err) {
      if (err instanceof EngineError) throw engineProblem(err);
      throw err;
    }
  }
  return toTask((await findTask(sql, id))!);
}

function engineProblem(err: EngineError) {
  const titles = { 404: "Not Found", 409: "Conflict", 422: "Unprocessable Content" } as const;
  const slug = { 404: "not-found", 409: "conflict", 422: "business-rule" } as const;
  return new Problem(err.status, slug[err.status], titles[err.status], err.message);
}

/** Cancels a stand-alone task (a process's tasks end with their process). */
export async function cancelTask(actor: Actor, id: string) {
  const row = await loadTask(actor, { id, lock: true });
  mustBeOpen(row);
  if (row.instanceId) {
    throw problems.unprocessable("A process task ends with its process; cancel the process.");
  }
  if (!permitted(row, actor.session).cancel) throw problems.forbidden();
  await updateTaskRow(actor.sql, id, { state: "cancelled", completedAt: new Date() });
  await insertTaskEvent(actor.sql, { taskId: id, event: "cancelled", actor: actor.session.userId });
  return toTask((await findTask(actor.sql, id))!);
}

export async function listComments(actor: Actor, id: string) {
  await loadTask(actor, { id });
  return { items: (await selectComments(actor.sql, id)) as unknown as Comment[] };
}

export async function addComment(
  actor: Actor,
  { id, body }: { id: string; body: string },
) {
  await loadTask(actor, { id, lock: true });
  const commentId = await insertComment(actor.sql, id, actor.session.userId, body);
  const [comment] = await selectComments(actor.sql, id, commentId);
  return comment as unknown as Comment;
}

/** Links files stored in Documents to the task (the caller checked the task). */
export async function attachTask(
  actor: Actor,
  { id, fileIds }: { id: string; fileIds: string[] },
) {
  for (const f of fileIds) await linkAttachment(actor.sql, id, f, actor.session.userId);
}

export async function detachTask(
  actor: Actor,
  { id, fileId }: { id: string; fileId: string },
) {
  await unlinkAttachment(actor.sql, id, fileId);
}

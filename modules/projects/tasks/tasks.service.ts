import type { z } from "@hono/zod-openapi";
import type { Sql } from "../../../shared/db/database.ts";
import type { Actor, SystemActor } from "../../../shared/http/actor.ts";
import type { Session } from "../../../shared/http/env.ts";
import type { Bus } from "../../../shared/realtime/bus.ts";
import { decodeCursor, toPage } from "../../../shared/http/paging.ts";
import { problems } from "../../../shared/http/problem.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import { eventPublisher } from "../../../platform/notifications/public.ts";
import { projectsEvents } from "../events.ts";
import { projectAccess, requireProjectRole } from "../access/access.service.ts";
import { checkTransition } from "../statuses/statuses.service.ts";
import { selectStatuses } from "../statuses/statuses.repo.ts";
import { selectMembers } from "../projects/projects.repo.ts";
import { activeOnly, deliver, type Notice } from "../notices/notices.service.ts";
import {
  announceAssignees,
  checkAssignees,
  writeAssignees,
} from "../assignees/assignees.task.service.ts";
import { primaryOf } from "../assignees/assignees.lib.ts";
import { checkTaskPlan, saveTaskPlan } from "../timeline/schedule.service.ts";
import { saveTaskCycle } from "../cycles/cycles.service.ts";
import { afterTaskSaved } from "../recurrence/recurrence.service.ts";
import { checkTaskFields, fieldCursorValid, taskFieldQuery } from "../fields/fields.service.ts";
import type { CreateTaskBody, TaskQuery, UpdateTaskBody } from "./tasks.schemas.ts";
import {
  addWatcher,
  blockerPathExists,
  deleteTask,
  insertTask,
  isWatching,
  nextPosition,
  openTasksAmong,
  parentCycle,
  removeWatcher,
  replaceBlockers,
  selectBoard,
  selectTask,
  selectTasks,
  type TaskFields,
  type TaskRow,
  tasksInProject,
  updateTask,
} from "./tasks.repo.ts";

const strip = ({ sortKey: _, ...t }: TaskRow) => t;
/** The audited shape: names instead of ids where a person reads the history. */
const audit = (t: TaskRow) => ({
  projectId: t.projectId,
  title: t.title,
  description: t.description,
  status: t.statusName,
  priority: t.priority,
  assignee: t.assignees?.length ? t.assignees.map((a) => a.name).join(", ") : t.assigneeName,
  startDate: t.startDate,
  dueDate: t.dueDate,
  estimate: t.estimate,
  labels: t.labels,
  parentId: t.parentId,
  blockedBy: t.blockedBy,
});

export async function listTasks(
  actor: Actor,
  q: z.infer<typeof TaskQuery> & { limit: number; cursor?: string },
  fields?: readonly string[],
) {
  const { sql, session } = actor;
  if (q.projectId) await projectAccess({ sql, session }, q.projectId);
  const after = decodeCursor(q.cursor, ["text", "uuid"]) as [string, string] | null;
  const byField = await taskFieldQuery({ sql, session }, q);
  const keyOk = (k: string) =>
    byField.fieldSortType ? fieldCursorValid(byField.fieldSortType, k) : validKey(q.sort, k);
  if (after && !keyOk(after[0])) {
    throw problems.validation([{ path: "query.cursor", message: "Invalid cursor" }]);
  }
  const rows = await selectTasks(
    sql,
    session,
    { ...q, ...byField, includeArchived: !!q.projectId, fields },
    q.limit,
    after,
  );
  const page = toPage(rows, q.limit, (r) => [r.sortKey!, r.id]);
  return { items: page.items.map(strip), nextCursor: page.nextCursor };
}

function validKey(sort: string, v: string) {
  if (sort === "due") return /^\d{4}-\d\d-\d\d$/.test(v);
  if (sort === "priority") return /^[1-4]$/.test(v);
  return /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?Z$/.test(v);
}

/** A task the caller may see, or 404 (`fields`: only those columns are read). */
export async function getTask(actor: Actor, id: string, fields?: readonly string[]) {
  const { sql, session } = actor;
  const task = await selectTask(sql, id, fields);
  if (!task) throw problems.notFound("No such task.");
  const access = await projectAccess({ sql, session }, task.projectId).catch(() => {
    throw problems.notFound("No such task.");
  });
  return { task: strip(task), access };
}

type Input = Partial<z.infer<typeof UpdateTaskBody>>;

async function validate(
  sql: Sql,
  projectId: string,
  taskId: string | null,
  input: Input,
  next: TaskFields,
) {
  if (input.assigneeId) {
    const members = await selectMembers(sql, projectId);
    if (!members.some((m) => m.userId === input.assigneeId)) {
      throw problems.unprocessable("The assignee must be a member of the project.");
    }
  }
  if (input.assigneeIds) await checkAssignees({ sql }, { projectId, ids: input.assigneeIds });
  if (next.startDate && next.dueDate && next.dueDate < next.startDate) {
    throw problems.unprocessable("The due date is before the start date.");
  }
  if (input.parentId) {
    if (await tasksInProject(sql, projectId, [input.parentId]) !== 1) {
      throw problems.unprocessable("The parent task must belong to the same project.");
    }
    if (taskId && await parentCycle(sql, input.parentId, taskId)) {
      throw problems.unprocessable("A task cannot be a subtask of itself or of its subtasks.");
    }
  }
  if (input.blockedBy) {
    const ids = [...new Set(input.blockedBy)];
    if (taskId && ids.includes(taskId)) {
      throw problems.unprocessable("A task cannot block itself.");
    }
    if (await tasksInProject(sql, projectId, ids) !== ids.length) {
      throw problems.unprocessable("Blocking tasks must belong to the same project.");
    }
    if (taskId && await blockerPathExists(sql, ids, taskId)) {
      throw problems.unprocessable("These dependencies would make a cycle.");
    }
  }
  await checkTaskPlan(sql, { projectId, taskId, input, next });
}

export async function createTask(
  actor: Actor,
  body: z.infer<typeof CreateTaskBody>,
) {
  const { sql, bus, session } = actor;
  const access = await requireProjectRole({ sql, session }, {
    projectId: body.projectId,
    needed: "member",
  });
  const statuses = await selectStatuses(sql, body.projectId);
  const initial = statuses.find((s) => s.category === "open") ?? statuses[0];
  const status = body.statusId ? statuses.find((s) => s.id === body.statusId) : initial;
  if (!status) throw problems.unprocessable("The status is not part of the project's flow.");
  // Starting elsewhere than the first open status is a move from it: role limits still hold.
  await checkTransition({ sql }, { access, from: initial.id, to: status.id });
  const fields: TaskFields = {
    title: body.title,
    description: body.description ?? "",
    statusId: status.id,
    priority: body.priority ?? "normal",
    assigneeId: primaryOf(body) ?? null,
    startDate: body.startDate ?? null,
    dueDate: body.dueDate ?? null,
    estimate: body.estimate ?? null,
    labels: [...new Set(body.labels ?? [])],
    parentId: body.parentId ?? null,
    position: await nextPosition(sql, status.id),
    done: status.category === "done",
  };
  await validate(sql, body.projectId, null, body, fields);
  const custom = await checkTaskFields({ sql }, {
    projectId: body.projectId,
    taskId: null,
    input: body.customFields,
  });
  if (fields.done) await refuseOpenBlockers(sql, body.blockedBy ?? []);
  const id = await insertTask(sql, body.projectId, session.userId, fields);
  await custom.save(id);
  if (body.blockedBy?.length) await replaceBlockers(sql, id, [...new Set(body.blockedBy)]);
  await saveTaskPlan(sql, id, body);
  await saveTaskCycle(sql, { projectId: body.projectId, taskId: id, cycleId: body.cycleId });
  if (body.assigneeIds) await writeAssignees({ sql }, { taskId: id, ids: body.assigneeIds });
  await addWatcher(sql, id, session.userId);
  const task = (await selectTask(sql, id))!;
  await recordActivity({ sql }, {
    module: "projects",
    entityType: "task",
    entityId: id,
    action: "created",
    summary: `Created task ${task.title}`,
    after: audit(task),
  });
  await publish(sql, "projects.task.created", {
    ...eventTask(task, session),
    statusId: task.statusId,
    statusName: task.statusName,
    assigneeId: task.assigneeId,
  });
  await publishAssigned(sql, session, null, task);
  await notifyAssignee(sql, bus, session, null, task);
  await announceAssignees(actor, { before: null, after: task });
  await afterTaskSaved(actor, { before: null, after: task, recurrence: body.recurrence });
  return strip(task);
}

export async function changeTask(
  actor: Actor,
  { id, input }: { id: string; input: Input },
) {
  const { sql, bus, session } = actor;
  const { task: before } = await getTask(actor, id);
  const access = await requireProjectRole({ sql, session }, {
    projectId: before.projectId,
    needed: "member",
  });
  const statuses = await selectStatuses(sql, before.projectId);
  const status = statuses.find((s) => s.id === (input.statusId ?? before.statusId));
  if (!status) throw problems.unprocessable("The status is not part of the project's flow.");
  await checkTransition({ sql }, { access, from: before.statusId, to: status.id });
  const pick = <K extends keyof Input & keyof TaskRow>(k: K) =>
    (input[k] === undefined ? before[k] : input[k]) as TaskRow[K];
  const next: TaskFields = {
    title: pick("title"),
    description: pick("description"),
    statusId: status.id,
    priority: pick("priority"),
    assigneeId: input.assigneeIds ? primaryOf(input) ?? null : pick("assigneeId"),
    startDate: pick("startDate"),
    dueDate: pick("dueDate"),
    estimate: pick("estimate"),
    labels: input.labels ? [...new Set(input.labels)] : before.labels,
    parentId: pick("parentId"),
    position: input.position ??
      (status.id === before.statusId ? before.position : await nextPosition(sql, status.id)),
    done: status.category === "done",
  };
  await validate(sql, before.projectId, id, input, next);
  const custom = await checkTaskFields({ sql }, {
    projectId: before.projectId,
    taskId: id,
    input: input.customFields,
  });
  // Checked before any write, so a page that shows the refusal never shows half a change.
  // Becoming done: every blocker counts; already done: only blockers added now (a form that
  // resends the same list must still save other fields).
  if (next.done) {
    const blockers = input.blockedBy ?? before.blockedBy;
    await refuseOpenBlockers(
      sql,
      before.doneAt ? blockers.filter((b) => !before.blockedBy.includes(b)) : blockers,
    );
  }
  await updateTask(sql, id, next);
  await custom.save(id);
  if (input.blockedBy) await replaceBlockers(sql, id, [...new Set(input.blockedBy)]);
  await saveTaskPlan(sql, id, input);
  await saveTaskCycle(sql, { projectId: before.projectId, taskId: id, cycleId: input.cycleId });
  if (input.assigneeIds) await writeAssignees({ sql }, { taskId: id, ids: input.assigneeIds });
  const after = (await selectTask(sql, id))!;
  await recordActivity({ sql }, {
    module: "projects",
    entityType: "task",
    entityId: id,
    action: before.statusId === after.statusId ? "updated" : "status-changed",
    summary: before.statusId === after.statusId
      ? `Updated task ${after.title}`
      : `Moved task ${after.title} from ${before.statusName} to ${after.statusName}`,
    before: audit(before),
    after: audit(after),
  });
  if (before.statusId !== after.statusId) {
    await publish(sql, "projects.task.status-changed", {
      ...eventTask(after, session),
      oldStatusId: before.statusId,
      oldStatusName: before.statusName,
      newStatusId: after.statusId,
      newStatusName: after.statusName,
      assigneeId: after.assigneeId,
    });
  }
  await publishAssigned(sql, session, before, after);
  await notifyAssignee(sql, bus, session, before, after);
  await announceAssignees(actor, { before, after });
  await afterTaskSaved(actor, { before, after, recurrence: input.recurrence });
  return strip(after);
}

const publish = eventPublisher(projectsEvents);

/** What every task event carries. */
const eventTask = (task: TaskRow, session: Session) => ({
  projectId: task.projectId,
  projectName: task.projectName,
  taskId: task.id,
  title: task.title,
  actorId: session.userId,
});

/** A task got a (new) assignee: on creation with one, or when the assignee changes. */
async function publishAssigned(sql: Sql, session: Session, before: TaskRow | null, after: TaskRow) {
  if (!after.assigneeId || after.assigneeId === before?.assigneeId) return;
  await publish(sql, "projects.task.assigned", {
    ...eventTask(after, session),
    assigneeId: after.assigneeId,
    previousAssigneeId: before?.assigneeId ?? null,
  });
}

/** 422 when a task would be done while one of its blockers is still open. */
async function refuseOpenBlockers(sql: Sql, blockers: string[]) {
  const open = await openTasksAmong(sql, [...new Set(blockers)]);
  if (open.length) {
    throw problems.unprocessable(
      `This task is blocked by open tasks: ${open.map((t) => t.title).join(", ")}.`,
    );
  }
}

async function notifyAssignee(
  sql: Sql,
  bus: Bus,
  session: Session,
  before: TaskRow | null,
  after: TaskRow,
) {
  const to = after.assigneeId;
  if (!to || to === before?.assigneeId || to === session.userId) return;
  await addWatcher(sql, after.id, to);
  if (!(await activeOnly({ sql }, [to])).length) return;
  const notice: Notice = {
    kind: "assignment",
    title: `Assigned to you: ${after.title}`,
    body: `${session.name} assigned you a task in ${after.projectName}.`,
    link: `/projects/tasks/${after.id}`,
  };
  await deliver({ sql, bus }, new Map([[to, notice]]));
}

export async function removeTask(actor: Actor, id: string) {
  const { sql, session } = actor;
  const { task } = await getTask(actor, id);
  await requireProjectRole({ sql, session }, { projectId: task.projectId, needed: "member" });
  await deleteTask(sql, id);
  await recordActivity({ sql }, {
    module: "projects",
    entityType: "task",
    entityId: id,
    action: "deleted",
    summary: `Deleted task ${task.title}`,
    before: audit(task),
  });
  return task;
}

/** Watching a task brings its comments to the watcher (assignees and commenters watch too). */
export async function setWatching(
  actor: Actor,
  { id, watch }: { id: string; watch: boolean },
) {
  const { sql, session } = actor;
  const { task } = await getTask(actor, id);
  if (watch) await addWatcher(sql, task.id, session.userId);
  else await removeWatcher(sql, task.id, session.userId);
  return await isWatching(sql, task.id, session.userId);
}

export const watching = ({ sql, session }: Actor, id: string) =>
  isWatching(sql, id, session.userId);

/** The project's tasks in board order, for pages that have already checked access. */
export const boardOf = ({ sql }: Pick<SystemActor, "sql">, projectId: string): Promise<TaskRow[]> =>
  selectBoard(sql, projectId);

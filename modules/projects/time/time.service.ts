import type { z } from "@hono/zod-openapi";
import type { Actor } from "../../../shared/http/actor.ts";
import { decodeCursor, toPage } from "../../../shared/http/paging.ts";
import { problems } from "../../../shared/http/problem.ts";
import { projectAccess, requireProjectRole } from "../access/access.service.ts";
import { getTask } from "../tasks/tasks.service.ts";
import { tenantZone } from "../cycles/cycles.repo.ts";
import { estimateVsSpent, timerMinutes } from "./time.rules.ts";
import type {
  CreateEntryBody,
  EntryQuery,
  StartTimerBody,
  SummaryQuery,
  UpdateEntryBody,
} from "./time.schemas.ts";
import {
  clock,
  deleteEntry,
  type EntryFilter,
  type EntryRow,
  insertEntry,
  loggableTasks,
  runningEntry,
  selectEntries,
  selectEntry,
  spentByPerson,
  spentByProject,
  spentByTask,
  spentOnTask,
  stopEntry,
  totalMinutes,
  updateEntry,
} from "./time.repo.ts";

type Sql = Actor["sql"];

async function now(sql: Sql) {
  return await clock(sql, await tenantZone(sql));
}

/** A task the caller may log time on: 404 when unseen, 403 for viewers. */
async function loggable(actor: Actor, taskId: string) {
  const { task } = await getTask(actor, taskId);
  await requireProjectRole(actor, { projectId: task.projectId, needed: "member" });
  return task;
}

function notFuture(date: string, today: string) {
  if (date > today) {
    throw problems.validation(
      [{ path: "date", message: `The date cannot be after today (${today}).` }],
      `The date cannot be after today (${today}).`,
    );
  }
}

async function stop(sql: Sql, running: EntryRow) {
  const { now: at } = await now(sql);
  await stopEntry(sql, running.id, at, timerMinutes(running.startedAt!, at));
  return (await selectEntry(sql, running.id))!;
}

/**
 * Starts the caller's timer on a task. One timer runs per person: a timer running on another
 * task is stopped first (and returned as `stopped`); on the same task it keeps running.
 */
export async function startTimer(actor: Actor, body: z.infer<typeof StartTimerBody>) {
  const { sql, session } = actor;
  const task = await loggable(actor, body.taskId);
  const running = await runningEntry(sql, session.userId);
  if (running?.taskId === task.id) return { running, stopped: null };
  const stopped = running ? await stop(sql, running) : null;
  const { now: at, today } = await now(sql);
  const id = await insertEntry(sql, {
    taskId: task.id,
    projectId: task.projectId,
    userId: session.userId,
    startedAt: at,
    minutes: 0,
    entryDate: today,
    note: body.note ?? "",
    billable: body.billable ?? false,
  });
  return { running: (await selectEntry(sql, id))!, stopped };
}

/** Stops the caller's running timer (409 when none runs). */
export async function stopTimer(actor: Actor) {
  const running = await runningEntry(actor.sql, actor.session.userId);
  if (!running) throw problems.conflict("No timer is running.");
  return { running: null, stopped: await stop(actor.sql, running) };
}

export async function currentTimer(actor: Actor) {
  return { running: (await runningEntry(actor.sql, actor.session.userId)) ?? null, stopped: null };
}

export async function createEntry(actor: Actor, body: z.infer<typeof CreateEntryBody>) {
  const { sql, session } = actor;
  const task = await loggable(actor, body.taskId);
  notFuture(body.date, (await now(sql)).today);
  const id = await insertEntry(sql, {
    taskId: task.id,
    projectId: task.projectId,
    userId: session.userId,
    startedAt: null,
    minutes: body.minutes,
    entryDate: body.date,
    note: body.note ?? "",
    billable: body.billable ?? false,
  });
  return (await selectEntry(sql, id))!;
}

/** An entry the caller may see (404 otherwise) and may change: their own, or as a manager. */
async function editable(actor: Actor, id: string) {
  const entry = await selectEntry(actor.sql, id);
  if (!entry) throw problems.notFound("No such time entry.");
  await projectAccess(actor, entry.projectId).catch(() => {
    throw problems.notFound("No such time entry.");
  });
  await requireProjectRole(actor, {
    projectId: entry.projectId,
    needed: entry.userId === actor.session.userId ? "member" : "manager",
  });
  return entry;
}

export async function getEntry(actor: Actor, id: string) {
  const entry = await selectEntry(actor.sql, id);
  if (!entry) throw problems.notFound("No such time entry.");
  await projectAccess(actor, entry.projectId).catch(() => {
    throw problems.notFound("No such time entry.");
  });
  return entry;
}

export async function changeEntry(
  actor: Actor,
  { id, input }: { id: string; input: z.infer<typeof UpdateEntryBody> },
) {
  const { sql } = actor;
  const entry = await editable(actor, id);
  if (entry.running && (input.minutes !== undefined || input.date !== undefined)) {
    throw problems.unprocessable("Stop the timer before changing its duration or date.");
  }
  if (input.date) notFuture(input.date, (await now(sql)).today);
  await updateEntry(sql, id, {
    minutes: input.minutes ?? entry.minutes,
    entryDate: input.date ?? entry.entryDate,
    note: input.note ?? entry.note,
    billable: input.billable ?? entry.billable,
  });
  return (await selectEntry(sql, id))!;
}

export async function removeEntry(actor: Actor, id: string) {
  const entry = await editable(actor, id);
  await deleteEntry(actor.sql, id);
  return entry;
}

type Query = Omit<z.infer<typeof EntryQuery>, "format">;

/** The filter of a query after access checks (a task or project the caller cannot see: 404). */
async function filterOf(actor: Actor, q: Query): Promise<EntryFilter> {
  if (q.taskId) await getTask(actor, q.taskId);
  if (q.projectId) await projectAccess(actor, q.projectId);
  if (q.from && q.to && q.to < q.from) {
    throw problems.validation([{ path: "to", message: "The end is before the start." }]);
  }
  return { ...q, userId: q.userId === "me" ? actor.session.userId : q.userId };
}

/** Entries newest day first, keyset-paged, with the total minutes of the whole filter. */
export async function listEntries(
  actor: Actor,
  q: Query & { limit: number; cursor?: string },
) {
  const { sql, session } = actor;
  const f = await filterOf(actor, q);
  const after = decodeCursor(q.cursor, ["text", "uuid"]) as [string, string] | null;
  if (after && !/^\d{4}-\d\d-\d\d$/.test(after[0])) {
    throw problems.validation([{ path: "query.cursor", message: "Invalid cursor" }]);
  }
  const page = toPage(
    await selectEntries(sql, session, f, q.limit, after),
    q.limit,
    (r) => [r.entryDate, r.id],
  );
  return { ...page, totalMinutes: await totalMinutes(sql, session, f) };
}

/** Every entry of the filter (at most 10,000) for a CSV export. */
export async function exportEntries(actor: Actor, q: Query) {
  const f = await filterOf(actor, q);
  return await selectEntries(actor.sql, actor.session, f, 10000, null);
}

/** Estimates against time spent per task, per project and per person. */
export async function timeSummary(actor: Actor, q: z.infer<typeof SummaryQuery>) {
  const { sql, session } = actor;
  const f = await filterOf(actor, q);
  const tasks = (await spentByTask(sql, session, f)).map((t) => ({
    taskId: t.taskId,
    title: t.title,
    projectId: t.projectId,
    projectName: t.projectName,
    estimateHours: t.estimate,
    spentMinutes: t.minutes,
    ...estimateVsSpent(t.estimate, t.minutes),
  }));
  const projects = (await spentByProject(sql, session, f)).map((p) => ({
    projectId: p.projectId,
    name: p.name,
    estimateHours: p.estimate,
    spentMinutes: p.minutes,
    billableMinutes: p.billable,
  }));
  const people = (await spentByPerson(sql, session, f)).map((p) => ({
    userId: p.userId,
    name: p.name,
    spentMinutes: p.minutes,
    billableMinutes: p.billable,
    estimateHours: p.estimate,
  }));
  return {
    tasks,
    projects,
    people,
    totalMinutes: projects.reduce((n, p) => n + p.spentMinutes, 0),
  };
}

/** The task page's time block: the entries, spent against the estimate, my running timer. */
export async function taskTime(actor: Actor, taskId: string) {
  const { sql, session } = actor;
  const { task, access } = await getTask(actor, taskId);
  const entries = await selectEntries(sql, session, { taskId }, 100, null);
  const spent = await spentOnTask(sql, taskId);
  const running = (await runningEntry(sql, session.userId)) ?? null;
  return {
    task,
    access,
    entries: entries.slice(0, 100),
    more: entries.length > 100,
    spentMinutes: spent,
    ...estimateVsSpent(task.estimate, spent),
    running,
    today: (await now(sql)).today,
  };
}

/** The reader's entries of a week (the timesheet) and today. */
export async function weekEntries(actor: Actor, { from, to }: { from: string; to: string }) {
  const { sql, session } = actor;
  return await selectEntries(sql, session, { userId: session.userId, from, to }, 5000, null);
}

/** Today in the tenant's time zone (timesheet weeks and entry dates). */
export async function timeToday(actor: Pick<Actor, "sql">) {
  return (await now(actor.sql)).today;
}

/** Tasks the reader may log time on from the timesheet (their open tasks, recent ones). */
export async function loggableTasksOf(actor: Actor) {
  return await loggableTasks(actor.sql, actor.session);
}

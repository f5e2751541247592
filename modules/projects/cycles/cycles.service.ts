import type { z } from "@hono/zod-openapi";
import type { Actor } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import { projectAccess, requireProjectRole } from "../access/access.service.ts";
import {
  averageVelocity,
  burndown,
  type CycleState,
  cycleState,
  daysBetween,
  MAX_CYCLE_DAYS,
  overlapping,
} from "./cycles.rules.ts";
import type {
  CompleteCycleBody,
  CreateCycleBody,
  CycleRow,
  UpdateCycleBody,
} from "./cycles.schemas.ts";
import {
  completedCycles,
  cycleOfTask,
  dayOf,
  deleteCycle,
  freezeCompletion,
  insertCycle,
  lockProjectCycles,
  markCarried,
  openTasksOf,
  projectTasks,
  selectCycle,
  selectCycles,
  setTaskCycle,
  staysOf,
  tenantZone,
  todayIn,
  updateCycle,
} from "./cycles.repo.ts";

type Sql = Actor["sql"];

async function today(sql: Sql) {
  const zone = await tenantZone(sql);
  return { zone, today: await todayIn(sql, zone) };
}

const shape = (c: CycleRow, day: string) => ({
  id: c.id,
  projectId: c.projectId,
  name: c.name,
  goal: c.goal,
  startDate: c.startDate,
  endDate: c.endDate,
  state: cycleState(c, day),
  completedAt: c.completedAt,
  totalTasks: c.totalTasks,
  doneTasks: c.doneTasks,
  totalEstimate: c.totalEstimate,
  doneEstimate: c.doneEstimate,
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
});
export type Cycle = ReturnType<typeof shape>;

/** The cycles of a project the caller may see (oldest first), optionally of one state. */
export async function listCycles(
  actor: Actor,
  q: { projectId: string; state?: CycleState },
): Promise<{ items: Cycle[] }> {
  const { sql } = actor;
  await projectAccess(actor, q.projectId);
  const { today: day } = await today(sql);
  const items = (await selectCycles(sql, q.projectId)).map((c) => shape(c, day));
  return { items: q.state ? items.filter((c) => c.state === q.state) : items };
}

/** A cycle the caller may see, or 404 (also for another tenant's or project's id). */
async function visibleCycle(actor: Actor, id: string) {
  const row = await selectCycle(actor.sql, id);
  if (!row) throw problems.notFound("No such cycle.");
  const access = await projectAccess(actor, row.projectId).catch(() => {
    throw problems.notFound("No such cycle.");
  });
  return { row, access };
}

export async function getCycle(actor: Actor, id: string): Promise<Cycle> {
  const { row } = await visibleCycle(actor, id);
  return shape(row, (await today(actor.sql)).today);
}

async function refuseOverlap(
  sql: Sql,
  projectId: string,
  range: { id?: string; startDate: string; endDate: string },
) {
  if (range.endDate < range.startDate) {
    throw problems.validation([{
      path: "endDate",
      message: "The end date is before the start date.",
    }], "The end date is before the start date.");
  }
  if (daysBetween(range.startDate, range.endDate) >= MAX_CYCLE_DAYS) {
    throw problems.validation([{
      path: "endDate",
      message: `A cycle lasts at most ${MAX_CYCLE_DAYS} days.`,
    }], `A cycle lasts at most ${MAX_CYCLE_DAYS} days.`);
  }
  await lockProjectCycles(sql, projectId);
  const clash = overlapping(await selectCycles(sql, projectId), range);
  if (clash) {
    throw problems.unprocessable(
      `The dates ${range.startDate} – ${range.endDate} overlap the cycle ${clash.name} ` +
        `(${clash.startDate} – ${clash.endDate}).`,
    );
  }
}

export async function createCycle(actor: Actor, body: z.infer<typeof CreateCycleBody>) {
  const { sql, session } = actor;
  await requireProjectRole(actor, { projectId: body.projectId, needed: "manager" });
  await refuseOverlap(sql, body.projectId, body);
  const id = await insertCycle(sql, body.projectId, session.userId, {
    name: body.name,
    goal: body.goal ?? "",
    startDate: body.startDate,
    endDate: body.endDate,
  });
  await recordActivity({ sql }, {
    module: "projects",
    entityType: "cycle",
    entityId: id,
    action: "created",
    summary: `Created cycle ${body.name}`,
    after: { projectId: body.projectId, name: body.name, ...dates(body) },
  });
  return await getCycle(actor, id);
}

const dates = (c: { startDate: string; endDate: string }) => ({
  startDate: c.startDate,
  endDate: c.endDate,
});

export async function changeCycle(
  actor: Actor,
  { id, input }: { id: string; input: z.infer<typeof UpdateCycleBody> },
) {
  const { sql } = actor;
  const { row } = await visibleCycle(actor, id);
  await requireProjectRole(actor, { projectId: row.projectId, needed: "manager" });
  if (row.completedAt && (input.startDate || input.endDate)) {
    throw problems.unprocessable("A completed cycle keeps its dates.");
  }
  const next = {
    name: input.name ?? row.name,
    goal: input.goal ?? row.goal,
    startDate: input.startDate ?? row.startDate,
    endDate: input.endDate ?? row.endDate,
  };
  await refuseOverlap(sql, row.projectId, { id, ...next });
  await updateCycle(sql, id, next);
  await recordActivity({ sql }, {
    module: "projects",
    entityType: "cycle",
    entityId: id,
    action: "updated",
    summary: `Updated cycle ${next.name}`,
    before: { name: row.name, ...dates(row) },
    after: { name: next.name, ...dates(next) },
  });
  return await getCycle(actor, id);
}

/** Deleting a cycle sends its tasks back to the backlog (tasks.cycle_id is set null). */
export async function removeCycle(actor: Actor, id: string) {
  const { sql } = actor;
  const { row } = await visibleCycle(actor, id);
  await requireProjectRole(actor, { projectId: row.projectId, needed: "manager" });
  await deleteCycle(sql, id);
  await recordActivity({ sql }, {
    module: "projects",
    entityType: "cycle",
    entityId: id,
    action: "deleted",
    summary: `Deleted cycle ${row.name}`,
    before: { name: row.name, ...dates(row) },
  });
}

/** Puts tasks of the project into the cycle (members); each leaves its former cycle. */
export async function addCycleTasks(
  actor: Actor,
  { id, taskIds }: { id: string; taskIds: string[] },
) {
  const { sql } = actor;
  const { row } = await visibleCycle(actor, id);
  await requireProjectRole(actor, { projectId: row.projectId, needed: "member" });
  if (row.completedAt) throw problems.unprocessable("The cycle is completed.");
  const ids = [...new Set(taskIds)];
  const found = await projectTasks(sql, row.projectId, ids);
  if (found.length !== ids.length) {
    throw problems.validation(
      [{ path: "taskIds", message: "Every task must belong to the cycle's project." }],
      "Every task must belong to the cycle's project.",
    );
  }
  // A completed cycle keeps the tasks done in it (its figures and history).
  if (found.some((t) => t.doneInCompleted && t.cycleId !== id)) {
    throw problems.unprocessable("A task done in a completed cycle stays in it.");
  }
  await setTaskCycle(sql, ids, id);
  return await getCycle(actor, id);
}

/** Takes a task out of the cycle (back to the backlog). */
export async function removeCycleTask(
  actor: Actor,
  { id, taskId }: { id: string; taskId: string },
) {
  const { sql } = actor;
  const { row } = await visibleCycle(actor, id);
  await requireProjectRole(actor, { projectId: row.projectId, needed: "member" });
  if (row.completedAt) throw problems.unprocessable("The cycle is completed.");
  const [task] = await projectTasks(sql, row.projectId, [taskId]);
  if (!task || task.cycleId !== id) throw problems.notFound("The task is not in this cycle.");
  await setTaskCycle(sql, [taskId], null);
  return await getCycle(actor, id);
}

/**
 * Completes a cycle (managers): its figures are frozen for velocity, done tasks stay in it and
 * unfinished ones move to `carryOverTo` (another open cycle of the project) or to the backlog;
 * their stay in this cycle is kept as carried, so its burndown still counts them.
 */
export async function completeCycle(
  actor: Actor,
  { id, input }: { id: string; input: z.infer<typeof CompleteCycleBody> },
) {
  const { sql } = actor;
  const seen = await visibleCycle(actor, id);
  await requireProjectRole(actor, { projectId: seen.row.projectId, needed: "manager" });
  // A second completion at the same time (a double submit) waits, then sees the first.
  await lockProjectCycles(sql, seen.row.projectId);
  const row = (await selectCycle(sql, id))!;
  const { today: day } = await today(sql);
  if (row.completedAt) throw problems.unprocessable("The cycle is already completed.");
  if (day < row.startDate) {
    throw problems.unprocessable(`The cycle starts on ${row.startDate}; it cannot end before.`);
  }
  if (input.carryOverTo) {
    const next = await selectCycle(sql, input.carryOverTo);
    if (!next || next.projectId !== row.projectId || next.id === id || next.completedAt) {
      throw problems.validation(
        [{ path: "carryOverTo", message: "Choose another open cycle of the same project." }],
        "Choose another open cycle of the same project.",
      );
    }
  }
  const open = await openTasksOf(sql, id);
  await markCarried(sql, id, open);
  await freezeCompletion(sql, id, {
    committed: row.totalTasks,
    completed: row.doneTasks,
    estimate: row.doneEstimate,
    carried: open.length,
  });
  await setTaskCycle(sql, open, input.carryOverTo);
  await recordActivity({ sql }, {
    module: "projects",
    entityType: "cycle",
    entityId: id,
    action: "completed",
    summary: `Completed cycle ${row.name}`,
    after: { completedTasks: row.doneTasks, carriedTasks: open.length },
  });
  return {
    cycle: await getCycle(actor, id),
    completedTasks: row.doneTasks,
    carriedTasks: open.length,
    carriedTo: input.carryOverTo,
  };
}

/** Per day of the cycle: open tasks and hours at the end of the day, and the ideal line. */
export async function cycleBurndown(actor: Actor, id: string) {
  const { sql } = actor;
  const { row } = await visibleCycle(actor, id);
  const { zone, today: day } = await today(sql);
  const last = row.completedAt ? await dayOf(sql, row.completedAt, zone) : day;
  const points = burndown(row, await staysOf(sql, id, zone), last);
  return { cycleId: id, startDate: row.startDate, endDate: row.endDate, points };
}

/** Completed cycles' figures (latest `last`, oldest first) and their average. */
export async function cycleVelocity(actor: Actor, q: { projectId: string; last: number }) {
  await projectAccess(actor, q.projectId);
  const rows = (await completedCycles(actor.sql, q.projectId, q.last)).reverse();
  const items = rows.map((c) => ({
    cycleId: c.id,
    name: c.name,
    startDate: c.startDate,
    endDate: c.endDate,
    committedTasks: c.committedTasks ?? 0,
    completedTasks: c.completedTasks ?? 0,
    completedEstimate: c.completedEstimate ?? 0,
    carriedTasks: c.carriedTasks ?? 0,
  }));
  return { items, average: averageVelocity(items) };
}

/** The cycle a task is in now (the task page), or null. */
export async function taskCycle(actor: Actor, taskId: string) {
  return (await cycleOfTask(actor.sql, taskId)) ?? null;
}

/**
 * A task's `cycleId` from the task API (create and update): an open cycle of the same project,
 * or null for the backlog; undefined leaves it. Checked and written in the task's transaction.
 */
export async function saveTaskCycle(
  sql: Sql,
  { projectId, taskId, cycleId }: { projectId: string; taskId: string; cycleId?: string | null },
) {
  if (cycleId === undefined) return;
  const [task] = await projectTasks(sql, projectId, [taskId]);
  if (task && task.cycleId === cycleId) return;
  if (task?.doneInCompleted) {
    throw problems.unprocessable("A task done in a completed cycle stays in it.");
  }
  if (cycleId !== null) {
    const cycle = await selectCycle(sql, cycleId);
    if (!cycle || cycle.projectId !== projectId || cycle.completedAt) {
      throw problems.validation(
        [{ path: "cycleId", message: "Choose an open cycle of the task's project." }],
        "Choose an open cycle of the task's project.",
      );
    }
  }
  await setTaskCycle(sql, [taskId], cycleId);
}

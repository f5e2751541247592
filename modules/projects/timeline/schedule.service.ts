/**
 * The planning checks every task save goes through (tasks.service.ts calls checkTaskPlan from
 * its validation and saveTaskPlan after its writes): dependency kinds and lags, dates inside the
 * project, dependencies respected by the dates, and the task's milestone.
 */
import type { Sql } from "../../../shared/db/database.ts";
import { Problem } from "../../../shared/http/problem.ts";
import { blockerPathExists, tasksInProject } from "../tasks/tasks.repo.ts";
import {
  type Dated,
  type DependencyKind,
  firstViolation,
  type Link,
  outsideProject,
  type Violation,
} from "./schedule.rules.ts";
import {
  datedTasks,
  linksOfTask,
  milestoneInProject,
  projectDates,
  setLinkKinds,
  setTaskMilestone,
} from "./timeline.repo.ts";

export interface PlanInput {
  startDate?: string | null;
  dueDate?: string | null;
  blockedBy?: string[];
  dependencies?: { taskId: string; kind?: DependencyKind; lagDays?: number }[];
  milestoneId?: string | null;
}

const refuse = (detail: string, path: string, message: string, ext?: Record<string, unknown>) =>
  new Problem(422, "business-rule", "Unprocessable Content", detail, [{ path, message }], {}, ext);

const KIND_TEXT: Record<DependencyKind, string> = {
  finish_to_start: "cannot start before %b is finished (finish to start)",
  start_to_start: "cannot start before %b starts (start to start)",
  finish_to_finish: "cannot finish before %b is finished (finish to finish)",
  start_to_finish: "cannot finish before %b starts (start to finish)",
};

/** The refusal of dates that break a dependency: names both tasks, the kind and the lag. */
export function scheduleProblem(v: Violation, blocker: Dated, blocked: Dated, movedId: string) {
  const lag = v.link.lagDays ? ` with a lag of ${v.link.lagDays} day(s)` : "";
  const rule = KIND_TEXT[v.link.kind].replace("%b", `"${blocker.title}"`);
  const field = movedId === blocked.id
    ? v.field
    : (v.link.kind === "finish_to_start" || v.link.kind === "finish_to_finish"
      ? "dueDate"
      : "startDate");
  return refuse(
    `"${blocked.title}" ${rule}${lag}; the earliest allowed ${
      v.field === "startDate" ? "start" : "due date"
    } is ${v.earliest}.`,
    field,
    `Breaks the dependency on "${blocker.title}"`,
    {
      dependency: {
        blockerId: blocker.id,
        blockerTitle: blocker.title,
        blockedId: blocked.id,
        blockedTitle: blocked.title,
        kind: v.link.kind,
        lagDays: v.link.lagDays,
      },
      earliest: v.earliest,
    },
  );
}

/**
 * Checks a task about to be saved (before any write). `dependencies` (blockers with kinds)
 * stands for `blockedBy` when given: it is checked like it and copied to `input.blockedBy` so
 * the save stores the same blockers. Refusals are 422 problems naming the field.
 */
export async function checkTaskPlan(
  sql: Sql,
  { projectId, taskId, input, next }: {
    projectId: string;
    taskId: string | null;
    input: PlanInput;
    next: { title: string; startDate: string | null; dueDate: string | null };
  },
) {
  if (input.dependencies) {
    const ids = input.dependencies.map((d) => d.taskId);
    if (new Set(ids).size !== ids.length) {
      throw refuse("A blocking task is listed twice.", "dependencies", "Listed twice");
    }
    if (taskId && ids.includes(taskId)) {
      throw refuse("A task cannot block itself.", "dependencies", "The task itself");
    }
    if (await tasksInProject(sql, projectId, ids) !== ids.length) {
      throw refuse(
        "Blocking tasks must belong to the same project.",
        "dependencies",
        "Not a task of this project",
      );
    }
    if (taskId && await blockerPathExists(sql, ids, taskId)) {
      throw refuse("These dependencies would make a cycle.", "dependencies", "Makes a cycle");
    }
    input.blockedBy = ids;
  }
  if (input.milestoneId && !(await milestoneInProject(sql, projectId, input.milestoneId))) {
    throw refuse(
      "The milestone must belong to the same project.",
      "milestoneId",
      "Not a milestone of this project",
    );
  }
  const [before] = taskId ? await datedTasks(sql, [taskId]) : [];
  const datesChanged = before
    ? before.startDate !== next.startDate || before.dueDate !== next.dueDate
    : !!(next.startDate || next.dueDate);
  const linksChanged = input.blockedBy !== undefined;
  if (!datesChanged && !linksChanged) return;
  if (datesChanged) {
    const out = outsideProject(
      next,
      (await projectDates(sql, projectId)) ?? {
        startDate: null,
        dueDate: null,
      },
    );
    if (out) {
      const name = out.field === "startDate" ? "start date" : "due date";
      throw refuse(
        `The task's ${name} is outside the project's dates (${out.bound}).`,
        out.field,
        "Outside the project's start and due dates",
      );
    }
  }
  const self = taskId ?? "";
  const existing = taskId ? await linksOfTask(sql, taskId) : [];
  const incoming = linksChanged
    ? [...new Set(input.blockedBy)].map((b): Link => {
      const given = input.dependencies?.find((d) => d.taskId === b);
      const kept = existing.find((l) => l.blockedId === self && l.blockerId === b);
      return {
        blockerId: b,
        blockedId: self,
        kind: given?.kind ?? kept?.kind ?? "finish_to_start",
        lagDays: given?.lagDays ?? kept?.lagDays ?? 0,
      };
    })
    : existing.filter((l) => l.blockedId === self);
  // Moving the dates checks both sides; changing only the blockers checks those.
  const links = datesChanged
    ? [...incoming, ...existing.filter((l) => l.blockerId === self && l.blockedId !== self)]
    : incoming;
  if (!links.length) return;
  const others = await datedTasks(
    sql,
    [...new Set(links.map((l) => (l.blockerId === self ? l.blockedId : l.blockerId)))],
  );
  const me: Dated = { id: self, title: next.title, ...pickDates(next) };
  const byId = new Map(others.map((o) => [o.id, o]));
  const v = firstViolation(me, links, byId);
  if (!v) return;
  const blocker = v.link.blockerId === self ? me : byId.get(v.link.blockerId)!;
  const blocked = v.link.blockedId === self ? me : byId.get(v.link.blockedId)!;
  throw scheduleProblem(v, blocker, blocked, self);
}

const pickDates = (t: { startDate: string | null; dueDate: string | null }) => ({
  startDate: t.startDate,
  dueDate: t.dueDate,
});

/** After the task's blockers are stored: their kinds and lags, and the task's milestone. */
export async function saveTaskPlan(sql: Sql, taskId: string, input: PlanInput) {
  if (input.dependencies?.length) {
    await setLinkKinds(
      sql,
      taskId,
      input.dependencies.map((d) => ({
        taskId: d.taskId,
        kind: d.kind ?? "finish_to_start",
        lagDays: d.lagDays ?? 0,
      })),
    );
  }
  if (input.milestoneId !== undefined) await setTaskMilestone(sql, taskId, input.milestoneId);
}

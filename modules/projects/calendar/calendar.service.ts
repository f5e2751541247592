import type { Actor } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { projectAccess } from "../access/access.service.ts";
import { changeTask, getTask } from "../tasks/tasks.service.ts";
import { filteredTasks } from "../views/views.service.ts";
import { gridRange, monthGrid, todayIn, weekStartFor } from "./calendar.lib.ts";
import type { CalendarData } from "./calendar.schemas.ts";

/** The most tasks one calendar reads (dated in any month and undated). */
export const CALENDAR_LIMIT = 2000;

/**
 * A project's month: the grid's days with the tasks due on them and the tasks without a due
 * date, through the task list's filters. "Today" and the week start are the reader's.
 */
export async function projectCalendar(
  actor: Actor,
  { projectId, month, query, locale, timeZone, now }: {
    projectId: string;
    month?: string;
    query: Record<string, string | string[]>;
    locale: string;
    timeZone: string;
    now: number;
  },
): Promise<CalendarData> {
  await projectAccess(actor, projectId);
  const today = todayIn(timeZone, now);
  const shown = month ?? today.slice(0, 7);
  const weekStart = weekStartFor(locale);
  const weeks = monthGrid(shown, weekStart);
  const { from, to } = gridRange(weeks);
  const list = await filteredTasks(actor, {
    projectId,
    query,
    sort: "due",
    limit: CALENDAR_LIMIT,
  });
  if (!list.valid) throw problems.badRequest("The filters are not valid.");
  const byDay = new Map<string, typeof list.items>();
  const undated: typeof list.items = [];
  for (const task of list.items) {
    if (!task.dueDate) undated.push(task);
    else if (task.dueDate >= from && task.dueDate <= to) {
      const day = byDay.get(task.dueDate);
      if (day) day.push(task);
      else byDay.set(task.dueDate, [task]);
    }
  }
  return {
    month: shown,
    from,
    to,
    weekStart,
    today,
    days: weeks.flat().map((d) => ({ ...d, tasks: byDay.get(d.date) ?? [] })),
    undated,
    truncated: list.more,
  };
}

/**
 * Moves a task of the project to another day (or none): the task's own rules apply (a due date
 * before its start, and whatever other rules the task service enforces, answer 422).
 */
export async function rescheduleTask(
  actor: Actor,
  { projectId, taskId, dueDate }: { projectId: string; taskId: string; dueDate: string | null },
) {
  const { task } = await getTask(actor, taskId);
  if (task.projectId !== projectId) throw problems.notFound("No such task.");
  return await changeTask(actor, { id: taskId, input: { dueDate } });
}

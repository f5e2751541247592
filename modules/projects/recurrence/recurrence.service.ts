import type { z } from "@hono/zod-openapi";
import type { Sql } from "../../../shared/db/database.ts";
import type { Actor, SystemActor } from "../../../shared/http/actor.ts";
import type { Locale } from "../../../shared/i18n/i18n.ts";
import { Problem, problems } from "../../../shared/http/problem.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import { projectAccess, requireProjectRole } from "../access/access.service.ts";
import type { ProjectAccess } from "../access/access.rules.ts";
import { selectTask, type TaskRow } from "../tasks/tasks.repo.ts";
import type { PreviewBody, RecurrenceInput, RecurrenceView } from "./recurrence.schemas.ts";
import {
  canonicalZone,
  daysBetween,
  dayStartIn,
  MAX_ANCHOR_PAST_DAYS,
  nextOccurrence,
  occurrenceDayOf,
  type ParsedRule,
  parseRule,
  ruleDates,
  ruleText,
  shiftedDates,
  todayIn,
} from "./recurrence.rules.ts";
import {
  claimOccurrence,
  copyTask,
  firstOpenStatus,
  insertSeries,
  latestOccurrence,
  projectZone,
  selectOccurrences,
  seriesOfTask,
  type SeriesRow,
  setOccurrenceTask,
  updateSeries,
} from "./recurrence.repo.ts";

/** How many next dates a preview shows. */
export const PREVIEW_COUNT = 5;

/** A rule or 422 naming the field it came from. */
export function checkedRule(rule: string, path = "recurrence.rule"): ParsedRule {
  const r = parseRule(rule);
  if (!r.ok) {
    throw new Problem(422, "validation", "Unprocessable Content", r.message, [
      { path, message: r.message },
    ]);
  }
  return r.value;
}

/** A task the caller may see (404 otherwise, another tenant's too), with their access. */
async function visibleTask(actor: Pick<Actor, "sql" | "session">, taskId: string) {
  const task = await selectTask(actor.sql, taskId);
  if (!task) throw problems.notFound("No such task.");
  const access = await projectAccess(actor, task.projectId).catch(() => {
    throw problems.notFound("No such task.");
  });
  return { task, access };
}

const nextDates = (rule: string, anchor: string, after: string, zone: string) =>
  ruleDates(rule, anchor, after, PREVIEW_COUNT).map((date) => ({
    date,
    startsAt: dayStartIn(date, zone),
  }));

/** A task's recurrence: its rule in words, the next dates and the series' occurrences. */
export async function getRecurrence(
  actor: Pick<Actor, "sql" | "session">,
  { taskId, locale }: { taskId: string; locale: Locale },
): Promise<RecurrenceView> {
  const { task } = await visibleTask(actor, taskId);
  return await recurrenceOf(actor.sql, task, locale);
}

async function recurrenceOf(sql: Sql, task: TaskRow, locale: Locale): Promise<RecurrenceView> {
  const zone = await projectZone(sql, task.projectId);
  const series = await seriesOfTask(sql, task.id);
  const occurrences = series ? await selectOccurrences(sql, series.id, 20) : [];
  if (!series?.active) {
    return {
      taskId: task.id,
      seriesId: series?.id ?? null,
      rule: null,
      mode: null,
      text: null,
      timeZone: zone,
      occurrenceDate: series?.occurrenceDate ?? null,
      nextDates: [],
      occurrences,
    };
  }
  const parsed = parseRule(series.rule);
  const latest = occurrences[0]?.date ?? series.occurrenceDate;
  return {
    taskId: task.id,
    seriesId: series.id,
    rule: series.rule,
    mode: series.mode,
    text: parsed.ok ? ruleText(parsed.value, locale) : series.rule,
    timeZone: zone,
    occurrenceDate: series.occurrenceDate,
    nextDates: nextDates(series.rule, series.anchorDate, latest, zone),
    occurrences,
  };
}

/** The next dates of a rule before it is saved (the form's preview). */
export function previewRecurrence(
  _actor: Pick<Actor, "session">,
  { body, locale }: { body: z.infer<typeof PreviewBody>; locale: Locale },
) {
  const r = checkedRule(body.rule, "rule");
  const zone = body.timeZone === undefined ? "UTC" : canonicalZone(body.timeZone);
  if (!zone) {
    throw new Problem(422, "validation", "Unprocessable Content", "Unknown time zone.", [
      { path: "timeZone", message: "an IANA time zone such as Europe/Istanbul" },
    ]);
  }
  const start = body.start ?? todayIn(zone);
  return {
    rule: r.rule,
    text: ruleText(r, locale),
    nextDates: nextDates(r.rule, start, addDay(start, -1), zone),
  };
}

const addDay = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Sets (or, with null, stops) a task's recurrence: project members and managers. */
export async function setRecurrence(
  actor: Pick<Actor, "sql" | "session">,
  { taskId, input, locale }: {
    taskId: string;
    input: z.infer<typeof RecurrenceInput> | null;
    locale: Locale;
  },
): Promise<RecurrenceView> {
  const { task } = await visibleTask(actor, taskId);
  await requireProjectRole(actor, { projectId: task.projectId, needed: "member" });
  await applyRecurrence(actor, task, input);
  return await recurrenceOf(actor.sql, task, locale);
}

/** Writes a recurrence for a task whose write access the caller has checked. */
async function applyRecurrence(
  { sql, session }: Pick<Actor, "sql" | "session">,
  task: TaskRow,
  input: z.infer<typeof RecurrenceInput> | null,
) {
  const series = await seriesOfTask(sql, task.id);
  if (!input) {
    if (!series?.active) return;
    await updateSeries(sql, series.id, { ...series, nextDate: null, active: false });
    await audit(sql, task, "Stopped the recurrence of", { recurrence: series.rule }, null);
    return;
  }
  const rule = checkedRule(input.rule).rule;
  const zone = await projectZone(sql, task.projectId);
  if (series) {
    const latest = (await selectOccurrences(sql, series.id, 1))[0]?.date ?? series.occurrenceDate;
    await updateSeries(sql, series.id, {
      rule,
      mode: input.mode,
      anchorDate: series.anchorDate,
      nextDate: input.mode === "on_schedule"
        ? nextOccurrence(rule, series.anchorDate, latest)
        : null,
      active: true,
    });
  } else {
    const today = todayIn(zone);
    const anchor = occurrenceDayOf(task, today);
    if (daysBetween(anchor, today) > MAX_ANCHOR_PAST_DAYS) {
      const message = "A task dated more than 10 years ago cannot repeat.";
      throw new Problem(422, "validation", "Unprocessable Content", message, [
        { path: "recurrence.rule", message },
      ]);
    }
    const id = await insertSeries(sql, {
      projectId: task.projectId,
      rule,
      mode: input.mode,
      anchorDate: anchor,
      nextDate: input.mode === "on_schedule" ? nextOccurrence(rule, anchor, anchor) : null,
      userId: session.userId,
    });
    await claimOccurrence(sql, id, anchor, task.id);
  }
  await audit(
    sql,
    task,
    "Set the recurrence of",
    series?.active ? { recurrence: series.rule, mode: series.mode } : null,
    { recurrence: rule, mode: input.mode },
  );
}

async function audit(
  sql: Sql,
  task: TaskRow,
  what: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
) {
  await recordActivity({ sql }, {
    module: "projects",
    entityType: "task",
    entityId: task.id,
    action: "updated",
    summary: `${what} task ${task.title}`,
    before: before && { projectId: task.projectId, ...before },
    after: after && { projectId: task.projectId, ...after },
  });
}

/**
 * The tasks service's one hook, after a task was created or changed (in its transaction, with
 * write access checked): the recurrence sent with it, then, when the task has just become
 * done, its series' next occurrence (on_done series).
 */
export async function afterTaskSaved(
  actor: Pick<Actor, "sql" | "session">,
  { before, after, recurrence }: {
    before: TaskRow | null;
    after: TaskRow;
    recurrence: z.infer<typeof RecurrenceInput> | null | undefined;
  },
) {
  if (recurrence !== undefined) await applyRecurrence(actor, after, recurrence);
  if (after.doneAt && !before?.doneAt) {
    await occurrenceDone({ sql: actor.sql }, { task: after, userId: actor.session.userId });
  }
}

/** An occurrence is done: its on_done series gets the next one (once, whoever calls twice). */
export async function occurrenceDone(
  { sql }: Pick<SystemActor, "sql">,
  { task, userId }: { task: TaskRow; userId: string | null },
) {
  const series = await seriesOfTask(sql, task.id);
  if (!series?.active || series.mode !== "on_done") return null;
  const day = nextOccurrence(series.rule, series.anchorDate, series.occurrenceDate);
  if (!day) return null;
  return await makeOccurrence(sql, series, day, task.id, userId);
}

/**
 * Makes the occurrence of `day` as a copy of `srcId`, or nothing (null) when the day already
 * has its occurrence.
 */
export async function makeOccurrence(
  sql: Sql,
  series: SeriesRow,
  day: string,
  srcId: string,
  userId: string | null,
): Promise<string | null> {
  if (!await claimOccurrence(sql, series.id, day, null)) return null;
  const src = await selectTask(sql, srcId);
  const statusId = await firstOpenStatus(sql, series.projectId);
  if (!src || !statusId) return null;
  const id = await copyTask(sql, srcId, { statusId, ...shiftedDates(src, day), userId });
  await setOccurrenceTask(sql, series.id, day, id);
  const made = (await selectTask(sql, id))!;
  await recordActivity({ sql }, {
    module: "projects",
    entityType: "task",
    entityId: id,
    action: "created",
    summary: `Created task ${made.title} (next occurrence)`,
    after: {
      projectId: made.projectId,
      title: made.title,
      status: made.statusName,
      startDate: made.startDate,
      dueDate: made.dueDate,
    },
  });
  return id;
}

/** The latest occurrence of a series that still has its task (what the job copies). */
export const latestOf = ({ sql }: Pick<SystemActor, "sql">, seriesId: string) =>
  latestOccurrence(sql, seriesId);

/** The task page's block: the recurrence and whether the reader may change it. */
export async function recurrenceBlock(
  actor: Pick<Actor, "sql" | "session">,
  { task, access, locale }: { task: TaskRow; access: ProjectAccess; locale: Locale },
) {
  return {
    recurrence: await recurrenceOf(actor.sql, task, locale),
    canWrite: access.role !== "viewer" && !access.archived,
  };
}
